/**
 * What this device knows about the server's copy, kept across reloads (DECISIONS "No data loss in sync"):
 * - `settings`: the server settings as last synced. A local setting that differs from it is a change not
 *   yet pushed; it must survive a reload (e.g. made while the server was down) and win over the server's
 *   older copy at the next pull, then be pushed.
 * - `rows`: the server stamp (ms) of every bookmark/progress row as last seen (pull or own push), so the
 *   merge can tell "the server copy changed elsewhere" from "that is our own write" (merge.ts).
 *
 * Stored like the host's stores: `__MW::account-sync` = {"state": …, "version": 1}. It belongs to one
 * account on one server (`owner`); another owner's value is ignored. A value that cannot be read is kept
 * under `__MW::account-sync::backup::<time>` and the engine starts from "nothing known" (it pulls anyway).
 */
import type { AccountSettings } from 'shared-contracts';

export const SYNC_MEMORY_KEY = '__MW::account-sync';
export const SYNC_MEMORY_VERSION = 1;

export interface SyncMemoryState {
  /** The server settings as last synced; null when not known yet. */
  settings: AccountSettings | null;
  /** Row key → server stamp in ms (see merge.ts for the keys; -1 = the row exists, its stamp is unknown). */
  rows: Record<string, number>;
}

export interface SyncMemory {
  /** What is remembered for `owner` (nothing known when another owner's, or none). */
  read(owner: string): SyncMemoryState;
  write(owner: string, state: SyncMemoryState): void;
  /** Forgets everything (logout, another account). */
  clear(): void;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const empty = (): SyncMemoryState => ({ settings: null, rows: {} });

const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

function validSettings(value: unknown): value is AccountSettings {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.applicationLanguage === 'string' &&
    isStringOrNull(s.applicationTheme) &&
    isStringOrNull(s.defaultSubtitleLanguage) &&
    (s.proxyUrls === null || (Array.isArray(s.proxyUrls) && s.proxyUrls.every((u) => typeof u === 'string')))
  );
}

/** Parses a stored value; throws with a reason when it is not one. */
export function parseSyncMemory(raw: string): { owner: string; state: SyncMemoryState } {
  const envelope = JSON.parse(raw) as unknown;
  if (!envelope || typeof envelope !== 'object' || !('state' in envelope)) throw new Error('not a {state, version} value');
  const { state, version } = envelope as { state: unknown; version: unknown };
  if (version !== SYNC_MEMORY_VERSION) throw new Error(`unknown version ${JSON.stringify(version)}`);
  if (!state || typeof state !== 'object') throw new Error('state is not an object');
  const { owner, settings, rows } = state as Record<string, unknown>;
  if (typeof owner !== 'string') throw new Error('owner is not a string');
  if (settings !== null && !validSettings(settings)) throw new Error('settings are not valid');
  if (!rows || typeof rows !== 'object' || Array.isArray(rows)) throw new Error('rows is not an object');
  const cleanRows: Record<string, number> = {};
  for (const [key, stamp] of Object.entries(rows)) if (typeof stamp === 'number' && Number.isFinite(stamp)) cleanRows[key] = stamp;
  return { owner, state: { settings: settings ?? null, rows: cleanRows } };
}

export function createStorageSyncMemory(storage: StorageLike, now: () => Date = () => new Date()): SyncMemory {
  return {
    read(owner) {
      let raw: string | null;
      try {
        raw = storage.getItem(SYNC_MEMORY_KEY);
      } catch {
        return empty(); // storage blocked (privacy mode): run on what the pulls say
      }
      if (raw === null) return empty();
      try {
        const parsed = parseSyncMemory(raw);
        return parsed.owner === owner ? parsed.state : empty();
      } catch (error) {
        console.error(`[sync] ${SYNC_MEMORY_KEY}: stored value unreadable (${(error as Error).message}); kept under a backup key`);
        try {
          storage.setItem(`${SYNC_MEMORY_KEY}::backup::${now().toISOString()}`, raw);
          storage.removeItem(SYNC_MEMORY_KEY);
        } catch {
          // quota: the value stays where it is until the next write replaces it
        }
        return empty();
      }
    },
    write(owner, state) {
      try {
        storage.setItem(
          SYNC_MEMORY_KEY,
          JSON.stringify({ state: { owner, settings: state.settings, rows: state.rows }, version: SYNC_MEMORY_VERSION }),
        );
      } catch (error) {
        // Without it the next pull still merges by time; only the own-write detection is weaker.
        console.error(`[sync] ${SYNC_MEMORY_KEY}: could not save`, error);
      }
    },
    clear() {
      try {
        storage.removeItem(SYNC_MEMORY_KEY);
      } catch {
        // storage blocked: nothing was saved either
      }
    },
  };
}

/** In memory only (tests, or no storage): lost on reload. */
export function createVolatileSyncMemory(): SyncMemory {
  let saved: { owner: string; state: SyncMemoryState } | null = null;
  return {
    read: (owner) => (saved && saved.owner === owner ? structuredClone(saved.state) : empty()),
    write: (owner, state) => void (saved = { owner, state: structuredClone(state) }),
    clear: () => void (saved = null),
  };
}
