/** Sync across reloads and devices: a change made while the server is down, and two devices editing one row. */
import { describe, expect, it } from 'vitest';
import { createStorageSyncMemory, createVolatileSyncMemory, SYNC_MEMORY_KEY, type SyncMemory } from './sync-memory';
import { engineWith, fakeHost, healthy, type Route } from './testkit';

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
