/**
 * Loads the account remote's service (sync engine, sessions, logout) and starts it whenever an account
 * exists, from boot, whatever page is open (DESIGN: the host loads a remote's non-UI service and
 * publishes it on HostContext). Without an account nothing is loaded until one appears.
 */
import type { AccountService, HostActions, RuntimeConfig } from 'shared-contracts';
import { proxy, ref, subscribe } from 'valtio/vanilla';
import { setDocumentTitle } from '../host-api';
import { registerNamespace } from '../i18n';
import { loadRemoteApp } from '../remotes';
import { actions, authStore } from '../stores';

export const accountServiceState = proxy<{ service: AccountService | null }>({ service: null });

const RETRY_MS = 30_000;
let loading: Promise<void> | null = null;

async function load(config: RuntimeConfig): Promise<void> {
  const app = await loadRemoteApp('account');
  const loader = app.services?.account;
  if (!loader) throw new Error('the account remote exposes no account service');
  const service = (await loader()).default;
  // The status banner speaks the account remote's language files.
  if (app.locales) await registerNamespace('account', app.locales).catch(() => undefined);
  const hostActions: HostActions = { ...actions, setDocumentTitle };
  service.start({ config, actions: hostActions });
  accountServiceState.service = ref(service);
}

function ensureLoaded(config: RuntimeConfig): void {
  if (accountServiceState.service || loading) return;
  loading = load(config).catch((error: unknown) => {
    // The queues stay in the store; the next attempt (or a page of the remote) syncs them.
    console.error('[account] service unavailable, retrying later', error);
    setTimeout(() => {
      loading = null;
      if (authStore.account) ensureLoaded(config);
    }, RETRY_MS);
  });
}

/** Called once at boot. */
export function startAccountService(config: RuntimeConfig): void {
  if (!config.backendUrl && !authStore.backendUrl && !authStore.account) return;
  if (authStore.account) ensureLoaded(config);
  subscribe(authStore, () => {
    if (authStore.account) ensureLoaded(config);
  });
}
