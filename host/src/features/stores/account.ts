/** Logout (spec §4): delete the server session (failures ignored), then clear the local account and data. */
import { accountServiceState } from '../account-service';
import { authStore, bookmarksStore, progressStore } from './stores';

let configuredBackend = '';

export function configureAccount(backendUrl: string): void {
  configuredBackend = backendUrl;
}

export async function logout(): Promise<void> {
  // The account service also stops its sync engine's work for this account; the fallback below is for
  // when the account remote could not be loaded.
  if (accountServiceState.service) return accountServiceState.service.logout();
  const account = authStore.account;
  const backend = (authStore.backendUrl ?? configuredBackend).replace(/\/+$/, '');
  if (account && backend) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    try {
      await fetch(`${backend}/sessions/${encodeURIComponent(account.sessionId)}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${account.token}` },
        signal: controller.signal,
      });
    } catch {
      // Spec §4: failures to delete the server session are ignored; the device forgets it anyway.
    } finally {
      clearTimeout(timer);
    }
  }
  authStore.account = null;
  bookmarksStore.bookmarks = {};
  bookmarksStore.updateQueue = [];
  progressStore.items = {};
  progressStore.updateQueue = [];
}
