/**
 * The account service: one per page load (module singleton), started by the host at boot (and by the
 * account pages, idempotently, on a standalone page). It owns the sync engine and the account operations
 * the pages and other remotes (settings, through HostApi.accountService) use.
 */
import type { Account, AccountProfile, AccountService, AccountServiceHost, AccountSession } from 'shared-contracts';
import { createBackendClient, isRouteMissing, type BackendClient, type FetchLike } from 'account-sync/api';
import {
  AccountError,
  checkDeviceName,
  login as loginFlow,
  register as registerFlow,
  signInElsewhere,
  toAccountError,
} from '../../core/auth';
import { decryptDeviceName, encryptDeviceName, seedFromStorage } from 'account-crypto';
import { themeToWire } from 'account-wire';
import { bookmarkImportItems, importAsQueue, progressImportItems } from '../../core/import';
import { createSyncEngine, type SyncEngine } from 'account-sync/engine';

let host: AccountServiceHost | null = null;
let engine: SyncEngine | null = null;
/** What talks to the backends (tests put a stand-in in front of a real server); the browser's by default. */
let backendFetch: FetchLike | undefined;
let stopVisibility: (() => void) | null = null;

/** One tab at a time pushes the shared queues (Web Locks); a tab that cannot get the lock skips the tick. */
function withSyncLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  return locks
    .request('mw-account-sync', { ifAvailable: true }, async (lock) => {
      if (lock) await work();
    })
    .then(() => undefined);
}

function requireHost(): AccountServiceHost {
  if (!host) throw new AccountError('unknown', 'the account service has not been started');
  return host;
}

function currentBackend(): string {
  const h = requireHost();
  return h.actions.readAccountState().customBackendUrl ?? h.config.backendUrl;
}

export function clientFor(baseUrl: string = currentBackend()): BackendClient {
  if (!baseUrl) throw new AccountError('backend-unreachable', 'Backend URL is not set');
  return createBackendClient({ baseUrl, fetch: backendFetch });
}

function requireAccount(): Account {
  const account = requireHost().actions.readAccountState().account;
  if (!account) throw new AccountError('login-required', 'You need to be logged in');
  return account;
}

/** Uploads this device's data into the account; if that fails, the data goes into the queues instead. */
async function importLocalData(client: BackendClient, account: Account): Promise<void> {
  const h = requireHost();
  const state = h.actions.readAccountState();
  const progress = progressImportItems(state.progress);
  const bookmarks = bookmarkImportItems(state.bookmarks);
  try {
    if (progress.length > 0) await client.importProgress(account.token, account.userId, progress);
    if (bookmarks.length > 0) await client.putBookmarks(account.token, account.userId, bookmarks);
  } catch (error) {
    console.warn('[account] import at login failed; queued for the sync engine instead', error);
    h.actions.enqueueSyncUpdates(importAsQueue(state.bookmarks, state.progress));
  }
}

async function signIn(account: Account, client: BackendClient, backendUrl: string, afterSignIn?: () => Promise<void>): Promise<void> {
  const h = requireHost();
  const e = engine!;
  await e.exclusive(async () => {
    e.reset();
    h.actions.setBackendUrl(backendUrl === h.config.backendUrl ? null : backendUrl);
    h.actions.setAccount(account);
    await afterSignIn?.();
    await importLocalData(client, account);
  });
  // Signed in from here on (the UI shows it); the account's data arrives with this pull and merge.
  void e.restoreNow();
}

