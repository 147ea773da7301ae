/** A valtio proxy backed by a persisted definition: written on change, re-read when another tab writes. */
import { proxy, snapshot, subscribe } from 'valtio/vanilla';
import { keyOf, readPersisted, serialize, type PersistedDefinition, type StorageLike } from './persisted';

export interface PersistedStoreOptions {
  storage?: StorageLike;
  /** Listen to other tabs (storage events). */
  syncTabs?: boolean;
  onRecovered?: (info: { name: string; problem: string; backupKey: string | null }) => void;
  /** A save was refused (storage full, or blocked); the state stays in memory and the next change retries. */
  onSaveFailed?: (info: { name: string; reason: SaveFailureReason }) => void;
  /** A save went through (after a failure, the failure is over). */
  onSaved?: (name: string) => void;
  /** Given each store's save, to retry a refused one once another save has gone through. */
  onCreated?: (name: string, save: () => void) => void;
}

export type SaveFailureReason = 'storage-full' | 'unavailable';

/** QuotaExceededError across browsers (Firefox's older NS_ERROR_DOM_QUOTA_REACHED, Safari's code 22). */
export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export function createPersistedStore<T extends object>(definition: PersistedDefinition<T>, options: PersistedStoreOptions = {}): T {
  const storage = options.storage ?? globalThis.localStorage;
  const read = readPersisted(definition, storage);
  if (read.source === 'recovered') {
    console.warn(
      `[stores] ${definition.name}: stored value unreadable (${read.problem}); ${read.backupKey ? `kept under ${read.backupKey}` : 'it could not be set aside'}, using defaults`,
    );
    options.onRecovered?.({ name: definition.name, problem: read.problem, backupKey: read.backupKey });
  }
  const store = proxy<T>(read.state);
  let applyingRemote = false;
  const save = () => {
    try {
      storage.setItem(keyOf(definition.name), serialize(definition, snapshot(store) as T));
      options.onSaved?.(definition.name);
    } catch (error) {
      // Kept in memory (the proxy is the truth); the person is told through onSaveFailed.
      console.warn(`[stores] ${definition.name}: could not save`, error);
      options.onSaveFailed?.({ name: definition.name, reason: isQuotaError(error) ? 'storage-full' : 'unavailable' });
    }
  };
  subscribe(store, () => {
    if (!applyingRemote) save();
  });
  options.onCreated?.(definition.name, save);
  if (options.syncTabs !== false && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== keyOf(definition.name) || event.storageArea !== storage) return;
      const next = readPersisted(definition, storage);
      applyingRemote = true;
      // Replace top-level fields so subscribers see one change.
      for (const key of Object.keys(store)) if (!(key in next.state)) delete (store as Record<string, unknown>)[key];
      Object.assign(store, next.state);
      queueMicrotask(() => (applyingRemote = false));
    });
  }
  return store;
}
