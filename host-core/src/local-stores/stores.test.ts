import { describe, expect, it, vi } from 'vitest';
import type { StorageLike } from '../persist/persisted';
import { createStores } from './stores';

/** A storage that refuses every write while `full` is set, as a browser's does at its quota. */
function storageWithQuota() {
  const items = new Map<string, string>();
  const state = { full: false };
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (state.full) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  return { storage, items, state };
}

/** valtio tells subscribers after the current task's microtasks. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createStores: saves refused by a full storage', () => {
  it('saves every refused store once one save goes through again, not only the store that changed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { storage, items, state } = storageWithQuota();
    const stores = createStores(storage);
    state.full = true;
    stores.region.region = 'europe';
    stores.language.language = 'de';
    await settled();
    expect(stores.saveFailures.items.map((f) => f.name).sort()).toEqual(['locale', 'region']);
    expect(items.size).toBe(0);
    state.full = false;
    stores.volume.volume = 0.5; // a change to a store that never failed
    await settled();
    expect(stores.saveFailures.items).toEqual([]);
    expect(JSON.parse(items.get('__MW::region')!).state.region).toBe('europe');
    expect(JSON.parse(items.get('__MW::locale')!).state.language).toBe('de');
  });

  it('keeps a store on the list while its own retry is still refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { storage, state } = storageWithQuota();
    const stores = createStores(storage);
    state.full = true;
    stores.region.region = 'europe';
    await settled();
    state.full = false;
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      if (key === '__MW::region') throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' }); // still too large
      setItem(key, value);
    };
    stores.volume.volume = 0.3;
    await settled();
    expect(stores.saveFailures.items).toEqual([{ name: 'region', reason: 'storage-full' }]);
  });
});
