/** Logout (spec §4): delete the server session (failures ignored), then clear the local account and data. */
import { accountServiceState, fallbackLogout } from '../account-service';
import { actions, authStore } from './stores';

let configuredBackend = '';

export function configureAccount(backendUrl: string): void {
  configuredBackend = backendUrl;
}

export async function logout(): Promise<void> {
  // The account service also stops its sync engine's work for this account.
  if (accountServiceState.service) return accountServiceState.service.logout();
  // The account remote could not be loaded: the same server call and the same local clear, without it.
  await fallbackLogout({
    account: authStore.account,
    backendUrl: authStore.backendUrl ?? configuredBackend,
    clearAccountData: actions.clearAccountData,
  });
}
