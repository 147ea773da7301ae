import { LANGUAGES, LANGUAGE_NAMES, THEME_NAMES, THEMES, useHost } from 'shared-contracts';
import styled from 'styled-components';

const Page = styled.section`
  max-width: 56rem;
  margin: 2rem auto;
  h2 { margin-top: 2rem; }
`;

const Swatches = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
  gap: 0.75rem;
`;

const Swatch = styled.button<{ $bg: string; $accent: string }>`
  padding: 0.75rem;
  border-radius: 10px;
  border: 2px solid ${(p) => (p['aria-pressed'] ? p.theme.colors.primary : p.theme.colors.border)};
  background: ${(p) => p.$bg};
  color: #f2f0fa;
  text-transform: capitalize;
  cursor: pointer;
  text-align: start;
  &::before { content: ''; display: block; height: 0.5rem; border-radius: 4px; margin-bottom: 0.5rem; background: ${(p) => p.$accent}; }
`;

export default function SettingsPage() {
  const host = useHost();
  return (
    <Page data-testid="settings-page">
      <h1>Settings</h1>
      <section aria-labelledby="appearance">
        <h2 id="appearance">Appearance</h2>
        <Swatches role="group" aria-label="Theme">
          {THEME_NAMES.map((name) => (
            <Swatch
              key={name}
              type="button"
              aria-pressed={host.state.theme === name}
              $bg={THEMES[name].colors.surface}
              $accent={THEMES[name].colors.primary}
              onClick={() => host.actions.setTheme(name)}
            >
              {name}
            </Swatch>
          ))}
        </Swatches>
      </section>
      <section aria-labelledby="preferences">
        <h2 id="preferences">Preferences</h2>
        <label>
          Language{' '}
          <select value={host.state.language} onChange={(event) => host.actions.setLanguage(event.target.value)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </label>
      </section>
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
    </Page>
  );
}
