import { useEffect } from 'react';
import { useHost } from 'shared-contracts';
import { accountService } from './account-service';

/** The account service, started with this page's host if the host has not started it (standalone pages). */
export function useAccountService(): typeof accountService {
  const host = useHost();
  useEffect(() => {
    // Idempotent: when the host started the service at boot this does nothing.
    accountService.start({ config: host.config, actions: host.actions });
  }, [host.config, host.actions]);
  return accountService;
}
