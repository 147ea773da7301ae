import { describe, expect, it } from 'vitest';
import { SYNC_MEMORY_KEY, createStorageSyncMemory } from './sync-memory';

function storageWith(value: unknown) {
  const items = new Map<string, string>([[SYNC_MEMORY_KEY, JSON.stringify(value)]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, v: string) => void items.set(key, v),
    removeItem: (key: string) => void items.delete(key),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
    items,
  };
}

const settings = (applicationTheme: unknown) => ({
  applicationLanguage: 'en',
  applicationTheme,
  defaultSubtitleLanguage: null,
  proxyUrls: null,
});

describe('the sync memory of the last synced settings', () => {
  it.each([
    ['null, as older builds kept the default theme', null, 'default'],
    ["'' from an older client", '', 'default'],
    ["'default'", 'default', 'default'],
    ['a theme name', 'teal', 'teal'],
    ['a name this build does not know', 'neon', 'default'],
  ])('reads a stored theme of %s', (_, stored, expected) => {
    const storage = storageWith({ state: { owner: 'me', settings: settings(stored), rows: { a: 1 } }, version: 1 });
    const memory = createStorageSyncMemory(storage).read('me');
    expect(memory.settings?.applicationTheme).toBe(expected);
    // Nothing else of the memory is lost on the way.
    expect(memory.rows).toEqual({ a: 1 });
    expect(memory.settings?.applicationLanguage).toBe('en');
  });

  it("writes the default theme as 'default' and reads it back", () => {
    const storage = storageWith(null);
    const memory = createStorageSyncMemory(storage);
    memory.write('me', { settings: { ...settings('default'), applicationTheme: 'default' }, rows: {} });
    expect(memory.read('me').settings?.applicationTheme).toBe('default');
  });
});
