/** A valtio proxy backed by a persisted definition: written on change, re-read when another tab writes. */
import { proxy, snapshot, subscribe } from 'valtio/vanilla';
import { keyOf, readPersisted, serialize, type PersistedDefinition, type StorageLike } from './persisted';

export interface PersistedStoreOptions {
  storage?: StorageLike;
  /** Listen to other tabs (storage events). */
  syncTabs?: boolean;
  onRecovered?: (info: { name: string; problem: string; backupKey: string }) => void;
}

export function createPersistedStore<T extends object>(definition: PersistedDefinition<T>, options: PersistedStoreOptions = {}): T {
  const storage = options.storage ?? globalThis.localStorage;
  const read = readPersisted(definition, storage);
  if (read.source === 'recovered') {
    console.error(`[stores] ${definition.name}: stored value unreadable (${read.problem}); kept under ${read.backupKey}, using defaults`);
    options.onRecovered?.({ name: definition.name, problem: read.problem, backupKey: read.backupKey });
  }
  const store = proxy<T>(read.state);
  let applyingRemote = false;
  subscribe(store, () => {
    if (applyingRemote) return;
    try {
      storage.setItem(keyOf(definition.name), serialize(definition, snapshot(store) as T));
    } catch (error) {
      console.error(`[stores] ${definition.name}: could not save`, error);
    }
  });
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
