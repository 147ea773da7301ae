/**
 * The account service: the sync engine and the account operations (sign-in, sessions, logout, profile)
 * against the host's AccountSyncPort. The host runs one per page load and publishes it as
 * HostApi.accountService; pages change the account only through it.
 */
import type { Account, AccountService, AccountSession, AccountSyncPort } from 'shared-contracts';
import { createBackendClient, isRouteMissing, type BackendClient, type FetchLike } from './api';
import { AccountError, checkDeviceName, login as loginFlow, register as registerFlow, signInElsewhere, toAccountError } from './auth';
import { decryptDeviceName, encryptDeviceName, seedFromStorage } from 'account-crypto';
import { themeToWire } from 'account-wire';
import { mergeImport } from './export';
import { bookmarkImportItems, importAsQueue, progressImportItems } from './import';
import { createSyncEngine } from './sync-engine';

export interface AccountServiceOptions {
  /** The host's account verbs. */
  port: AccountSyncPort;
  /** The configured backend, used when the user has no custom one; empty when none. */
  backendUrl: string;
  /** What talks to the backends (tests put a stand-in in front of a real server); the browser's by default. */
  fetch?: FetchLike;
}

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

/** The account service, its engine started (it ticks every 5 s, so a login in another tab is picked up). */
export function createAccountService({
  port,
  backendUrl: configuredBackend,
  fetch: backendFetch,
}: AccountServiceOptions): AccountService & {
  /** Stops the engine (tests; a page keeps its service for its life). */
  stop(): void;
} {
  const engine = createSyncEngine({ port, backendUrl: configuredBackend, withSyncLock, fetch: backendFetch });
  engine.start();
  // Coming back to the tab: pull again if the last pull is a minute old (a session revoked elsewhere
  // is noticed then, not only at the 12 h restore).
  const onVisible = () => {
    if (document.visibilityState === 'visible') void engine.restoreIfOlderThan(60_000);
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  // Back online: what waited in the queues goes now, not after the engine's back-off.
  const onOnline = () => void engine.tick({ force: true });
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  const currentBackend = () => port.readAccountState().customBackendUrl ?? configuredBackend;

  function clientFor(baseUrl: string = currentBackend()): BackendClient {
    if (!baseUrl) throw new AccountError('backend-unreachable', 'Backend URL is not set');
    return createBackendClient({ baseUrl, fetch: backendFetch });
  }

  function requireAccount(): Account {
    const account = port.readAccountState().account;
    if (!account) throw new AccountError('login-required', 'You need to be logged in');
    return account;
  }

  /** Uploads this device's data into the account; if that fails, the data goes into the queues instead. */
  async function importLocalData(client: BackendClient, account: Account): Promise<void> {
    const state = port.readAccountState();
    const progress = progressImportItems(state.progress);
    const bookmarks = bookmarkImportItems(state.bookmarks);
    try {
      if (progress.length > 0) await client.importProgress(account.token, account.userId, progress);
      if (bookmarks.length > 0) await client.putBookmarks(account.token, account.userId, bookmarks);
    } catch (error) {
      console.warn('[account] import at login failed; queued for the sync engine instead', error);
      port.enqueueSyncUpdates(importAsQueue(state.bookmarks, state.progress));
    }
  }

  async function signIn(account: Account, client: BackendClient, backendUrl: string, afterSignIn?: () => Promise<void>): Promise<void> {
    await engine.exclusive(async () => {
      engine.reset();
      port.setBackendUrl(backendUrl === configuredBackend ? null : backendUrl);
      port.setAccount(account);
      await afterSignIn?.();
      await importLocalData(client, account);
    });
    // Signed in from here on (the UI shows it); the account's data arrives with this pull and merge.
    void engine.restoreNow();
  }

  const service: AccountService & { stop(): void } = {
    stop() {
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      engine.stop();
    },
    getStatus: () => engine.getStatus(),
    subscribe: (listener) => engine.subscribe(listener),
    syncNow: async () => {
      await engine.tick({ force: true });
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
        const settings = port.readAccountState().settings;
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

    importLocalData(items) {
      const live = port.readAccountState();
      const merged = mergeImport({ bookmarks: live.bookmarks, progress: live.progress }, items);
      port.replaceBookmarks(merged.bookmarks);
      port.replaceProgress(merged.progress);
      if (live.account) {
        // Signed in: what the file changed goes to the account too.
        const pick = <T>(all: Record<string, T>, ids: string[]) => Object.fromEntries(ids.map((id) => [id, all[id]!]));
        port.enqueueSyncUpdates(
          importAsQueue(pick(merged.bookmarks, merged.changedBookmarks), pick(merged.progress, merged.changedProgress)),
        );
      }
      return Promise.resolve();
    },

    async migrate({ backendUrl, deviceName }) {
      const current = requireAccount();
      const url = backendUrl.trim().replace(/\/+$/, '');
      const client = clientFor(url);
      await client.getMeta().catch((error: unknown) => {
        throw toAccountError(error);
      });
      const moved = await signInElsewhere(client, current, deviceName);
      // Upload this device's data (the old server's is already merged here by the last restore).
      const state = port.readAccountState();
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
      await engine.exclusive(() => {
        engine.reset();
        port.setBackendUrl(url === configuredBackend ? null : url);
        port.setAccount(moved);
      });
      await engine.restoreNow();
    },

    async logout() {
      await engine.exclusive(async () => {
        const state = port.readAccountState();
        const account = state.account;
        if (account) {
          try {
            await clientFor().deleteSession(account.token, account.sessionId);
          } catch (error) {
            // Failures to delete the server session are ignored; the device forgets it anyway
            // (docs/behaviour.md#account-restore-and-logout).
            console.warn('[account] server session not deleted', error);
          }
        }
        port.clearAccountData();
      });
      engine.reset();
      engine.setStatus({ status: 'signed-out' });
    },

    async deleteAccount() {
      const account = requireAccount();
      try {
        await clientFor().deleteUser(account.token, account.userId);
      } catch (error) {
        throw toAccountError(error);
      }
      port.clearAccountData();
      engine.reset();
      engine.setStatus({ status: 'signed-out' });
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
      if (sessionId === account.sessionId) return service.logout();
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
      // Existing movie-web backends have no bulk route: end the others one by one.
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
      port.updateAccount({ deviceName });
    },

    async updateProfile(profile) {
      const account = requireAccount();
      try {
        await clientFor().patchUser(account.token, account.userId, profile);
      } catch (error) {
        throw toAccountError(error);
      }
      port.updateAccount({ profile });
    },

    async resetToDefaultBackend() {
      await service.logout();
      port.setBackendUrl(null);
    },
  };
  return service;
}
