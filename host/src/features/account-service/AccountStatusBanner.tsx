/**
 * docs/behaviour.md#account-restore-and-logout: when the account cannot be loaded (not a 400/401/403, which log out), offer logout, reload,
 * or a reset to the default server when a custom one is in use. Texts come from the account namespace.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-contracts/router';
import type { AccountService, AccountStatus } from 'shared-contracts';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { accountServiceState } from './account-service';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  padding: 0.7rem 1.5rem;
  background: ${(p) => p.theme.colors.surfaceRaised};
  border-bottom: 2px solid ${(p) => p.theme.colors.warning};
  color: ${(p) => p.theme.colors.text};
  p {
    margin: 0;
    flex: 1 1 20rem;
  }
  button {
    padding: 0.4rem 0.9rem;
    border-radius: 999px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surface};
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    cursor: pointer;
  }
`;

const SyncBar = styled(Bar)`
  border-bottom-color: ${(p) => p.theme.colors.border};
  &[data-kind='recovered'] {
    border-bottom-color: ${(p) => p.theme.colors.primary};
  }
  &:empty {
    display: none;
  }
`;

/** How long "sync is working again" stays, ms. */
export const RECOVERED_MS = 8000;

/**
 * Where sync stands, when it matters: while pushes fail ("changes are kept"), then once that it
 * recovered (docs/behaviour.md#sync-rules), which replaces the earlier message instead of leaving it up.
 */
function useSyncNotice(status: AccountStatus | null): { notice: 'retrying' | 'recovered' | null; dismiss: () => void } {
  const [recovered, setRecovered] = useState(false);
  const failing = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (status.status === 'retrying' || status.status === 'load-failed') {
      failing.current = true;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the notice follows the account status this effect watches
      setRecovered(false);
    } else if (status.status === 'synced' && failing.current) {
      failing.current = false;
      setRecovered(true);
    } else if (status.status === 'signed-out') {
      failing.current = false;
      setRecovered(false);
    }
  }, [status]);
  useEffect(() => {
    if (!recovered) return;
    const timer = setTimeout(() => setRecovered(false), RECOVERED_MS);
    return () => clearTimeout(timer);
  }, [recovered]);
  const notice = status?.status === 'retrying' ? 'retrying' : recovered ? 'recovered' : null;
  return { notice, dismiss: () => setRecovered(false) };
}

export function AccountStatusBanner() {
  const { service, textsReady } = useSnapshot(accountServiceState);
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!service) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the current status first, then the subscription's updates
    setStatus(service.getStatus());
    return service.subscribe(setStatus);
  }, [service]);
  const { notice, dismiss } = useSyncNotice(status);
  // Ask for the account namespace only once it is registered (asking earlier would cache it as empty).
  if (!service || !textsReady) return null;
  if (status?.status === 'load-failed') return <LoadFailed service={service} customBackend={status.customBackend} />;
  // The player owns the whole screen: sync notices wait for the site's pages.
  if (/^\/(media|embed)\//.test(pathname)) return null;
  return <SyncNotice notice={notice} onDismiss={dismiss} />;
}

function SyncNotice({ notice, onDismiss }: { notice: 'retrying' | 'recovered' | null; onDismiss: () => void }) {
  const { t, ready } = useTranslation('account', { useSuspense: false });
  // Always rendered (empty when quiet): a live region announces what appears in it.
  return (
    <SyncBar role="status" aria-live="polite" data-testid="sync-notice" data-kind={notice ?? undefined}>
      {ready && notice === 'retrying' && <p>{t('status.retrying')}</p>}
      {ready && notice === 'recovered' && (
        <>
          <p>{t('status.recovered')}</p>
          <button type="button" onClick={onDismiss}>
            {t('status.dismiss')}
          </button>
        </>
      )}
    </SyncBar>
  );
}

function LoadFailed({ service, customBackend }: { service: AccountService; customBackend: boolean }) {
  const { t, ready } = useTranslation('account', { useSuspense: false });
  if (!ready) return null;
  return (
    <Bar role="alert" data-testid="account-load-failed">
      <p>{customBackend ? t('status.loadFailedWithReset') : t('status.loadFailed')}</p>
      <button type="button" onClick={() => void service.logout()}>
        {t('status.logout')}
      </button>
      <button type="button" onClick={() => window.location.reload()}>
        {t('status.reload')}
      </button>
      {customBackend && (
        <button type="button" onClick={() => void service.resetToDefaultBackend()}>
          {t('status.reset')}
        </button>
      )}
    </Bar>
  );
}
