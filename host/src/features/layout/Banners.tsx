import { REMOTE_NAMES } from 'shared-contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { OVERRIDES_SESSION_KEY, type Runtime } from '../../core/runtime';
import { connectivity } from '../connectivity';
import { useRuntime } from '../remotes';
import { updates } from '../service-worker';
import { recoveries, saveFailures } from '../stores';

const Bar = styled.div<{ $tone: 'warning' | 'info' }>`
  padding: 0.6rem 1.5rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  background: ${(p) => (p.$tone === 'warning' ? p.theme.colors.warning : p.theme.colors.surfaceRaised)};
  color: ${(p) => (p.$tone === 'warning' ? '#1b1300' : p.theme.colors.text)};
  font-size: 0.9rem;
  ul {
    margin: 0;
    padding-inline-start: 1.2rem;
  }
  button {
    margin-inline-start: auto;
    padding: 0.35rem 0.8rem;
    border-radius: 6px;
    border: 1px solid currentColor;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;

export const OFFLINE_DISMISSED_KEY = '__MW::offline-banner-dismissed';

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

function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSnapshot(connectivity).online;
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(OFFLINE_DISMISSED_KEY) === 'true');
  if (online || dismissed) return null;
  return (
    <Bar $tone="warning" role="status" data-testid="offline-banner">
      <span>{t('navigation.banner.offline')}</span>
      <button
        type="button"
        onClick={() => {
          sessionStorage.setItem(OFFLINE_DISMISSED_KEY, 'true');
          setDismissed(true);
        }}
      >
        {t('navigation.banner.dismiss')}
      </button>
    </Bar>
  );
}

export function Banners() {
  const runtime = useRuntime();
  const { t, i18n } = useTranslation();
  const recovered = useSnapshot(recoveries).items;
  const setAside = recovered.filter((r) => r.backupKey !== null);
  const notSetAside = recovered.filter((r) => r.backupKey === null);
  const unsaved = useSnapshot(saveFailures).items;
  const full = unsaved.filter((f) => f.reason === 'storage-full');
  const blocked = unsaved.filter((f) => f.reason !== 'storage-full');
  // What a person calls each store, listed the way their language lists things ("a, b and c").
  const names = (items: readonly { name: string }[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      items.map((item) => t(`navigation.banner.stores.${item.name}`, { defaultValue: item.name })),
    );
  const updateReady = useSnapshot(updates).waiting;
  const active = overridden(runtime);
  const warnings = [...runtime.problems, ...runtime.refusedOverrides];
  return (
    <>
      <OfflineBanner />
      {updateReady && (
        <Bar $tone="info" role="status" data-testid="update-banner">
          <span>{t('navigation.banner.update')}</span>
          <button type="button" onClick={() => updates.apply()}>
            {t('navigation.banner.reload')}
          </button>
        </Bar>
      )}
      {recovered.length > 0 && (
        <Bar $tone="warning" role="status" data-testid="recovered-banner">
          {setAside.length > 0 && <span>{t('navigation.banner.recovered', { names: names(setAside) })}</span>}
          {notSetAside.length > 0 && <span>{t('navigation.banner.recoveredNotKept', { names: names(notSetAside) })}</span>}
        </Bar>
      )}
      {unsaved.length > 0 && (
        <Bar $tone="warning" role="alert" data-testid="save-failed-banner">
          {full.length > 0 && <span>{t('navigation.banner.storageFull', { names: names(full) })}</span>}
          {blocked.length > 0 && <span>{t('navigation.banner.storageUnavailable', { names: names(blocked) })}</span>}
        </Bar>
      )}
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
          <strong>{t('remotes.overrideActive')}:</strong>
          {active.map((o) => (
            <span key={o.name}>
              {o.name} ← <code>{o.url}</code>
            </span>
          ))}
          <button type="button" onClick={resetOverrides}>
            {t('remotes.resetOverrides')}
          </button>
        </Bar>
      )}
    </>
  );
}
