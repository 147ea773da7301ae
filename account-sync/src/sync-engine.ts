/**
 * The sync engine (docs/behaviour.md#sync-rules): while an account exists, every 5 s it pushes the
 * bookmark and progress queues and changed settings; it restores (pulls and merges) at start, every 12 h,
 * and after the server refused the session. One operation at a time, so a pull never races a push.
 */
import { themeFromWire, themeToWire } from 'account-wire';
import {
  THEME_NAMES,
  type AccountProfile,
  type AccountSettings,
  type AccountStatus,
  type AccountSyncPort,
  type AccountSyncState,
  type ProgressUpdate,
} from 'shared-contracts';
import { BackendError, createBackendClient, type BackendClient, type FetchLike, type SettingsDto } from './api';
import { bookmarksFromServer, mergeBookmarks, mergeProgress, progressFromServer, stampsFromServer } from './merge';
import { coversRow, pushQueues, splitIds } from './push';
import { backoffDelay, profileFetchLogsOut } from './retry';
import { createStorageSyncMemory, createVolatileSyncMemory, type SyncMemory, type SyncMemoryState } from './sync-memory';

export const SYNC_INTERVAL_MS = 5_000;
export const RESTORE_INTERVAL_MS = 12 * 60 * 60 * 1000;
/**
 * Queued changes are pushed after a fresh pull when the last one is older than this (or a push failed
 * since): a change made offline must not overwrite a newer one another device pushed meanwhile.
 */
export const PULL_BEFORE_PUSH_MS = 60_000;

export interface SyncEngineOptions {
  /** The host's account verbs: what the engine reads and writes. */
  port: AccountSyncPort;
  /** The configured backend, used when the user has no custom one; empty when none. */
  backendUrl: string;
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
  /** What is known of the server's copy, across reloads (default: localStorage when there is one). */
  memory?: SyncMemory;
  /** Lets the page paint between the pull's store writes and the push (default: a macrotask). */
  yieldToPage?: () => Promise<void>;
}

type SettingsPatch = Omit<SettingsDto, 'id'>;

/** Keys whose local value differs from what the server last had. */
export function settingsDiff(current: AccountSettings, synced: AccountSettings | null): SettingsPatch {
  if (!synced) return {};
  const patch: SettingsPatch = {};
  if (current.applicationLanguage !== synced.applicationLanguage) patch.applicationLanguage = current.applicationLanguage;
  if (current.applicationTheme !== synced.applicationTheme) patch.applicationTheme = themeToWire(current.applicationTheme);
  if (current.defaultSubtitleLanguage !== synced.defaultSubtitleLanguage) patch.defaultSubtitleLanguage = current.defaultSubtitleLanguage;
  if (JSON.stringify(current.proxyUrls) !== JSON.stringify(synced.proxyUrls)) patch.proxyUrls = current.proxyUrls;
  return patch;
}

/** The server settings as this device sees them. */
export function settingsFromServer(settings: SettingsDto): AccountSettings {
  return {
    applicationLanguage: settings.applicationLanguage || '',
    applicationTheme: themeFromWire(settings.applicationTheme, THEME_NAMES),
    defaultSubtitleLanguage: settings.defaultSubtitleLanguage || null,
    proxyUrls: settings.proxyUrls && settings.proxyUrls.length > 0 ? [...settings.proxyUrls] : null,
  };
}

const sameProfile = (a: AccountProfile, b: AccountProfile) => a.colorA === b.colorA && a.colorB === b.colorB && a.icon === b.icon;

const clock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Visible in the browser's performance timeline (the bench and e2e read it). */
function measure(name: string, start: number, detail: Record<string, unknown>) {
  if (typeof performance !== 'undefined' && performance.measure) performance.measure(name, { start, end: performance.now(), detail });
}

function defaultMemory(): SyncMemory {
  try {
    if (typeof localStorage !== 'undefined') return createStorageSyncMemory(localStorage);
  } catch {
    // storage blocked (privacy mode)
  }
  return createVolatileSyncMemory();
}

