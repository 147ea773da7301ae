import { useTranslation } from 'react-i18next';
import { DEFAULT_SUBTITLE_SETTINGS } from 'shared-contracts';
import styled from 'styled-components';
import { Button, Field, onRadioKeys, radioTabIndex, SectionBox, Slider, Toggle } from '../../ui';
import type { SettingsDraftApi } from '../use-settings-draft';

/** Caption colours (docs/behaviour.md#captions-styling). */
export const CAPTION_COLORS = ['#ffffff', '#80b1fa', '#e2e535', '#10b239ff'];
/** The name each caption colour is announced by (the player's menu uses the same names). */
const COLOR_NAMES = ['white', 'blue', 'yellow', 'green'] as const;

const Swatch = styled.button<{ $color: string }>`
  width: 2.2rem;
  height: 2.2rem;
  border-radius: 50%;
  border: 3px solid ${(p) => (p['aria-checked'] ? p.theme.colors.primary : p.theme.colors.border)};
  background: ${(p) => p.$color};
  cursor: pointer;
`;

const PreviewStage = styled.div`
  position: relative;
  margin-top: 1rem;
  height: 9rem;
  border-radius: 12px;
  overflow: hidden;
  background: linear-gradient(135deg, #3a5a78, #20304a 50%, #6b4a2e);
  display: flex;
  align-items: flex-end;
  justify-content: center;
  padding-bottom: 1rem;
`;

export function SubtitlesSection({ draftApi }: { draftApi: SettingsDraftApi }) {
  const { t } = useTranslation('settings');
  const { draft, update } = draftApi;
  const s = draft.styling;
  const set = (patch: Partial<typeof s>) => update('styling', (old) => ({ ...old, ...patch }));
  const colorIndex = CAPTION_COLORS.indexOf(s.color);
  return (
    <SectionBox id="settings-subtitles" aria-labelledby="subtitles-title">
      <h2 id="subtitles-title">{t('subtitles.title')}</h2>
      <Slider
        label={t('subtitles.backgroundOpacity')}
        min={0}
        max={100}
        value={Math.round(s.backgroundOpacity * 100)}
        onChange={(v) => set({ backgroundOpacity: v / 100 })}
      />
      <Slider
        label={t('subtitles.backgroundBlur')}
        min={0}
        max={100}
        value={Math.round(s.backgroundBlur * 100)}
        onChange={(v) => set({ backgroundBlur: v / 100 })}
      />
      <Slider label={t('subtitles.size')} min={1} max={200} value={Math.round(s.size * 100)} onChange={(v) => set({ size: v / 100 })} />
      <Field label={t('subtitles.color')}>
        <div style={{ display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
          <div
            role="radiogroup"
            aria-label={t('subtitles.color')}
            style={{ display: 'contents' }}
            onKeyDown={(e) => onRadioKeys(e, CAPTION_COLORS.length, colorIndex, (next) => set({ color: CAPTION_COLORS[next]! }))}
          >
            {CAPTION_COLORS.map((color, i) => (
              <Swatch
                key={color}
                type="button"
                role="radio"
                aria-checked={s.color === color}
                aria-label={t(`subtitles.colors.${COLOR_NAMES[i]!}`)}
                title={t(`subtitles.colors.${COLOR_NAMES[i]!}`)}
                tabIndex={radioTabIndex(i, colorIndex)}
                $color={color}
                onClick={() => set({ color })}
              />
            ))}
          </div>
          <input
            type="color"
            aria-label={t('subtitles.customColor')}
            value={s.color.slice(0, 7)}
            onChange={(e) => set({ color: e.target.value.toLowerCase() })}
          />
        </div>
      </Field>
      <Toggle label={t('subtitles.bold')} checked={s.bold} onChange={(bold) => set({ bold })} />
      <PreviewStage aria-hidden>
        <span
          data-testid="subtitle-preview"
          style={{
            color: s.color,
            fontSize: `${1.5 * s.size}rem`,
            fontWeight: s.bold ? 700 : 400,
            background: `rgba(0, 0, 0, ${s.backgroundOpacity})`,
            backdropFilter: s.backgroundBlur ? `blur(${Math.round(s.backgroundBlur * 20)}px)` : undefined,
            padding: '0.2rem 0.6rem',
            borderRadius: '4px',
          }}
        >
          {t('subtitles.previewCue')}
        </span>
      </PreviewStage>
      <p style={{ marginTop: '1rem' }}>
        {/* Reset gives opacity 0.5 and blur 0.5. */}
        <Button
          type="button"
          onClick={() => update('styling', { ...DEFAULT_SUBTITLE_SETTINGS.styling, backgroundOpacity: 0.5, backgroundBlur: 0.5 })}
        >
          {t('subtitles.reset')}
        </Button>
      </p>
    </SectionBox>
  );
}
