/**
 * Versioned persistence for the local stores (docs/behaviour.md#local-data-stores). Every value is
 * stored as {"state": …, "version": N} under __MW::<name> — the format of the described product, so
 * its data on the same origin is read as-is. Reading migrates through the chain and validates; a value
 * that cannot be read is copied to a backup key before the defaults are used, so nothing is lost.
 */
import * as v from 'valibot';
import { setAside, type EnumerableStorage } from './backups';
import { keyOf } from './persisted-keys';

export { backupKeyOf, BACKUP_BUDGET } from './backups';
export { KEY_PREFIX, keyOf } from './persisted-keys';

/** Web Storage, or anything that behaves like it (tests). */
export type StorageLike = EnumerableStorage;

export interface PersistedDefinition<T> {
  /** Store name; the key is __MW::<name>. */
  name: string;
  /** Current version. */
  version: number;
  /** migrations[n] turns a version-n state into a version-(n+1) state. Missing steps are identity. */
  migrations?: Record<number, (state: unknown) => unknown>;
  /** Validates (and may normalise) a current-version state. */
  schema: v.GenericSchema<unknown, T>;
  defaults: () => T;
}

/**
 * `recovered`: the stored value could not be read and the defaults are used. `backupKey` is where the
 * value was set aside, or null when it could not be (too large for the backup budget, or storage
 * full): then it stays under its own key until the store is next saved.
 */
export type ReadResult<T> =
  { state: T; source: 'stored' | 'default' } | { state: T; source: 'recovered'; problem: string; backupKey: string | null };

function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (!first) return 'invalid';
  const path = first.path?.map((p) => String(p.key)).join('.');
  return path ? `${path}: ${first.message}` : first.message;
}

/** Migrates and validates a stored envelope. Throws with a reason when it cannot. */
export function restore<T>(definition: PersistedDefinition<T>, raw: string): T {
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch {
    throw new Error('not JSON');
  }
  if (!envelope || typeof envelope !== 'object' || !('state' in envelope)) throw new Error('not a {state, version} value');
  const { state, version: storedVersion } = envelope as { state: unknown; version?: unknown };
  const version = storedVersion === undefined ? 0 : storedVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) throw new Error(`bad version ${JSON.stringify(version)}`);
  if (version > definition.version) throw new Error(`version ${version} is newer than this site's ${definition.version}`);
  let current = state;
  for (let n = version; n < definition.version; n++) {
    const step = definition.migrations?.[n];
    if (step) current = step(current);
  }
  const result = v.safeParse(definition.schema, current);
  if (!result.success) throw new Error(describe(result.issues));
  return result.output;
}

export function readPersisted<T>(definition: PersistedDefinition<T>, storage: StorageLike, now = new Date()): ReadResult<T> {
  const key = keyOf(definition.name);
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return { state: definition.defaults(), source: 'default' }; // storage blocked (privacy mode): run on defaults
  }
  if (raw === null) return { state: definition.defaults(), source: 'default' };
  try {
    return { state: restore(definition, raw), source: 'stored' };
  } catch (error) {
    const problem = (error as Error).message;
    const state = definition.defaults();
    const aside = setAside(storage, definition.name, raw, now);
    if (!aside.ok) return { state, source: 'recovered', problem, backupKey: null };
    try {
      // Set aside: the key now holds the defaults, so the next load does not set the same value aside again.
      storage.setItem(key, serialize(definition, state));
    } catch {
      // storage full: the value is safe under its backup key; the defaults are written at the next save
    }
    return { state, source: 'recovered', problem, backupKey: aside.backupKey };
  }
}

export function serialize<T>(definition: PersistedDefinition<T>, state: T): string {
  return JSON.stringify({ state, version: definition.version });
}