export function createSyncEngine({
  port,
  backendUrl: configuredBackend,
  fetch,
  now = Date.now,
  log = (m) => console.warn(m),
  random = Math.random,
  manual = false,
  withSyncLock = (work) => work(),
  memory = defaultMemory(),
  yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0)),
}: SyncEngineOptions) {
  let status: AccountStatus = { status: 'signed-out' };
  const listeners = new Set<(status: AccountStatus) => void>();
  let chain: Promise<unknown> = Promise.resolve();
  let failures = 0;
  let retryAt = 0;
  let lastRestore = 0;
  let restoreNeeded = true;
  let lastPull = 0;
  /** A push failed since the last pull: pull before the next push. */
  let pullBeforePush = true;
  /** The row stamps in memory come from a pull of this page (so a row missing from them is new). */
  let rowsComplete = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;

  const read = (): AccountSyncState => port.readAccountState();
  const backendUrl = (state: AccountSyncState) => state.customBackendUrl ?? configuredBackend;
  const clientFor = (state: AccountSyncState): BackendClient => createBackendClient({ baseUrl: backendUrl(state), fetch });
  /** Whose memory: one account on one server. */
  const ownerOf = (state: AccountSyncState) => `${backendUrl(state)}#${state.account?.userId ?? ''}`;

  function setStatus(next: AccountStatus) {
    status = next;
    for (const listener of listeners) listener(next);
  }

  /** Serialises engine work: push, restore and account operations never overlap. */
  function exclusive<T>(work: () => T | PromiseLike<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  }

  function onTransient(error: Error, pending: number) {
    failures += 1;
    retryAt = now() + backoffDelay(failures, random);
    pullBeforePush = true;
    setStatus({ status: 'retrying', retryAt, pending, message: error.message });
  }

  function forget() {
    memory.clear();
    rowsComplete = false;
    pullBeforePush = true;
  }

  /** GET /users/@me (the session check), then a pull. */
  async function restoreInner(): Promise<void> {
    const state = read();
    const account = state.account;
    if (!account || !backendUrl(state)) return;
    const client = clientFor(state);
    let me;
    try {
      me = await client.getMe(account.token);
    } catch (error) {
      if (profileFetchLogsOut(error)) {
        // 400/401/403 on the profile → logged out (the session is gone or forged).
        log(`[sync] session refused (${error.message}): signed out`);
        port.clearAccountData();
        forget();
        setStatus({ status: 'signed-out' });
        return;
      }
      setStatus({
        status: 'load-failed',
        message: error instanceof Error ? error.message : String(error),
        customBackend: state.customBackendUrl !== null,
      });
      throw error;
    }
    if (!(await pullInner())) return;
    const live = read().account;
    if (live && !sameProfile(me.user.profile, live.profile)) port.updateAccount({ profile: me.user.profile });
    lastRestore = now();
    restoreNeeded = false;
  }

  /**
   * Pulls bookmarks, progress and settings and merges them into the local stores (merge.ts): only what
   * changed is written, in one write per store. Resolves false when the account changed meanwhile.
   */
  async function pullInner(): Promise<boolean> {
    const state = read();
    const account = state.account;
    if (!account || !backendUrl(state)) return false;
    const client = clientFor(state);
    const [bookmarks, progress, settings] = await Promise.all([
      client.getBookmarks(account.token, account.userId),
      client.getProgress(account.token, account.userId),
      client.getSettings(account.token, account.userId),
    ]);
    const started = clock();
    // Merge against the state as it is now (edits made while we waited are in the queues).
    const live = read();
    if (live.account?.sessionId !== account.sessionId) return false;
    const owner = ownerOf(live);
    const remembered = memory.read(owner);
    const known = new Map(Object.entries(remembered.rows));
    const mergedBookmarks = mergeBookmarks(live.bookmarks, live.bookmarkQueue, bookmarksFromServer(bookmarks), known);
    const mergedProgress = mergeProgress(live.progress, live.progressQueue, progressFromServer(progress), known);
    const stale = { bookmarks: mergedBookmarks.stale, progress: mergedProgress.stale };
    if (stale.bookmarks.length + stale.progress.length > 0) {
      log(`[sync] ${stale.bookmarks.length + stale.progress.length} queued change(s) dropped: another device made a newer one`);
      port.acknowledgeSyncUpdates(stale);
    }
    // One write per store, and none when nothing changed (each write re-renders every card on screen).
    if (mergedBookmarks.changed) port.replaceBookmarks(mergedBookmarks.items);
    if (mergedProgress.changed) port.replaceProgress(mergedProgress.items);
    const next: SyncMemoryState = {
      rows: Object.fromEntries(stampsFromServer(bookmarks, progress)),
      settings: applySettings(settings, live.settings, remembered.settings),
    };
    memory.write(owner, next);
    rowsComplete = true;
    lastPull = now();
    pullBeforePush = false;
    measure('mw:sync:pull', started, {
      bookmarks: bookmarks.length,
      progress: progress.length,
      wrote: mergedBookmarks.changed || mergedProgress.changed,
      stale: stale.bookmarks.length + stale.progress.length,
    });
    return true;
  }

  /**
   * Server settings apply when set (upstream: only truthy values), except where the local value differs
   * from the last synced one: a local change not pushed yet wins and is pushed next. Returns what the
   * server now holds.
   */
  function applySettings(dto: SettingsDto, local: AccountSettings, synced: AccountSettings | null): AccountSettings {
    const unpushed = settingsDiff(local, synced);
    const server = settingsFromServer(dto);
    if (server.applicationLanguage && !('applicationLanguage' in unpushed) && server.applicationLanguage !== local.applicationLanguage) {
      port.setLanguage(server.applicationLanguage);
    }
    if (dto.applicationTheme && !('applicationTheme' in unpushed) && server.applicationTheme !== local.applicationTheme) {
      port.setTheme(server.applicationTheme);
    }
    if (
      server.defaultSubtitleLanguage &&
      !('defaultSubtitleLanguage' in unpushed) &&
      server.defaultSubtitleLanguage !== local.defaultSubtitleLanguage
    ) {
      port.setSubtitleSettings({ lastSelectedLanguage: server.defaultSubtitleLanguage });
    }
    if (server.proxyUrls && !('proxyUrls' in unpushed) && JSON.stringify(server.proxyUrls) !== JSON.stringify(local.proxyUrls)) {
      port.setProxyUrls(server.proxyUrls);
    }
    return server;
  }

  /** When a queued change was made: its local item's `updatedAt` (the last edit of that row). */
  const editedAtIn = (state: AccountSyncState) => ({
    bookmark: (tmdbId: string) => state.bookmarks[tmdbId]?.updatedAt,
    progress: (u: ProgressUpdate) => {
      const item = state.progress[u.tmdbId];
      return u.episodeId ? item?.episodes[u.episodeId]?.updatedAt : item?.updatedAt;
    },
  });

  async function pushInner(): Promise<void> {
    const state = read();
    const account = state.account;
    if (!account || !backendUrl(state)) return;
    const queues = { bookmarks: state.bookmarkQueue, progress: state.progressQueue };
    const client = clientFor(state);
    const owner = ownerOf(state);
    const pending = queues.bookmarks.length + queues.progress.length;
    if (pending > 0) {
      const started = clock();
      const known = memory.read(owner).rows;
      const complete = rowsComplete;
      const outcome = await pushQueues(
        {
          client,
          token: account.token,
          userId: account.userId,
          log,
          isNewProgressRow: (key) => complete && !(key in known),
          editedAt: editedAtIn(state),
        },
        queues,
      );
      measure('mw:sync:push', started, { pending });
      const done = splitIds([...outcome.acked, ...outcome.dropped.map((d) => d.id)], queues);
      port.acknowledgeSyncUpdates(done);
      if (outcome.written.size > 0 || outcome.deleted.length > 0) {
        const remembered = memory.read(owner);
        const rows = remembered.rows;
        for (const gone of outcome.deleted) for (const key of Object.keys(rows)) if (coversRow(gone, key)) delete rows[key];
        for (const [key, stamp] of outcome.written) rows[key] = stamp;
        memory.write(owner, remembered);
      }
      if (outcome.auth) {
        restoreNeeded = true;
        return;
      }
      if (outcome.transient) return onTransient(outcome.transient, pending - done.bookmarks.length - done.progress.length);
    }
    const remembered = memory.read(owner);
    const patch = settingsDiff(read().settings, remembered.settings);
    if (Object.keys(patch).length > 0 && remembered.settings) {
      try {
        await client.putSettings(account.token, account.userId, patch);
        memory.write(owner, { ...remembered, settings: { ...remembered.settings, ...(patch as Partial<AccountSettings>) } });
      } catch (error) {
        if (error instanceof BackendError && error.kind === 'auth') restoreNeeded = true;
        else if (error instanceof BackendError && error.kind === 'client') {
          log(`[sync] settings refused: ${error.message}`);
          memory.write(owner, { ...remembered, settings: { ...remembered.settings, ...(patch as Partial<AccountSettings>) } });
        } else return onTransient(error instanceof Error ? error : new Error(String(error)), 0);
      }
    }
    failures = 0;
    retryAt = 0;
    setStatus({ status: 'synced', at: now() });
  }

  /** One engine step: restore when due, then push. Failures are reported in the status, never thrown. */
  function tick(options: { force?: boolean } = {}): Promise<void> {
    return exclusive(() =>
      withSyncLock(async () => {
        const state = read();
        if (!state.account) {
          if (status.status !== 'signed-out') setStatus({ status: 'signed-out' });
          restoreNeeded = true;
          rowsComplete = false;
          return;
        }
        if (!options.force && retryAt > now()) return;
        const started = clock();
        const pending = state.bookmarkQueue.length + state.progressQueue.length;
        try {
          const queued = pending > 0;
          if (restoreNeeded || now() - lastRestore >= RESTORE_INTERVAL_MS) {
            await restoreInner();
            if (!read().account) return;
            // Let the page render the merged data before pushing (keeps main-thread tasks short).
            await yieldToPage();
          } else if (queued && (pullBeforePush || now() - lastPull >= PULL_BEFORE_PUSH_MS)) {
            if (!(await pullInner())) return;
            await yieldToPage();
          }
          await pushInner();
          // A tick that had changes to push, from its start (pull included) to the push's end.
          if (queued) measure('mw:sync:tick', started, { pending, left: read().bookmarkQueue.length + read().progressQueue.length });
          if (restoreNeeded) await restoreInner(); // the session was refused while pushing: check it now
        } catch (error) {
          // A pull before a push was refused: check the session at the next tick (it logs out on 400/401/403).
          if (error instanceof BackendError && error.kind === 'auth') {
            restoreNeeded = true;
            return;
          }
          if (status.status !== 'load-failed')
            onTransient(error instanceof Error ? error : new Error(String(error)), state.bookmarkQueue.length + state.progressQueue.length);
          else {
            failures += 1;
            retryAt = now() + backoffDelay(failures, random);
          }
        }
      }),
    );
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
    /** Forget what the server had (a new account signed in, or signed out). */
    reset() {
      forget();
      restoreNeeded = true;
      failures = 0;
      retryAt = 0;
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
