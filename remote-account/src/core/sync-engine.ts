/**
 * The sync engine (spec §3/§9, DESIGN "Data and state"): while an account exists, every 5 s it pushes the
 * bookmark and progress queues and changed settings; it restores (pulls and merges) at start, every 12 h,
 * and after the server refused the session. One operation at a time, so a pull never races a push.
 */
import type { AccountServiceHost, AccountSettings, AccountStatus, AccountSyncState } from 'shared-contracts';
import { BackendError, createBackendClient, type BackendClient, type FetchLike, type SettingsDto } from './api';
import { bookmarksFromServer, mergeBookmarks, mergeProgress, progressFromServer } from './merge';
import { progressKey, pushQueues, splitIds } from './push';
import { backoffDelay } from './retry';

export const SYNC_INTERVAL_MS = 5_000;
export const RESTORE_INTERVAL_MS = 12 * 60 * 60 * 1000;

export interface SyncEngineOptions {
  host: AccountServiceHost;
  fetch?: FetchLike;
  now?: () => number;
  log?: (message: string) => void;
  random?: () => number;
  /** For tests: no timers, ticks are driven by hand. */
  manual?: boolean;
  /**
   * Runs a tick's work only if this tab gets the sync lock (one tab of a browser syncs at a time; the
   * queues are shared through storage). Without it every tab syncs, which is safe but doubles traffic.
   */
  withSyncLock?: (work: () => Promise<void>) => Promise<void>;
}

type SettingsPatch = Omit<SettingsDto, 'id'>;

/** Keys whose local value differs from what the server last had. */
export function settingsDiff(current: AccountSettings, synced: AccountSettings | null): SettingsPatch {
  if (!synced) return {};
  const patch: SettingsPatch = {};
  if (current.applicationLanguage !== synced.applicationLanguage) patch.applicationLanguage = current.applicationLanguage;
  if (current.applicationTheme !== synced.applicationTheme) patch.applicationTheme = current.applicationTheme;
  if (current.defaultSubtitleLanguage !== synced.defaultSubtitleLanguage) patch.defaultSubtitleLanguage = current.defaultSubtitleLanguage;
  if (JSON.stringify(current.proxyUrls) !== JSON.stringify(synced.proxyUrls)) patch.proxyUrls = current.proxyUrls;
  return patch;
}

