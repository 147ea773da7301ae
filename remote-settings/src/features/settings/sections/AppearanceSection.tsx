import { useTranslation } from 'react-i18next';
import { THEME_NAMES, THEMES } from 'shared-contracts';
import styled, { ThemeProvider } from 'styled-components';
import { Button, onRadioKeys, radioTabIndex, SectionBox, Toggle } from '../../ui';
import type { SettingsDraftApi } from '../use-settings-draft';

const Swatches = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(7.5rem, 100%), 1fr));
  gap: 0.75rem;
`;

const Swatch = styled.button<{ $bg: string; $accent: string; $text: string }>`
  padding: 0.75rem;
  border-radius: 10px;
  border: 2px solid ${(p) => (p['aria-checked'] ? p.theme.colors.primary : p.theme.colors.border)};
  background: ${(p) => p.$bg};
  color: ${(p) => p.$text};
  cursor: pointer;
  text-align: start;
  font: inherit;
  &::before {
    content: '';
    display: block;
    height: 0.5rem;
    border-radius: 4px;
    margin-bottom: 0.5rem;
    background: ${(p) => p.$accent};
  }
  small {
    display: block;
    color: ${(p) => p.$accent};
  }
`;

const Preview = styled.div`
  margin-top: 1rem;
  padding: 1rem;
  border-radius: 12px;
  background: ${(p) => p.theme.colors.background};
  color: ${(p) => p.theme.colors.text};
  border: 1px solid ${(p) => p.theme.colors.border};
  .card {
    padding: 1rem;
    border-radius: 10px;
    background: ${(p) => p.theme.colors.surface};
  }
  p {
    color: ${(p) => p.theme.colors.textDim};
    margin: 0 0 0.75rem;
  }
`;

export function AppearanceSection({ draftApi }: { draftApi: SettingsDraftApi }) {
  const { t } = useTranslation('settings');
  const { draft, update } = draftApi;
  const themeIndex = THEME_NAMES.indexOf(draft.theme);
  return (
    <SectionBox id="settings-appearance" aria-labelledby="appearance-title">
      <h2 id="appearance-title">{t('appearance.title')}</h2>
      <h3 id="theme-label">{t('appearance.themes')}</h3>
      <Swatches
        role="radiogroup"
        aria-labelledby="theme-label"
        onKeyDown={(e) => onRadioKeys(e, THEME_NAMES.length, themeIndex, (next) => update('theme', THEME_NAMES[next]!))}
      >
        {THEME_NAMES.map((name, i) => (
          <Swatch
            key={name}
            type="button"
            role="radio"
            aria-checked={draft.theme === name}
            tabIndex={radioTabIndex(i, themeIndex)}
            $bg={THEMES[name].colors.surface}
            $accent={THEMES[name].colors.primary}
            $text={THEMES[name].colors.text}
            onClick={() => update('theme', name)}
          >
            {t(`appearance.themeNames.${name}`)}
            {draft.theme === name && <small>{t('appearance.active')}</small>}
          </Swatch>
        ))}
      </Swatches>
      <ThemeProvider theme={THEMES[draft.theme]}>
        <Preview data-testid="theme-preview" aria-label={t('appearance.preview')}>
          <div className="card">
            <p>{t('appearance.previewText')}</p>
            <Button type="button" $variant="primary" tabIndex={-1}>
              {t('appearance.previewButton')}
            </Button>
          </div>
        </Preview>
      </ThemeProvider>
      <Toggle
        label={t('appearance.discover')}
        hint={t('appearance.discoverHint')}
        checked={draft.preferences.enableDiscover}
        onChange={(value) => update('preferences', (p) => ({ ...p, enableDiscover: value }))}
      />
      <Toggle
        label={t('appearance.detailsModal')}
        hint={t('appearance.detailsModalHint')}
        checked={draft.preferences.enableDetailsModal}
        onChange={(value) => update('preferences', (p) => ({ ...p, enableDetailsModal: value }))}
      />
    </SectionBox>
  );
}
