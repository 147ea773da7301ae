import { REMOTE_NAMES } from 'shared-contracts';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { OVERRIDES_SESSION_KEY, type Runtime } from '../../core/runtime';
import { useRuntime } from '../remotes/runtime-context';

const Bar = styled.div<{ $tone: 'warning' | 'info' }>`
  padding: 0.6rem 1.5rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  background: ${(p) => (p.$tone === 'warning' ? p.theme.colors.warning : p.theme.colors.surfaceRaised)};
  color: ${(p) => (p.$tone === 'warning' ? '#1b1300' : p.theme.colors.text)};
  font-size: 0.9rem;
  ul { margin: 0; padding-inline-start: 1.2rem; }
  button { margin-inline-start: auto; padding: 0.35rem 0.8rem; border-radius: 6px; border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
`;

export function resetOverrides(): void {
  sessionStorage.removeItem(OVERRIDES_SESSION_KEY);
  window.location.reload();
}

function overridden(runtime: Runtime) {
  return REMOTE_NAMES.filter((name) => runtime.registry[name].overridden).map((name) => ({
    name,
    url: runtime.registry[name].manifestUrl ?? '',
  }));
}

export function Banners() {
  const runtime = useRuntime();
  const { t } = useTranslation();
  const active = overridden(runtime);
  const warnings = [...runtime.problems, ...runtime.refusedOverrides];
  return (
    <>
      {warnings.length > 0 && (
        <Bar $tone="warning" role="alert" data-testid="runtime-warnings">
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Bar>
      )}
      {active.length > 0 && (
        <Bar $tone="info" role="status" data-testid="override-banner">
          <strong>{t('overrides.active')}:</strong>
          {active.map((o) => (
            <span key={o.name}>
              {o.name} ← <code>{o.url}</code>
            </span>
          ))}
          <button type="button" onClick={resetOverrides}>
            {t('overrides.reset')}
          </button>
        </Bar>
      )}
    </>
  );
}
