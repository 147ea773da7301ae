import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountServiceHost, AccountSyncState, HostActions } from 'shared-contracts';
import { createSyncEngine, RESTORE_INTERVAL_MS, settingsDiff, SYNC_INTERVAL_MS } from './sync-engine';
import { createStorageSyncMemory, createVolatileSyncMemory, SYNC_MEMORY_KEY, type SyncMemory } from './sync-memory';
import { contractAnswer } from './testkit';

/** A host whose stores are plain objects, with just the actions the engine calls. */
function fakeHost() {
  const state: AccountSyncState = {
    account: {
      token: 't',
      userId: 'u',
      sessionId: 's',
      deviceName: 'x',
      profile: { colorA: '#000', colorB: '#fff', icon: 'cat' },
      seed: 'AAAA',
    },
    customBackendUrl: null,
    bookmarks: { a: { type: 'movie', title: 'Local A', updatedAt: 100 } },
    bookmarkQueue: [{ id: 'q1', action: 'add', tmdbId: 'a', type: 'movie', title: 'Local A' }],
    progress: {},
    progressQueue: [],
    settings: { applicationLanguage: 'en', applicationTheme: 'default', defaultSubtitleLanguage: null, proxyUrls: null },
  };
  const writes: string[] = [];
  const actions = {
    readAccountState: () => state,
    replaceBookmarks: (items) => void (writes.push('bookmarks'), (state.bookmarks = items)),
    replaceProgress: (items) => void (writes.push('progress'), (state.progress = items)),
    acknowledgeSyncUpdates: ({ bookmarks = [], progress = [] }) => {
      state.bookmarkQueue = state.bookmarkQueue.filter((u) => !bookmarks.includes(u.id));
      state.progressQueue = state.progressQueue.filter((u) => !progress.includes(u.id));
    },
    clearAccountData: () => void Object.assign(state, { account: null, bookmarks: {}, bookmarkQueue: [], progress: {}, progressQueue: [] }),
    updateAccount: () => void writes.push('account'),
    setLanguage: (language) => void (writes.push('language'), (state.settings = { ...state.settings, applicationLanguage: language })),
    setTheme: (theme) => void (writes.push('theme'), (state.settings = { ...state.settings, applicationTheme: theme })),
    setSubtitleSettings: ({ lastSelectedLanguage }) =>
      void (state.settings = { ...state.settings, defaultSubtitleLanguage: lastSelectedLanguage ?? null }),
    setProxyUrls: (urls) => void (state.settings = { ...state.settings, proxyUrls: urls }),
  } as Partial<HostActions> as HostActions;
  const host: AccountServiceHost = { config: { backendUrl: 'http://backend.test' } as AccountServiceHost['config'], actions };
  return { state, host, writes };
}

type Route = (method: string, path: string) => { status: number; body?: unknown } | 'network';

function engineWith(
  route: Route,
  clock = { now: 0 },
  options: { memory?: SyncMemory; host?: ReturnType<typeof fakeHost>; log?: (message: string) => void } = {},
) {
  const { state, host, writes } = options.host ?? fakeHost();
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  const fetch = async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (init?.body) bodies[`${init.method} ${path}`] = JSON.parse(init.body as string);
    const result = route(init?.method ?? 'GET', path);
    if (result === 'network') throw new TypeError('Failed to fetch');
    const reply =
      result.body ??
      (result.status === 200 ? contractAnswer(init?.method ?? 'GET', path, init?.body ? JSON.parse(init.body as string) : undefined) : {});
    return new Response(JSON.stringify(reply), { status: result.status, headers: { 'Content-Type': 'application/json' } });
  };
  const engine = createSyncEngine({
    host,
    fetch,
    manual: true,
    now: () => clock.now,
    random: () => 1,
    log: options.log ?? (() => {}),
    memory: options.memory ?? createVolatileSyncMemory(),
    yieldToPage: async () => {},
  });
  return { engine, state, calls, bodies, clock, writes };
}

const healthy: Route = (method, path) => {
  if (method === 'GET' && path.endsWith('/bookmarks'))
    return { status: 200, body: [{ tmdbId: 'b', meta: { title: 'Server B', year: 1, type: 'movie' }, updatedAt: '2024-01-01T00:00:00Z' }] };
  if (method === 'GET' && path.endsWith('/settings')) return { status: 200, body: { id: 'u', applicationLanguage: 'de' } };
  // Everything else (the profile, the progress, every write): what a movie-web backend answers.
  return { status: 200 };
};

