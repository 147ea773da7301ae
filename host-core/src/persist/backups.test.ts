import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { BACKUP_BUDGET, setAside } from './backups';
import { readPersisted, type PersistedDefinition } from './persisted';
import { createPersistedStore } from './persisted-store';
import { createStores } from '../local-stores/stores';

/** Web Storage in memory, with a quota in characters (keys and values, as browsers count). */
function webStorage(initial: Record<string, string> = {}, quota = Infinity) {
  const data = new Map(Object.entries(initial));
  const used = () => [...data].reduce((sum, [k, val]) => sum + k.length + val.length, 0);
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem(k: string, val: string) {
      const after = used() - (data.has(k) ? k.length + data.get(k)!.length : 0) + k.length + val.length;
      if (after > quota) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      data.set(k, val);
    },
    removeItem: (k: string) => void data.delete(k),
    backups: (name?: string) => [...data.keys()].filter((k) => k.includes('::backup::') && (!name || k.startsWith(`__MW::${name}::`))),
  };
}

const definition: PersistedDefinition<{ items: string[] }> = {
  name: 'things',
  version: 1,
  schema: v.object({ items: v.array(v.string()) }),
  defaults: () => ({ items: [] }),
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));

describe('backups of unreadable stored values stay bounded', () => {
  it('loading the same bad value again and again keeps one backup (the key then holds the defaults)', () => {
    const storage = webStorage({ '__MW::things': 'not json' });
    for (let load = 0; load < 20; load++) readPersisted(definition, storage, at(load));
    expect(storage.backups()).toEqual(['__MW::things::backup::2026-11-25T10:00:00.000Z']);
    expect(storage.getItem('__MW::things')).toBe('{"state":{"items":[]},"version":1}');
  });

  it('a value broken again the same way is not set aside twice', () => {
    const storage = webStorage({ '__MW::things::backup::2026-11-25T10:00:00.000Z': 'not json' });
    expect(setAside(storage, 'things', 'not json', at(5))).toEqual({
      ok: true,
      backupKey: '__MW::things::backup::2026-11-25T10:00:00.000Z',
    });
    expect(storage.backups()).toHaveLength(1);
  });

  it('keeps only the newest backup of a store', () => {
    const storage = webStorage();
    for (let i = 0; i < 10; i++) {
      storage.setItem('__MW::things', `broken ${i}`);
      readPersisted(definition, storage, at(i));
    }
    expect(storage.backups()).toEqual(['__MW::things::backup::2026-11-25T10:09:00.000Z']);
    expect(storage.getItem(storage.backups()[0]!)).toBe('broken 9');
  });

  it('drops the oldest backups of other stores to stay within the budget', () => {
    const storage = webStorage({
      '__MW::a::backup::2026-11-25T09:00:00.000Z': 'a'.repeat(400),
      '__MW::b::backup::2026-11-25T09:30:00.000Z': 'b'.repeat(400),
      '__MW::bookmarks': 'live data is never touched',
    });
    expect(setAside(storage, 'c', 'c'.repeat(300), at(0), 1000)).toMatchObject({ ok: true });
    expect(storage.backups().sort()).toEqual(['__MW::b::backup::2026-11-25T09:30:00.000Z', '__MW::c::backup::2026-11-25T10:00:00.000Z']);
    expect(storage.getItem('__MW::bookmarks')).toBe('live data is never touched');
  });

  it('a value larger than the budget is not set aside, and stays under its own key', () => {
    const huge = 'x'.repeat(BACKUP_BUDGET + 1);
    const storage = webStorage({ '__MW::things': huge });
    const result = readPersisted(definition, storage, at(0));
    expect(result).toMatchObject({ source: 'recovered', backupKey: null });
    expect(storage.getItem('__MW::things')).toBe(huge);
    expect(storage.backups()).toEqual([]);
  });

  it('a full storage: nothing is lost, the value stays under its own key', () => {
    const storage = webStorage({ '__MW::things': 'not json, and storage is nearly full' }, 60);
    const result = readPersisted(definition, storage, at(0));
    expect(result).toMatchObject({ source: 'recovered', backupKey: null, state: { items: [] } });
    expect(storage.getItem('__MW::things')).toBe('not json, and storage is nearly full');
  });
});

describe('a save refused by the storage', () => {
  it('is reported with its reason, keeps the state in memory, and clears when a later save goes through', async () => {
    const storage = webStorage({}, 60);
    const onSaveFailed = vi.fn();
    const onSaved = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createPersistedStore(definition, { storage, syncTabs: false, onSaveFailed, onSaved });
    store.items.push('a value far too long for the tiny quota of this storage');
    await Promise.resolve();
    await Promise.resolve();
    expect(onSaveFailed).toHaveBeenCalledWith({ name: 'things', reason: 'storage-full' });
    expect(store.items).toEqual(['a value far too long for the tiny quota of this storage']);
    store.items.splice(0, 1, 'short');
    await Promise.resolve();
    await Promise.resolve();
    expect(onSaved).toHaveBeenCalledWith('things');
    expect(storage.getItem('__MW::things')).toBe('{"state":{"items":["short"]},"version":1}');
  });

  it("the host's stores list what could not be saved until it can be", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let full = true;
    const storage = webStorage();
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (k, val) => {
      if (full) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      setItem(k, val);
    };
    const stores = createStores(storage);
    stores.volume.volume = 0.4;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stores.saveFailures.items).toEqual([{ name: 'volume', reason: 'storage-full' }]);
    full = false;
    stores.volume.volume = 0.5;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stores.saveFailures.items).toEqual([]);
  });
});
