import { describe, expect, it } from 'vitest';
import { createStorageSyncMemory, SYNC_MEMORY_KEY } from './sync-memory';

describe('sync memory in storage', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return {
      map,
      store: {
        getItem: (k: string) => map.get(k) ?? null,
        setItem: (k: string, v: string) => void map.set(k, v),
        removeItem: (k: string) => void map.delete(k),
      },
    };
  };
  const state = {
    settings: { applicationLanguage: 'en', applicationTheme: 'default' as const, defaultSubtitleLanguage: 'nl', proxyUrls: null },
    rows: { 'b/1': 5 },
  };

  it('round-trips for its owner; another owner reads nothing; clear forgets', () => {
    const { store } = storage();
    const memory = createStorageSyncMemory(store);
    memory.write('server#u', state);
    expect(memory.read('server#u')).toEqual(state);
    expect(memory.read('server#other')).toEqual({ settings: null, rows: {} });
    memory.clear();
    expect(memory.read('server#u')).toEqual({ settings: null, rows: {} });
  });

  it.each([
    ['not JSON', '{'],
    ['no envelope', '{"owner":"x"}'],
    ['bad settings', '{"state":{"owner":"server#u","settings":{"applicationLanguage":5},"rows":{}},"version":1}'],
    ['newer version', '{"state":{},"version":2}'],
  ])('an unreadable value (%s) is kept under a backup key and nothing is known', (_name, raw) => {
    const { map, store } = storage();
    map.set(SYNC_MEMORY_KEY, raw);
    const memory = createStorageSyncMemory(store, () => new Date('2024-01-01T00:00:00Z'));
    expect(memory.read('server#u')).toEqual({ settings: null, rows: {} });
    expect(map.get(`${SYNC_MEMORY_KEY}::backup::2024-01-01T00:00:00.000Z`)).toBe(raw);
  });
});
