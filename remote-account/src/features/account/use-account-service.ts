import { useMemo } from 'react';
import { useHostServices, type AccountService, type AccountServiceHost, type HostServices } from 'shared-contracts';
import { lazyAccountService } from 'account-sync/lazy-service';

/** A contracts 1.4 host runs the account service: it can sign in. */
const canSignIn = (service: AccountService | null | undefined): service is AccountService => typeof service?.login === 'function';

/**
 * This remote's own service, loaded on first use and started with the host's actions: a 1.3 host's
 * actions carry the AccountSyncPort's verbs (and the standalone page's do). Remove in 1.5.
 */
function ownAccountService(host: HostServices): AccountService {
  return lazyAccountService(async () => {
    const { legacyAccountService } = await import('./legacy-account-service');
    // Idempotent: when the 1.3 host started it at boot this does nothing.
    legacyAccountService.start({ config: host.config, actions: host.actions as AccountServiceHost['actions'] });
    return legacyAccountService;
  });
}

/** The account service the pages use: the host's, or where the host runs none, this remote's own. */
export function useAccountService(): AccountService {
  const host = useHostServices();
  const hosted = host.accountService;
  return useMemo(() => (canSignIn(hosted) ? hosted : ownAccountService(host)), [hosted, host]);
}