export const accountService: AccountService & {
  /** `fetch`: what talks to the backends (tests); the browser's when absent. */
  start(host: AccountServiceHost, options?: { fetch?: FetchLike }): () => void;
  login(input: { passphrase: string; deviceName: string; backendUrl?: string }): Promise<void>;
  register(input: {
    passphrase: string;
    deviceName: string;
    profile: AccountProfile;
    backendUrl?: string;
    captchaToken?: string;
  }): Promise<void>;
  backendClient(url?: string): BackendClient;
  migrate(input: { backendUrl: string; deviceName: string }): Promise<void>;
} = {
  start(next: AccountServiceHost, options?: { fetch?: FetchLike }) {
    // Already running (the host started it at boot; a page asks again): keep the first owner's engine.
    if (host && engine) return () => undefined;
    host = next;
    backendFetch = options?.fetch;
    engine = createSyncEngine({ host: next, withSyncLock, fetch: backendFetch });
    // The engine ticks every 5 s whether or not an account exists, so a login in another tab is picked up.
    engine.start();
    // Coming back to the tab: pull again if the last pull is a minute old (a session revoked elsewhere
    // is noticed then, not only at the 12 h restore).
    const onVisible = () => {
      if (document.visibilityState === 'visible') void engine?.restoreIfOlderThan(60_000);
    };
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', onVisible);
      stopVisibility = () => document.removeEventListener('visibilitychange', onVisible);
    }
    return stopService;
  },
  getStatus: () => engine?.getStatus() ?? { status: 'signed-out' },
  subscribe: (listener) => engine?.subscribe(listener) ?? (() => undefined),
  syncNow: async () => {
    await engine?.tick({ force: true });
  },

  async login({ passphrase, deviceName, backendUrl }) {
    const url = backendUrl ?? currentBackend();
    const client = clientFor(url);
    const account = await loginFlow(client, { passphrase, deviceName });
    await signIn(account, client, url);
  },

  async register({ passphrase, deviceName, profile, backendUrl, captchaToken }) {
    const url = backendUrl ?? currentBackend();
    const client = clientFor(url);
    const account = await registerFlow(client, { passphrase, deviceName, profile, captchaToken });
    await signIn(account, client, url, async () => {
      // Contract A7: a new account starts with this device's settings.
      const settings = requireHost().actions.readAccountState().settings;
      try {
        await client.putSettings(account.token, account.userId, {
          applicationLanguage: settings.applicationLanguage,
          applicationTheme: themeToWire(settings.applicationTheme),
          defaultSubtitleLanguage: settings.defaultSubtitleLanguage,
          ...(settings.proxyUrls ? { proxyUrls: settings.proxyUrls } : {}),
        });
      } catch (error) {
        console.warn('[account] initial settings not saved; the next sync pushes them', error);
      }
    });
  },

  backendClient: (url) => clientFor(url),

  async migrate({ backendUrl, deviceName }) {
    const h = requireHost();
    const current = requireAccount();
    const url = backendUrl.trim().replace(/\/+$/, '');
    const client = clientFor(url);
    await client.getMeta().catch((error: unknown) => {
      throw toAccountError(error);
    });
    const moved = await signInElsewhere(client, current, deviceName);
    // Upload this device's data (the old server's is already merged here by the last restore).
    const state = h.actions.readAccountState();
    try {
      const progress = progressImportItems(state.progress);
      const bookmarks = bookmarkImportItems(state.bookmarks);
      if (progress.length > 0) await client.importProgress(moved.token, moved.userId, progress);
      if (bookmarks.length > 0) await client.putBookmarks(moved.token, moved.userId, bookmarks);
      await client.putSettings(moved.token, moved.userId, {
        applicationLanguage: state.settings.applicationLanguage,
        applicationTheme: themeToWire(state.settings.applicationTheme),
        defaultSubtitleLanguage: state.settings.defaultSubtitleLanguage,
        ...(state.settings.proxyUrls ? { proxyUrls: state.settings.proxyUrls } : {}),
      });
    } catch (error) {
      throw toAccountError(error);
    }
    // Queued changes not yet pushed stay queued and go to the new server.
    await engine!.exclusive(() => {
      engine!.reset();
      h.actions.setBackendUrl(url === h.config.backendUrl ? null : url);
      h.actions.setAccount(moved);
    });
    await engine!.restoreNow();
  },

  async logout() {
    const h = requireHost();
    await engine!.exclusive(async () => {
      const state = h.actions.readAccountState();
      const account = state.account;
      if (account) {
        try {
          await clientFor().deleteSession(account.token, account.sessionId);
        } catch (error) {
          // Spec §4: failures to delete the server session are ignored; the device forgets it anyway.
          console.warn('[account] server session not deleted', error);
        }
      }
      h.actions.clearAccountData();
    });
    engine!.reset();
    engine!.setStatus({ status: 'signed-out' });
  },

  async deleteAccount() {
    const account = requireAccount();
    try {
      await clientFor().deleteUser(account.token, account.userId);
    } catch (error) {
      throw toAccountError(error);
    }
    requireHost().actions.clearAccountData();
    engine!.reset();
    engine!.setStatus({ status: 'signed-out' });
  },

  async listSessions(): Promise<AccountSession[]> {
    const account = requireAccount();
    const seed = seedFromStorage(account.seed);
    try {
      const sessions = await clientFor().getSessions(account.token, account.userId);
      return Promise.all(
        sessions.map(async (s) => ({
          id: s.id,
          deviceName: await decryptDeviceName(s.device, seed).catch(() => null),
          userAgent: s.userAgent,
          createdAt: s.createdAt,
          accessedAt: s.accessedAt,
          current: s.id === account.sessionId,
        })),
      );
    } catch (error) {
      throw toAccountError(error);
    }
  },

  async removeSession(sessionId) {
    const account = requireAccount();
    if (sessionId === account.sessionId) return accountService.logout();
    try {
      await clientFor().deleteSession(account.token, sessionId);
    } catch (error) {
      throw toAccountError(error);
    }
  },

  async endOtherSessions() {
    const account = requireAccount();
    const client = clientFor();
    try {
      return (await client.deleteOtherSessions(account.token, account.userId)).count;
    } catch (error) {
      if (!isRouteMissing(error)) throw toAccountError(error);
    }
    // Existing movie-web backends have no bulk route (contract A3): end the others one by one.
    try {
      const others = (await client.getSessions(account.token, account.userId)).filter((s) => s.id !== account.sessionId);
      for (const session of others) await client.deleteSession(account.token, session.id);
      return others.length;
    } catch (error) {
      throw toAccountError(error);
    }
  },

  async renameDevice(name) {
    const account = requireAccount();
    const deviceName = await encryptDeviceName(checkDeviceName(name), seedFromStorage(account.seed));
    try {
      await clientFor().patchSession(account.token, account.sessionId, deviceName);
    } catch (error) {
      throw toAccountError(error);
    }
    requireHost().actions.updateAccount({ deviceName });
  },

  async updateProfile(profile) {
    const account = requireAccount();
    try {
      await clientFor().patchUser(account.token, account.userId, profile);
    } catch (error) {
      throw toAccountError(error);
    }
    requireHost().actions.updateAccount({ profile });
  },

  async resetToDefaultBackend() {
    await accountService.logout();
    requireHost().actions.setBackendUrl(null);
  },
};

function stopService() {
  stopVisibility?.();
  stopVisibility = null;
  engine?.stop();
  engine = null;
  host = null;
  backendFetch = undefined;
}

export default accountService;
