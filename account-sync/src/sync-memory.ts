/**
 * What this device knows about the server's copy, kept across reloads so no change is lost:
 * - `settings`: the server settings as last synced. A local setting that differs from it is a change not
 *   yet pushed; it must survive a reload (e.g. made while the server was down) and win over the server's
 *   older copy at the next pull, then be pushed.
 * - `rows`: the server stamp (ms) of every bookmark/progress row as last seen (pull or own push), so the
 *   merge can tell "the server copy changed elsewhere" from "that is our own write" (merge.ts).
 *
 * Stored like the host's stores: `__MW::account-sync` = {"state": …, "version": 1}. It belongs to one
 * account on one server (`owner`); another owner's value is ignored. A value that cannot be read is kept
 * under `__MW::account-sync::backup::<time>` (host-core's bounded backups) and the engine starts from
 * "nothing known" (it pulls anyway).
 */
import { keyOf, readPersisted, serialize, type PersistedDefinition, type StorageLike } from 'host-core/persist';
import { themeFromWire } from 'account-wire';
import { THEME_NAMES, type AccountSettings } from 'shared-contracts';
import * as v from 'valibot';

export type { StorageLike };

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

/** What is stored: the memory and whose it is ('' = nobody's). */
interface StoredSyncMemory extends SyncMemoryState {
  owner: string;
}

const empty = (): SyncMemoryState => ({ settings: null, rows: {} });

const settingsSchema = v.object({
  applicationLanguage: v.string(),
  // Older builds kept the default theme as null, as the backend does.
  applicationTheme: v.pipe(
    v.nullish(v.string()),
    v.transform((theme) => themeFromWire(theme, THEME_NAMES)),
  ),
  defaultSubtitleLanguage: v.nullable(v.string()),
  proxyUrls: v.nullable(v.array(v.string())),
});

/**
 * The sync memory as one of host-core's persisted definitions: the same envelope, versioning and bounded
 * backups of unreadable values as the host's stores. A row stamp that is not a finite number is dropped
 * (that row is then "not known", and the next pull tells), not a reason to forget everything.
 */
export const SYNC_MEMORY: PersistedDefinition<StoredSyncMemory> = {
  name: 'account-sync',
  version: 1,
  schema: v.object({
    owner: v.string(),
    settings: v.pipe(
      v.nullable(settingsSchema),
      v.transform((settings) => settings as AccountSettings | null),
    ),
    rows: v.pipe(
      v.record(v.string(), v.unknown()),
      v.transform((rows) =>
        Object.fromEntries(
          Object.entries(rows).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])),
        ),
      ),
    ),
  }),
  defaults: () => ({ owner: '', ...empty() }),
};

export const SYNC_MEMORY_KEY = keyOf(SYNC_MEMORY.name);

export function createStorageSyncMemory(storage: StorageLike, now: () => Date = () => new Date()): SyncMemory {
  return {
    read(owner) {
      const result = readPersisted(SYNC_MEMORY, storage, now());
      if (result.source === 'recovered') {
        console.error(
          `[sync] ${SYNC_MEMORY_KEY}: stored value unreadable (${result.problem}); ${result.backupKey ? `kept under ${result.backupKey}` : 'too large to keep a backup of'}`,
        );
      }
      const { owner: stored, settings, rows } = result.state;
      return stored === owner ? { settings, rows } : empty();
    },
    write(owner, state) {
      try {
        storage.setItem(SYNC_MEMORY_KEY, serialize(SYNC_MEMORY, { owner, settings: state.settings, rows: state.rows }));
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
