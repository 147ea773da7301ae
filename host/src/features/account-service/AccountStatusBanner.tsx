/**
 * Spec §8: when the account cannot be loaded (not a 400/401/403, which log out), offer logout, reload,
 * or a reset to the default server when a custom one is in use. Texts come from the account namespace.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  p { margin: 0; flex: 1 1 20rem; }
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

export function AccountStatusBanner() {
  const service = useSnapshot(accountServiceState).service;
  const [status, setStatus] = useState<AccountStatus | null>(null);
  useEffect(() => {
    if (!service) return;
    setStatus(service.getStatus());
    return service.subscribe(setStatus);
  }, [service]);
  // The account namespace is registered before the service is published: ask for it only then (asking
  // earlier would cache it as empty).
  if (!service || status?.status !== 'load-failed') return null;
  return <LoadFailed service={service} customBackend={status.customBackend} />;
}

function LoadFailed({ service, customBackend }: { service: AccountService; customBackend: boolean }) {
  const { t, ready } = useTranslation('account', { useSuspense: false });
  if (!ready) return null;
  return (
    <Bar role="alert" data-testid="account-load-failed">
      <p>{customBackend ? t('status.loadFailedWithReset') : t('status.loadFailed')}</p>
      <button type="button" onClick={() => void service.logout()}>{t('status.logout')}</button>
      <button type="button" onClick={() => window.location.reload()}>{t('status.reload')}</button>
      {customBackend && (
        <button type="button" onClick={() => void service.resetToDefaultBackend()}>{t('status.reset')}</button>
      )}
    </Bar>
  );
}
