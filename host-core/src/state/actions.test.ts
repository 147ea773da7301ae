import { describe, expect, it } from 'vitest';
import type { Account } from 'shared-contracts';
import { createActions } from './actions';
import { createStores } from './stores';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const account: Account = {
  token: 't',
  userId: 'u',
  sessionId: 's',
  deviceName: 'encrypted',
  profile: { colorA: '#000000', colorB: '#ffffff', icon: 'user' },
  seed: 'seed',
} as Account;

describe('clearAccountData (logout, spec §4)', () => {
  it('clears the account, bookmarks, progress and the febbox token, and keeps other preferences', () => {
    const stores = createStores(memoryStorage());
    const actions = createActions(stores);
    actions.setAccount(account);
    actions.setPreferences({ febboxKey: 'secret-token', enableThumbnails: true, mediaServerUrl: 'http://jf.example' });
    actions.addBookmark({ tmdbId: '1', type: 'movie', title: 'Film', year: 1950 });
    expect(stores.bookmarks.updateQueue).toHaveLength(1);

    actions.clearAccountData();

    expect(stores.auth.account).toBeNull();
    expect(stores.bookmarks.bookmarks).toEqual({});
    expect(stores.bookmarks.updateQueue).toEqual([]);
    expect(stores.progress.items).toEqual({});
    expect(stores.preferences.febboxKey).toBe('');
    expect(stores.preferences.enableThumbnails).toBe(true);
    expect(stores.preferences.mediaServerUrl).toBe('http://jf.example');
  });
});
