/**
 * The account service the host runs (the account-sync package): sign-in, sync, sessions and the one
 * logout, published as HostApi.accountService from boot. Its code loads when an account exists, from
 * boot, whatever page is open, or at its first call (a sign-in): a signed-out first screen does not
 * carry it.
 */
import type { AccountSyncPort, RuntimeConfig } from 'shared-contracts';
import { lazyAccountService, type LazyAccountService } from 'account-sync/lazy-service';
import type { StoreActions } from 'host-core/local-stores';
import { proxy, ref, subscribe } from 'valtio/vanilla';
import { registerNamespace } from '../i18n';
import { loadRemoteApp } from '../remotes';
import { actions, authStore } from '../stores';

/** The account verbs of the host's stores: what the account service and its engine are given. */
export function accountSyncPort(from: StoreActions): AccountSyncPort {
  return {
    setAccount: from.setAccount,
    updateAccount: from.updateAccount,
    setBackendUrl: from.setBackendUrl,
    setProxyUrls: from.setProxyUrls,
    replaceBookmarks: from.replaceBookmarks,
    replaceProgress: from.replaceProgress,
    acknowledgeSyncUpdates: from.acknowledgeSyncUpdates,
    enqueueSyncUpdates: from.enqueueSyncUpdates,
    clearAccountData: from.clearAccountData,
    readAccountState: from.readAccountState,
    subscribeAccountState: from.subscribeAccountState,
    setLanguage: from.setLanguage,
    setTheme: from.setTheme,
    setSubtitleSettings: from.setSubtitleSettings,
  };
}

/** The service over `port`, its code loaded on first use. */
export function createHostAccountService(backendUrl: string, port: AccountSyncPort): LazyAccountService {
  return lazyAccountService(async () => {
    const { createAccountService } = await import(/* webpackChunkName: "account-service" */ 'account-sync/service');
    return createAccountService({ port, backendUrl });
  });
}

export const accountServiceState = proxy<{
  service: LazyAccountService | null;
  /** The account remote's texts (the status banner speaks them) are registered. */
  textsReady: boolean;
}>({ service: null, textsReady: false });

let loadService = (): LazyAccountService => {
  throw new Error('configureAccountService() runs first');
};

/** Called once at boot, before the first render: pages find the service there from the start. */
export function configureAccountService(config: RuntimeConfig): LazyAccountService {
  const service = createHostAccountService(config.backendUrl, accountSyncPort(actions));
  accountServiceState.service = ref(service);
  loadService = () => service;
  return service;
}

/** The one logout (the header's menu, the load-failed banner and Settings all end here). */
export function logout(): Promise<void> {
  return loadService().logout();
}

const RETRY_MS = 30_000;
let loading = false;
let texts: Promise<void> | null = null;

/** The status banner speaks the account remote's language files. */
function registerTexts(): void {
  texts ??= loadRemoteApp('account')
    .then((app) => (app.locales ? registerNamespace('account', app.locales) : undefined))
    .then(() => void (accountServiceState.textsReady = true))
    .catch((error: unknown) => {
      // Without them the banner stays hidden; the next sign-in or reload asks again.
      console.warn('[account] status texts unavailable', error);
      texts = null;
    });
}

function loadWhileSignedIn(service: LazyAccountService): void {
  if (!authStore.account) return;
  registerTexts();
  if (loading || service.loaded()) return;
  loading = true;
  service.load().then(
    () => void (loading = false),
    (error: unknown) => {
      // The queues stay in the store; the next attempt (or a sign-in) syncs them.
      console.error('[account] service unavailable, retrying later', error);
      setTimeout(() => {
        loading = false;
        loadWhileSignedIn(service);
      }, RETRY_MS);
    },
  );
}

/** Called once the first screen is up: the service's code loads whenever an account exists. */
export function startAccountService(): void {
  const service = accountServiceState.service;
  if (!service) return;
  loadWhileSignedIn(service);
  subscribe(authStore, () => loadWhileSignedIn(service));
}
