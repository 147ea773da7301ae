/**
 * Backups of stored values that could not be read (nothing is lost, docs/behaviour.md#local-data-stores), kept
 * bounded so that they can never fill the origin's storage: one per store (the newest), the same
 * value never twice, and all of them together within BACKUP_BUDGET characters (oldest of other stores
 * dropped first to make room).
 */
import { KEY_PREFIX } from './persisted-keys';

/** Characters all backups may take together (localStorage counts UTF-16 units; quotas are ~5 M). */
export const BACKUP_BUDGET = 1_000_000;

export interface EnumerableStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Present on Web Storage; without it only this store's own key is known. */
  readonly length?: number;
  key?(index: number): string | null;
}

export const backupKeyOf = (name: string, at: Date) => `${KEY_PREFIX}${name}::backup::${at.toISOString()}`;

const BACKUP_KEY = /^__MW::(.+)::backup::(.+)$/;

interface Backup {
  key: string;
  name: string;
  /** The ISO time in the key; sorts as time. */
  at: string;
  size: number;
}

function listBackups(storage: EnumerableStorage): Backup[] {
  if (typeof storage.key !== 'function' || typeof storage.length !== 'number') return [];
  const found: Backup[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    const match = key ? BACKUP_KEY.exec(key) : null;
    if (!key || !match) continue;
    found.push({ key, name: match[1]!, at: match[2]!, size: storage.getItem(key)?.length ?? 0 });
  }
  return found.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export type SetAside = { ok: true; backupKey: string } | { ok: false; reason: 'too-large' | 'storage-full' };

/**
 * Keeps `raw` (the unreadable value of store `name`) under a backup key. Returns the key it is under
 * (an existing one when the same value was set aside before), or why it could not be kept.
 */
export function setAside(storage: EnumerableStorage, name: string, raw: string, now: Date, budget = BACKUP_BUDGET): SetAside {
  if (raw.length > budget) return { ok: false, reason: 'too-large' };
  const backups = listBackups(storage);
  const own = backups.filter((b) => b.name === name);
  const same = own.find((b) => storage.getItem(b.key) === raw);
  if (same) return { ok: true, backupKey: same.key };
  const others = backups.filter((b) => b.name !== name);
  let total = others.reduce((sum, b) => sum + b.size, 0);
  for (const old of others) {
    if (total + raw.length <= budget) break;
    storage.removeItem(old.key);
    total -= old.size;
  }
  const backupKey = backupKeyOf(name, now);
  try {
    storage.setItem(backupKey, raw);
  } catch {
    return { ok: false, reason: 'storage-full' };
  }
  // Newest per store: the older backups of this store go once the new one is safely written.
  for (const old of own) if (old.key !== backupKey) storage.removeItem(old.key);
  return { ok: true, backupKey };
}