export function createSyncEngine({
  host,
  fetch,
  now = Date.now,
  log = (m) => console.warn(m),
  random = Math.random,
  manual = false,
  withSyncLock = (work) => work(),
}: SyncEngineOptions) {
  let status: AccountStatus = { status: 'signed-out' };
  const listeners = new Set<(status: AccountStatus) => void>();
  let chain: Promise<unknown> = Promise.resolve();
  let failures = 0;
  let retryAt = 0;
  let lastRestore = 0;
  let restoreNeeded = true;
  /** The settings as the server has them (after a restore or a push); null until known. */
  let syncedSettings: AccountSettings | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Progress rows the server had at the last pull, or that we pushed since (null: unknown). */
  let serverRows: Set<string> | null = null;
  let stopped = true;

  const read = (): AccountSyncState => host.actions.readAccountState();
  const backendUrl = (state: AccountSyncState) => state.customBackendUrl ?? host.config.backendUrl;
  const clientFor = (state: AccountSyncState): BackendClient => createBackendClient({ baseUrl: backendUrl(state), fetch });

  function setStatus(next: AccountStatus) {
    status = next;
    for (const listener of listeners) listener(next);
  }

  /** Serialises engine work: push, restore and account operations never overlap. */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  }

  function onTransient(error: Error, pending: number) {
    failures += 1;
    retryAt = now() + backoffDelay(failures, random);
    setStatus({ status: 'retrying', retryAt, pending, message: error.message });
  }

  async function restoreInner(): Promise<void> {
    const state = read();
    const account = state.account;
    if (!account || !backendUrl(state)) return;
    const client = clientFor(state);
    let me;
    try {
      me = await client.getMe(account.token);
    } catch (error) {
      if (error instanceof BackendError && error.kind === 'auth') {
        // Spec §8: 400/401/403 on the profile → logged out (the session is gone or forged).
        log(`[sync] session refused (${error.message}): signed out`);
        host.actions.clearAccountData();
        syncedSettings = null;
        setStatus({ status: 'signed-out' });
        return;
      }
      setStatus({ status: 'load-failed', message: error instanceof Error ? error.message : String(error), customBackend: state.customBackendUrl !== null });
      throw error;
    }
    const [bookmarks, progress, settings] = await Promise.all([
      client.getBookmarks(account.token, account.userId),
      client.getProgress(account.token, account.userId),
      client.getSettings(account.token, account.userId),
    ]);
    serverRows = new Set(progress.map((p) => progressKey({ tmdbId: String(p.tmdbId), seasonId: p.season?.id ?? undefined, episodeId: p.episode?.id ?? undefined })));
    // Merge against the state as it is now (edits made while we waited are in the queues and win).
    const live = read();
    if (live.account?.sessionId !== account.sessionId) return;
    host.actions.replaceBookmarks(mergeBookmarks(live.bookmarks, live.bookmarkQueue, bookmarksFromServer(bookmarks)));
    host.actions.replaceProgress(mergeProgress(live.progress, live.progressQueue, progressFromServer(progress)));
    if (JSON.stringify(me.user.profile) !== JSON.stringify(live.account.profile)) host.actions.updateAccount({ profile: me.user.profile });
    applySettings(settings, live.settings);
    lastRestore = now();
    restoreNeeded = false;
  }

  /** Server settings apply when set (upstream: only truthy values); local changes not yet pushed win. */
  function applySettings(settings: SettingsDto, local: AccountSettings) {
    const unpushed = settingsDiff(local, syncedSettings);
    const next: AccountSettings = { ...local };
    if (settings.applicationLanguage && !('applicationLanguage' in unpushed)) {
      host.actions.setLanguage(settings.applicationLanguage);
      next.applicationLanguage = settings.applicationLanguage;
    }
    if (settings.applicationTheme && !('applicationTheme' in unpushed)) {
      host.actions.setTheme(settings.applicationTheme as AccountSettings['applicationTheme'] & string);
      next.applicationTheme = read().settings.applicationTheme;
    }
    if (settings.defaultSubtitleLanguage && !('defaultSubtitleLanguage' in unpushed)) {
      host.actions.setSubtitleSettings({ lastSelectedLanguage: settings.defaultSubtitleLanguage });
      next.defaultSubtitleLanguage = settings.defaultSubtitleLanguage;
    }
    if (settings.proxyUrls && settings.proxyUrls.length > 0 && !('proxyUrls' in unpushed)) {
      host.actions.setProxyUrls(settings.proxyUrls);
      next.proxyUrls = [...settings.proxyUrls];
    }
    // What the server now holds: its values where set, else ours (pushed at the next tick if they differ).
    syncedSettings = {
      applicationLanguage: settings.applicationLanguage || '',
      applicationTheme: (settings.applicationTheme as AccountSettings['applicationTheme']) || null,
      defaultSubtitleLanguage: settings.defaultSubtitleLanguage || null,
      proxyUrls: settings.proxyUrls && settings.proxyUrls.length > 0 ? [...settings.proxyUrls] : null,
    };
    void next;
  }

  async function pushInner(): Promise<void> {
    const state = read();
    const account = state.account;
    if (!account || !backendUrl(state)) return;
    const queues = { bookmarks: state.bookmarkQueue, progress: state.progressQueue };
    const client = clientFor(state);
    const pending = queues.bookmarks.length + queues.progress.length;
    if (pending > 0) {
      const started = typeof performance !== 'undefined' ? performance.now() : 0;
      const known = serverRows;
      const outcome = await pushQueues(
        { client, token: account.token, userId: account.userId, log, isNewProgressRow: (key) => known !== null && !known.has(key) },
        queues,
      );
      const acked = new Set(outcome.acked);
      for (const u of queues.progress) if (acked.has(u.id) && u.action === 'upsert') known?.add(progressKey(u));
      // Visible in the browser's performance timeline (the bench and e2e read it).
      if (typeof performance !== 'undefined' && performance.measure) {
        performance.measure('mw:sync:push', { start: started, end: performance.now(), detail: { pending } });
      }
      const done = splitIds([...outcome.acked, ...outcome.dropped.map((d) => d.id)], queues);
      host.actions.acknowledgeSyncUpdates(done);
      if (outcome.auth) {
        restoreNeeded = true;
        return;
      }
      if (outcome.transient) return onTransient(outcome.transient, pending - done.bookmarks.length - done.progress.length);
    }
    const patch = settingsDiff(read().settings, syncedSettings);
    if (Object.keys(patch).length > 0 && syncedSettings) {
      try {
        await client.putSettings(account.token, account.userId, patch);
        syncedSettings = { ...syncedSettings, ...(patch as Partial<AccountSettings>) };
      } catch (error) {
        if (error instanceof BackendError && error.kind === 'auth') restoreNeeded = true;
        else if (error instanceof BackendError && error.kind === 'client') {
          log(`[sync] settings refused: ${error.message}`);
          syncedSettings = { ...syncedSettings, ...(patch as Partial<AccountSettings>) };
        } else return onTransient(error instanceof Error ? error : new Error(String(error)), 0);
      }
    }
    failures = 0;
    retryAt = 0;
    setStatus({ status: 'synced', at: now() });
  }

  /** One engine step: restore when due, then push. Failures are reported in the status, never thrown. */
  function tick(options: { force?: boolean } = {}): Promise<void> {
    return exclusive(() => withSyncLock(async () => {
      const state = read();
      if (!state.account) {
        if (status.status !== 'signed-out') setStatus({ status: 'signed-out' });
        syncedSettings = null;
        restoreNeeded = true;
        return;
      }
      if (!options.force && retryAt > now()) return;
      try {
        if (restoreNeeded || now() - lastRestore >= RESTORE_INTERVAL_MS) {
          await restoreInner();
          if (!read().account) return;
          // Let the page render the merged data before pushing (keeps main-thread tasks short).
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        await pushInner();
        if (restoreNeeded) await restoreInner(); // the session was refused while pushing: check it now
      } catch (error) {
        if (status.status !== 'load-failed') onTransient(error instanceof Error ? error : new Error(String(error)), state.bookmarkQueue.length + state.progressQueue.length);
        else {
          failures += 1;
          retryAt = now() + backoffDelay(failures, random);
        }
      }
    }));
  }

  function schedule() {
    if (stopped || manual) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, SYNC_INTERVAL_MS);
  }

  return {
    tick,
    /** Pull and merge now (after login/register), then push. */
    restoreNow: () => {
      restoreNeeded = true;
      retryAt = 0;
      return tick({ force: true });
    },
    /** Pulls again when the last pull is older than `maxAgeMs` (e.g. when the tab becomes visible). */
    restoreIfOlderThan(maxAgeMs: number) {
      if (now() - lastRestore < maxAgeMs) return Promise.resolve();
      restoreNeeded = true;
      return tick({ force: true });
    },
    /** Runs account operations (login, logout, …) between engine steps. */
    exclusive,
    /** Forget what the server had (a new account signed in). */
    reset() {
      syncedSettings = null;
      serverRows = null;
      restoreNeeded = true;
      failures = 0;
      retryAt = 0;
    },
    /** Marks the current local settings as what the server holds (after register's settings PUT). */
    markSettingsSynced(settings: AccountSettings) {
      syncedSettings = { ...settings, proxyUrls: settings.proxyUrls ? [...settings.proxyUrls] : null };
    },
    start() {
      if (!stopped) return;
      stopped = false;
      void tick().finally(schedule);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    getStatus: () => status,
    setStatus,
    subscribe(listener: (status: AccountStatus) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