describe('sync engine timing (spec §9)', () => {
  afterEach(() => void vi.useRealTimers());
  const profileFetches = (calls: string[]) => calls.filter((c) => c === 'GET /users/@me').length;

  it('restores (profile fetch and pull) at start and again every 12 h, not in between', async () => {
    expect(RESTORE_INTERVAL_MS).toBe(12 * 60 * 60 * 1000);
    const { engine, calls, clock } = engineWith(healthy);
    await engine.tick();
    expect(profileFetches(calls)).toBe(1);
    clock.now = RESTORE_INTERVAL_MS - 1;
    await engine.tick();
    expect(profileFetches(calls)).toBe(1);
    clock.now = RESTORE_INTERVAL_MS;
    await engine.tick();
    expect(profileFetches(calls)).toBe(2);
  });

  it('ticks every 5 s once started, and no more after stop', async () => {
    expect(SYNC_INTERVAL_MS).toBe(5000);
    vi.useFakeTimers();
    const { host, state } = fakeHost();
    const calls: string[] = [];
    const engine = createSyncEngine({
      host,
      fetch: async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
        const method = init?.method ?? 'GET';
        const path = new URL(url).pathname;
        const result = healthy(method, path) as { status: number; body?: unknown };
        const reply = result.body ?? contractAnswer(method, path, init?.body ? JSON.parse(init.body as string) : undefined);
        return new Response(JSON.stringify(reply), { status: result.status, headers: { 'Content-Type': 'application/json' } });
      },
      now: () => Date.now(),
      random: () => 1,
      log: () => {},
      memory: createVolatileSyncMemory(),
      yieldToPage: async () => {},
    });
    engine.start(); // the first step at once (restore and push)
    await vi.advanceTimersByTimeAsync(10);
    const afterStart = calls.length;
    expect(profileFetches(calls)).toBe(1);
    // Nothing queued: later steps do nothing on the wire, so count the steps through the bookmarks queue instead.
    state.bookmarkQueue = [...state.bookmarkQueue, { id: 'q2', action: 'add', tmdbId: 'c', type: 'movie', title: 'C' }];
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS - 100);
    expect(calls.length).toBe(afterStart);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.filter((c) => c.startsWith('POST') || c.startsWith('PUT')).length).toBeGreaterThan(0);
    const pushed = calls.length;
    engine.stop();
    state.bookmarkQueue = [...state.bookmarkQueue, { id: 'q3', action: 'add', tmdbId: 'd', type: 'movie', title: 'D' }];
    await vi.advanceTimersByTimeAsync(3 * SYNC_INTERVAL_MS);
    expect(calls.length).toBe(pushed);
  });
});

