import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine, RESTORE_INTERVAL_MS, settingsDiff, SYNC_INTERVAL_MS } from './sync-engine';
import { createVolatileSyncMemory } from './sync-memory';
import type { AccountSyncState } from 'shared-contracts';
import { contractAnswer, engineWith, fakeHost, healthy } from './testkit';

describe('sync engine timing', () => {
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
      ...host,
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
    ['no backend URL', (_state: AccountSyncState, host: { backendUrl: string }) => void (host.backendUrl = '')],
  ])('with %s it asks no server, though changes are queued', async (_case, without) => {
    const { state, host } = fakeHost();
    without(state, host);
    const calls: string[] = [];
    const engine = createSyncEngine({
      ...host,
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

  it('401 on the profile logs out locally', async () => {
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
  ])('%i %j on the profile logs out locally (any 400, 401 or 403)', async (status, body) => {
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
});
