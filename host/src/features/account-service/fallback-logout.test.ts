import { describe, expect, it } from 'vitest';
import { createActions, createStores } from 'host-core/local-stores';
import { fallbackLogout } from './fallback-logout';
import { memoryStorage } from 'host-core/testing';

const account = {
  token: 'tok',
  userId: 'u',
  sessionId: 's/1',
  deviceName: 'x',
  profile: { colorA: '#000', colorB: '#fff', icon: 'cat' },
  seed: 'A'.repeat(43) + '=',
};

/** The host's real stores and actions, signed in with data, a queue and a febbox token. */
function signedIn() {
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  actions.setAccount(account);
  actions.addBookmark({ tmdbId: '19', type: 'movie', title: 'Metropolis', year: 1927 });
  actions.updateProgress({ tmdbId: '234', type: 'movie', title: 'Caligari' }, { watched: 1, duration: 2 });
  actions.setPreferences({ febboxKey: 'token' });
  return { stores, actions };
}

describe('fallback logout (no account remote)', () => {
  it('deletes the server session, then clears what the host clears at logout (febbox token included)', async () => {
    const { stores, actions } = signedIn();
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetch = (async (url: string, init?: RequestInit) => (calls.push({ url, init }), new Response('{}'))) as typeof globalThis.fetch;
    await fallbackLogout({
      account: stores.auth.account,
      backendUrl: 'http://backend.test/',
      clearAccountData: actions.clearAccountData,
      fetch,
    });
    expect(calls.map((c) => [c.init?.method, c.url, (c.init?.headers as Record<string, string>).Authorization])).toEqual([
      ['DELETE', 'http://backend.test/sessions/s%2F1', 'Bearer tok'],
    ]);
    const state = actions.readAccountState();
    expect([state.account, state.bookmarks, state.bookmarkQueue, state.progress, state.progressQueue]).toEqual([null, {}, [], {}, []]);
    expect(stores.preferences.febboxKey).toBe('');
  });

  it('an unreachable server does not stop the local logout', async () => {
    const { stores, actions } = signedIn();
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    await fallbackLogout({
      account: stores.auth.account,
      backendUrl: 'http://backend.test',
      clearAccountData: actions.clearAccountData,
      fetch,
    });
    expect(actions.readAccountState().account).toBeNull();
    expect(stores.preferences.febboxKey).toBe('');
  });

  it('without a backend only the local data is cleared', async () => {
    const { stores, actions } = signedIn();
    let called = false;
    const fetch = (async () => ((called = true), new Response('{}'))) as typeof globalThis.fetch;
    await fallbackLogout({ account: stores.auth.account, backendUrl: '', clearAccountData: actions.clearAccountData, fetch });
    expect(called).toBe(false);
    expect(actions.readAccountState().bookmarks).toEqual({});
  });
});