describe('sync engine', () => {
  it.each([
    ['no account', (state: AccountSyncState) => void (state.account = null)],
    ['no backend URL', (_state: AccountSyncState, host: AccountServiceHost) => void (host.config.backendUrl = '')],
  ])('with %s it asks no server, though changes are queued', async (_case, without) => {
    const { state, host } = fakeHost();
    without(state, host);
    const calls: string[] = [];
    const engine = createSyncEngine({
      host,
      fetch: async (url: string) => {
        calls.push(url);
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
      manual: true,
      now: () => 0,
      random: () => 1,
      log: () => {},
      memory: createVolatileSyncMemory(),
      yieldToPage: async () => {},
    });
    await engine.tick({ force: true });
    await engine.restoreNow();
    expect(calls).toEqual([]);
    expect(state.bookmarkQueue).toHaveLength(1);
  });

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
    const { engine, state, clock } = engineWith((m, p) =>
      fail && m === 'PUT' ? { status: 500, body: { errorType: 'message', message: 'Internal server error' } } : healthy(m, p),
    );
    await engine.tick();
    expect(state.bookmarkQueue).toHaveLength(1);
    expect(engine.getStatus()).toMatchObject({ status: 'retrying', pending: 1 });
    fail = false;
    clock.now = 10_000;
    await engine.tick();
    expect(state.bookmarkQueue).toEqual([]);
  });

  it('a permanent 4xx drops the change from the queue and logs it; the rest goes through', async () => {
    const logged: string[] = [];
    const host = fakeHost();
    host.state.progressQueue = [
      { id: 'p1', action: 'upsert', tmdbId: 'bad', type: 'movie', title: 'Refused', progress: { watched: 1, duration: 2 } },
      { id: 'p2', action: 'upsert', tmdbId: 'good', type: 'movie', title: 'Taken', progress: { watched: 1, duration: 2 } },
    ];
    const refused = {
      status: 400,
      body: {
        errorType: 'validation',
        errors: [{ code: 'invalid_type', path: ['meta', 'year'], message: 'Expected number, received null' }],
      },
    };
    // The bulk import of the two new rows is refused as a whole (one bad item); then each goes alone.
    const { engine, state, calls } = engineWith(
      (m, p) => (m === 'PUT' && (p.endsWith('/progress/bad') || p.endsWith('/progress/import')) ? refused : healthy(m, p)),
      undefined,
      {
        host,
        log: (m) => logged.push(m),
      },
    );
    await engine.tick();
    expect(calls).toContain('PUT /users/u/progress/bad');
    expect(calls).toContain('PUT /users/u/progress/good');
    expect(state.progressQueue).toEqual([]);
    expect(state.bookmarkQueue).toEqual([]);
    expect(logged.filter((m) => m.includes('dropped'))).toEqual(['[sync] dropped 1 change(s) the server refused: HTTP 400']);
    expect(engine.getStatus().status).toBe('synced');
  });

  it('401 on the profile logs out locally (spec §8)', async () => {
    const { engine, state } = engineWith(() => ({ status: 401, body: { errorType: 'message', message: 'Not logged in' } }));
    await engine.tick();
    expect(state.account).toBeNull();
    expect(engine.getStatus().status).toBe('signed-out');
  });

  it.each([
    [400, { errorType: 'message', message: 'Invalid authentication' }],
    [400, { errorType: 'validation', errors: [] }],
    [400, { errorType: 'message', message: 'Bad Request' }],
    [403, { errorType: 'message', message: 'Cannot access other user information' }],
  ])('%i %j on the profile logs out locally (spec §8: any 400, 401 or 403)', async (status, body) => {
    const { engine, state } = engineWith((m, p) => (p === '/users/@me' ? { status, body } : healthy(m, p)));
    await engine.tick();
    expect(state.account).toBeNull();
    expect(state.bookmarks).toEqual({});
    expect(engine.getStatus().status).toBe('signed-out');
  });

  it.each([404, 500])('%i on the profile does not log out: the load failed, the account and its queue stay', async (status) => {
    const { engine, state } = engineWith((m, p) =>
      p === '/users/@me' ? { status, body: { errorType: 'message', message: 'x' } } : healthy(m, p),
    );
    await engine.tick();
    expect(state.account).not.toBeNull();
    expect(state.bookmarkQueue).toHaveLength(1);
    expect(engine.getStatus().status).toBe('load-failed');
  });

  it('a 400 on another route is about the data, not the session: no logout', async () => {
    const { engine, state } = engineWith((m, p) =>
      m === 'PUT' && p.endsWith('/bookmarks') ? { status: 400, body: { errorType: 'validation', errors: [] } } : healthy(m, p),
    );
    await engine.tick();
    expect(state.account).not.toBeNull();
  });

  it('settings: only changed keys are sent, nothing before the server state is known', () => {
    const base = { applicationLanguage: 'en', applicationTheme: 'default' as const, defaultSubtitleLanguage: null, proxyUrls: null };
    expect(settingsDiff({ ...base, applicationLanguage: 'fr' }, null)).toEqual({});
    expect(settingsDiff({ ...base, defaultSubtitleLanguage: 'nl' }, base)).toEqual({ defaultSubtitleLanguage: 'nl' });
    expect(settingsDiff({ ...base, proxyUrls: ['http://p'] }, base)).toEqual({ proxyUrls: ['http://p'] });
  });

  it('a pull that brings nothing new writes nothing (no store write, no re-render); a profile in another key order is the same', async () => {
    const { engine, state, writes } = engineWith((method, path) => {
      // The server stamps on receipt (later than the local edit) and answers jsonb keys in its own order.
      if (path === '/users/@me') {
        const me = contractAnswer('GET', path, undefined) as { user: object };
        return { status: 200, body: { ...me, user: { ...me.user, profile: { icon: 'cat', colorA: '#000', colorB: '#fff' } } } };
      }
      if (method === 'GET' && path.endsWith('/bookmarks'))
        return {
          status: 200,
          body: [{ tmdbId: 'a', meta: { title: 'Local A', year: 0, type: 'movie' }, updatedAt: new Date(5000).toISOString() }],
        };
      if (method === 'GET' && path.endsWith('/settings')) return { status: 200, body: { id: 'u', applicationLanguage: 'en' } };
      return healthy(method, path);
    });
    state.bookmarkQueue = [];
    await engine.tick();
    expect(writes).toEqual([]);
    expect(Object.keys(state.bookmarks)).toEqual(['a']);
  });

  describe('settings changed while the server is down survive a reload', () => {
    /** The server's settings, changed by PUT like the real one (partial update). */
    function settingsServer(initial: Record<string, unknown>) {
      const server = { settings: { ...initial }, down: false };
      const route: Route = (method, path) => {
        if (server.down) return 'network';
        if (method === 'GET' && path.endsWith('/settings')) return { status: 200, body: { id: 'u', ...server.settings } };
        if (method === 'GET' && path.endsWith('/bookmarks')) return { status: 200, body: [] };
        return healthy(method, path);
      };
      return { server, route };
    }

    const scenario = async (memory: () => SyncMemory) => {
      const { server, route } = settingsServer({
        applicationLanguage: 'en',
        applicationTheme: 'blue',
        defaultSubtitleLanguage: 'en',
        proxyUrls: ['http://old.proxy'],
      });
      const put = (bodies: Record<string, unknown>) => bodies['PUT /users/u/settings'] as Record<string, unknown> | undefined;
      const device = fakeHost();
      device.state.bookmarkQueue = [];
      device.state.settings = {
        applicationLanguage: 'en',
        applicationTheme: 'blue',
        defaultSubtitleLanguage: 'en',
        proxyUrls: ['http://old.proxy'],
      };
      const first = engineWith(route, { now: 0 }, { memory: memory(), host: device });
      await first.engine.tick(); // in step with the server
      // The server goes down; the user changes every server setting; the page reloads (a new engine).
      server.down = true;
      device.state.settings = {
        applicationLanguage: 'de',
        applicationTheme: 'red',
        defaultSubtitleLanguage: 'nl',
        proxyUrls: ['http://new.proxy'],
      };
      await first.engine.tick({ force: true });
      server.down = false;
      const second = engineWith(route, { now: 0 }, { memory: memory(), host: device });
      await second.engine.tick();
      return { settings: device.state.settings, pushed: put(second.bodies) };
    };

    it('with the synced snapshot kept in storage: the local change stays and is pushed', async () => {
      const storage = new Map<string, string>();
      const memory = () =>
        createStorageSyncMemory({
          getItem: (k) => storage.get(k) ?? null,
          setItem: (k, v) => void storage.set(k, v),
          removeItem: (k) => void storage.delete(k),
        });
      const { settings, pushed } = await scenario(memory);
      expect(settings).toEqual({
        applicationLanguage: 'de',
        applicationTheme: 'red',
        defaultSubtitleLanguage: 'nl',
        proxyUrls: ['http://new.proxy'],
      });
      expect(pushed).toEqual({
        applicationLanguage: 'de',
        applicationTheme: 'red',
        defaultSubtitleLanguage: 'nl',
        proxyUrls: ['http://new.proxy'],
      });
      expect(JSON.parse(storage.get(SYNC_MEMORY_KEY)!)).toMatchObject({
        version: 1,
        state: { owner: 'http://backend.test#u', settings: { applicationTheme: 'red' } },
      });
    });

    it('(what went wrong with the snapshot in memory only: the server copy overwrote the change)', async () => {
      const { settings, pushed } = await scenario(() => createVolatileSyncMemory());
      expect(settings.applicationTheme).toBe('blue');
      expect(pushed).toBeUndefined();
    });
  });

  describe('the newer change wins whichever device pushes first', () => {
    const S = 1000;
    /** One server row for bookmark "a", stamped like a server that keeps the client's edit time. */
    function sharedServer() {
      const row = { title: 'Original', updatedAt: 1 * S };
      let down = false;
      const route: Route = (method, path) => {
        if (down) return 'network';
        if (method === 'GET' && path.endsWith('/bookmarks'))
          return {
            status: 200,
            body: [{ tmdbId: 'a', meta: { title: row.title, year: 0, type: 'movie' }, updatedAt: new Date(row.updatedAt).toISOString() }],
          };
        if (method === 'GET' && path.endsWith('/settings')) return { status: 200, body: { id: 'u' } };
        return healthy(method, path);
      };
      return { row, route, setDown: (value: boolean) => void (down = value) };
    }

    it('a change made offline is not pushed over a newer one another device pushed meanwhile; it is dropped and the newer copy taken', async () => {
      const shared = sharedServer();
      const clock = { now: 0 };
      const device = engineWith((m, p) => {
        const answer = shared.route(m, p);
        if (m === 'PUT' && p.endsWith('/bookmarks') && answer !== 'network')
          Object.assign(shared.row, { title: device.state.bookmarks.a!.title, updatedAt: clock.now });
        return answer;
      }, clock);
      device.state.bookmarks = { a: { type: 'movie', title: 'Original', updatedAt: 1 * S } };
      device.state.bookmarkQueue = [];
      await device.engine.tick(); // pulled: knows the server row
      // Offline, this device edits at 10 s; the push fails.
      shared.setDown(true);
      clock.now = 10 * S;
      device.state.bookmarks = { a: { type: 'movie', title: 'Older edit', updatedAt: 10 * S } };
      device.state.bookmarkQueue = [{ id: 'mine', action: 'add', tmdbId: 'a', type: 'movie', title: 'Older edit' }];
      await device.engine.tick({ force: true });
      expect(device.state.bookmarkQueue).toHaveLength(1);
      // Another device edits at 20 s and pushes it.
      shared.setDown(false);
      Object.assign(shared.row, { title: 'Newer edit', updatedAt: 20 * S });
      clock.now = 30 * S;
      const before = device.calls.length;
      await device.engine.tick({ force: true });
      expect(device.calls.slice(before)).not.toContain('PUT /users/u/bookmarks');
      expect(device.state.bookmarkQueue).toEqual([]);
      expect(device.state.bookmarks.a!.title).toBe('Newer edit');
      expect(shared.row.title).toBe('Newer edit');
    });

    it('with a server that keeps the edit time it is sent, the older edit arriving first still loses on both devices', async () => {
      const shared = sharedServer();
      const clock = { now: 0 };
      const keepsEditTime =
        (device: () => ReturnType<typeof engineWith>): Route =>
        (m, p) => {
          const answer = shared.route(m, p);
          if (m === 'PUT' && p.endsWith('/bookmarks') && answer !== 'network') {
            const [item] = device().bodies['PUT /users/u/bookmarks'] as { meta: { title: string }; updatedAt: string }[];
            Object.assign(shared.row, { title: item!.meta.title, updatedAt: Date.parse(item!.updatedAt) });
            return {
              status: 200,
              body: [
                {
                  tmdbId: 'a',
                  meta: { title: shared.row.title, year: 0, type: 'movie' },
                  updatedAt: new Date(shared.row.updatedAt).toISOString(),
                },
              ],
            };
          }
          return answer;
        };
      const a: ReturnType<typeof engineWith> = engineWith(
        keepsEditTime(() => a),
        clock,
      );
      const b: ReturnType<typeof engineWith> = engineWith(
        keepsEditTime(() => b),
        clock,
      );
      for (const device of [a, b]) {
        device.state.bookmarks = { a: { type: 'movie', title: 'Original', updatedAt: 1 * S } };
        device.state.bookmarkQueue = [];
        await device.engine.tick();
      }
      // Both edit while offline: A at 10 s, B at 20 s. A reaches the server first, then B.
      a.state.bookmarks = { a: { type: 'movie', title: 'A (older)', updatedAt: 10 * S } };
      a.state.bookmarkQueue = [{ id: 'a1', action: 'add', tmdbId: 'a', type: 'movie', title: 'A (older)' }];
      b.state.bookmarks = { a: { type: 'movie', title: 'B (newer)', updatedAt: 20 * S } };
      b.state.bookmarkQueue = [{ id: 'b1', action: 'add', tmdbId: 'a', type: 'movie', title: 'B (newer)' }];
      clock.now = 100 * S;
      await a.engine.restoreNow();
      expect(shared.row.title).toBe('A (older)');
      await b.engine.restoreNow();
      expect(shared.row.title).toBe('B (newer)');
      expect(b.state.bookmarkQueue).toEqual([]);
      await a.engine.restoreNow();
      expect(a.state.bookmarks.a!.title).toBe('B (newer)');
    });

    it('a change made offline that is newer than the server copy is pushed', async () => {
      const shared = sharedServer();
      const device = engineWith(shared.route);
      device.state.bookmarks = { a: { type: 'movie', title: 'Original', updatedAt: 1 * S } };
      device.state.bookmarkQueue = [];
      await device.engine.tick();
      Object.assign(shared.row, { title: 'Older edit elsewhere', updatedAt: 5 * S });
      device.state.bookmarks = { a: { type: 'movie', title: 'Newer here', updatedAt: 9 * S } };
      device.state.bookmarkQueue = [{ id: 'mine', action: 'add', tmdbId: 'a', type: 'movie', title: 'Newer here' }];
      await device.engine.restoreNow();
      expect(device.calls).toContain('PUT /users/u/bookmarks');
      expect(device.bodies['PUT /users/u/bookmarks']).toEqual([
        { tmdbId: 'a', meta: { title: 'Newer here', year: 0, type: 'movie' }, updatedAt: new Date(9 * S).toISOString() },
      ]);
      expect(device.state.bookmarkQueue).toEqual([]);
    });
  });
});

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
