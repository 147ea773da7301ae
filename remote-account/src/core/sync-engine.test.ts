import { describe, expect, it } from 'vitest';
import type { AccountServiceHost, AccountSyncState, BookmarkUpdate, HostActions } from 'shared-contracts';
import { createSyncEngine, settingsDiff } from './sync-engine';

/** A host whose stores are plain objects, with just the actions the engine calls. */
function fakeHost() {
  const state: AccountSyncState = {
    account: { token: 't', userId: 'u', sessionId: 's', deviceName: 'x', profile: { colorA: '#000', colorB: '#fff', icon: 'cat' }, seed: 'AAAA' },
    customBackendUrl: null,
    bookmarks: { a: { type: 'movie', title: 'Local A', updatedAt: 100 } },
    bookmarkQueue: [{ id: 'q1', action: 'add', tmdbId: 'a', type: 'movie', title: 'Local A' } as BookmarkUpdate],
    progress: {},
    progressQueue: [],
    settings: { applicationLanguage: 'en', applicationTheme: null, defaultSubtitleLanguage: null, proxyUrls: null },
  };
  const actions = {
    readAccountState: () => state,
    replaceBookmarks: (items) => void (state.bookmarks = items),
    replaceProgress: (items) => void (state.progress = items),
    acknowledgeSyncUpdates: ({ bookmarks = [], progress = [] }) => {
      state.bookmarkQueue = state.bookmarkQueue.filter((u) => !bookmarks.includes(u.id));
      state.progressQueue = state.progressQueue.filter((u) => !progress.includes(u.id));
    },
    clearAccountData: () => void Object.assign(state, { account: null, bookmarks: {}, bookmarkQueue: [], progress: {}, progressQueue: [] }),
    updateAccount: () => {},
    setLanguage: (language) => void (state.settings = { ...state.settings, applicationLanguage: language }),
    setTheme: () => {},
    setSubtitleSettings: () => {},
    setProxyUrls: () => {},
  } as Partial<HostActions> as HostActions;
  const host: AccountServiceHost = { config: { backendUrl: 'http://backend.test' } as AccountServiceHost['config'], actions };
  return { state, host };
}

type Route = (method: string, path: string) => { status: number; body?: unknown } | 'network';

function engineWith(route: Route, clock = { now: 0 }) {
  const { state, host } = fakeHost();
  const calls: string[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const result = route(init?.method ?? 'GET', path);
    if (result === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(result.body ?? {}), { status: result.status, headers: { 'Content-Type': 'application/json' } });
  };
  const engine = createSyncEngine({ host, fetch, manual: true, now: () => clock.now, random: () => 1, log: () => {} });
  return { engine, state, calls, clock };
}

const healthy: Route = (method, path) => {
  if (path === '/users/@me') return { status: 200, body: { user: { id: 'u', profile: { colorA: '#000', colorB: '#fff', icon: 'cat' } }, session: { id: 's' } } };
  if (method === 'GET' && path.endsWith('/bookmarks')) return { status: 200, body: [{ tmdbId: 'b', meta: { title: 'Server B', year: 1, type: 'movie' }, updatedAt: '2024-01-01T00:00:00Z' }] };
  if (method === 'GET' && path.endsWith('/progress')) return { status: 200, body: [] };
  if (method === 'GET' && path.endsWith('/settings')) return { status: 200, body: { id: 'u', applicationLanguage: 'de' } };
  return { status: 200, body: [] };
};

describe('sync engine', () => {
  it('restores (queued local items survive the merge), then pushes and empties the queue', async () => {
    const { engine, state, calls } = engineWith(healthy);
    await engine.tick();
    expect(Object.keys(state.bookmarks).sort()).toEqual(['a', 'b']);
    expect(state.bookmarkQueue).toEqual([]);
    expect(state.settings.applicationLanguage).toBe('de');
    expect(calls).toContain('PUT /users/u/bookmarks');
    expect(engine.getStatus().status).toBe('synced');
  });

  it('keeps the queue through a network outage and backs off; pushes once the server is back', async () => {
    let down = true;
    const { engine, state, clock } = engineWith((m, p) => (down ? 'network' : healthy(m, p)));
    await engine.tick();
    expect(state.bookmarkQueue).toHaveLength(1);
    const status = engine.getStatus();
    expect(status.status === 'load-failed' || status.status === 'retrying').toBe(true);
    down = false;
    clock.now = 1000; // inside the 5 s backoff: no attempt
    await engine.tick();
    expect(state.bookmarkQueue).toHaveLength(1);
    clock.now = 6000;
    await engine.tick();
    expect(state.bookmarkQueue).toEqual([]);
  });

  it('500 on push: retried later, never dropped', async () => {
    let fail = true;
    const { engine, state, clock } = engineWith((m, p) => (fail && m === 'PUT' ? { status: 500, body: { errorType: 'message', message: 'Internal server error' } } : healthy(m, p)));
    await engine.tick();
    expect(state.bookmarkQueue).toHaveLength(1);
    expect(engine.getStatus()).toMatchObject({ status: 'retrying', pending: 1 });
    fail = false;
    clock.now = 10_000;
    await engine.tick();
    expect(state.bookmarkQueue).toEqual([]);
  });

  it('401 on the profile logs out locally (spec §8)', async () => {
    const { engine, state } = engineWith(() => ({ status: 401, body: { errorType: 'message', message: 'Not logged in' } }));
    await engine.tick();
    expect(state.account).toBeNull();
    expect(engine.getStatus().status).toBe('signed-out');
  });

  it('settings: only changed keys are sent, nothing before the server state is known', () => {
    const base = { applicationLanguage: 'en', applicationTheme: null, defaultSubtitleLanguage: null, proxyUrls: null };
    expect(settingsDiff({ ...base, applicationLanguage: 'fr' }, null)).toEqual({});
    expect(settingsDiff({ ...base, defaultSubtitleLanguage: 'nl' }, base)).toEqual({ defaultSubtitleLanguage: 'nl' });
    expect(settingsDiff({ ...base, proxyUrls: ['http://p'] }, base)).toEqual({ proxyUrls: ['http://p'] });
  });
});
