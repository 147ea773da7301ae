/** Bulk writes (one heavy user must not stall everyone): chunked, newer-wins, per-account limits answered with 413. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, movieMeta, register, startBackend, type Account, type TestServer } from './testkit';

let server: TestServer;
let me: Account;
beforeAll(async () => {
  server = await startBackend({ BACKEND_MAX_BOOKMARKS: '600', BACKEND_MAX_PROGRESS_ITEMS: '700' });
  me = await register(server.url);
});
afterAll(() => server?.close());

const u = () => `/users/${me.userId}`;

describe('bulk writes', () => {
  it('a list of bookmarks over several chunks: every one stored, answered in the order sent, the newest of duplicates kept', async () => {
    const items = Array.from({ length: 520 }, (_, i) => ({
      tmdbId: String(10_000 + i),
      meta: movieMeta(`T${i}`),
      updatedAt: '2024-01-01T00:00:00Z',
    }));
    items.push({ tmdbId: '10000', meta: movieMeta('T0 newer'), updatedAt: '2024-06-01T00:00:00Z' });
    items.push({ tmdbId: '10001', meta: movieMeta('T1 older'), updatedAt: '2023-01-01T00:00:00Z' });
    const res = await call(server.url, 'PUT', `${u()}/bookmarks`, { token: me.token, body: items });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(522);
    expect(res.body[0]).toMatchObject({ tmdbId: '10000', meta: { title: 'T0 newer' } });
    expect(res.body[1]).toMatchObject({ tmdbId: '10001', meta: { title: 'T1' } });
    const all = await call(server.url, 'GET', `${u()}/bookmarks`, { token: me.token });
    expect(all.body).toHaveLength(520);
    // An older copy sent again changes nothing.
    const again = await call(server.url, 'PUT', `${u()}/bookmarks`, {
      token: me.token,
      body: [{ tmdbId: '10000', meta: movieMeta('stale'), updatedAt: '2022-01-01T00:00:00Z' }],
    });
    expect(again.body[0].meta.title).toBe('T0 newer');
  });

  it('refuses with 413 a list that would take the account past its bookmark limit, and writes none of it', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ tmdbId: String(20_000 + i), meta: movieMeta() }));
    const res = await call(server.url, 'PUT', `${u()}/bookmarks`, { token: me.token, body: items });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errorType: 'message', message: 'Too many bookmarks: an account keeps at most 600' });
    expect((await call(server.url, 'GET', `${u()}/bookmarks`, { token: me.token })).body).toHaveLength(520);
    // Rows it has already do not count twice.
    const update = await call(server.url, 'PUT', `${u()}/bookmarks`, {
      token: me.token,
      body: [...items.slice(0, 80), { tmdbId: '10005', meta: movieMeta('again') }],
    });
    expect(update.status).toBe(200);
    expect((await call(server.url, 'POST', `${u()}/bookmarks/30000`, { token: me.token, body: { meta: movieMeta() } })).status).toBe(413);
  });

  it('imports progress over several chunks (further watched wins) and refuses past the limit with 413', async () => {
    const item = (i: number, watched: number) => ({
      tmdbId: String(500 + Math.floor(i / 10)),
      seasonId: `s${i % 3}`,
      episodeId: `e${i}`,
      seasonNumber: 1,
      episodeNumber: i,
      meta: { ...movieMeta(`S${i}`), type: 'show' as const },
      duration: 3000,
      watched,
    });
    const items = Array.from({ length: 600 }, (_, i) => item(i, 100));
    items.push(item(0, 50), item(1, 900));
    const res = await call(server.url, 'PUT', `${u()}/progress/import`, { token: me.token, body: items });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(602);
    expect(res.body[0]).toMatchObject({ tmdbId: '500', episode: { id: 'e0' }, watched: 100 });
    expect(res.body[1]).toMatchObject({ episode: { id: 'e1' }, watched: 900 });
    expect((await call(server.url, 'GET', `${u()}/progress`, { token: me.token })).body).toHaveLength(600);
    const more = await call(server.url, 'PUT', `${u()}/progress/import`, {
      token: me.token,
      body: Array.from({ length: 150 }, (_, i) => item(1000 + i, 1)),
    });
    expect(more.status).toBe(413);
    expect(more.body.message).toBe('Too many progress items: an account keeps at most 700');
  });

  it('one request carries at most 10,000 items (400)', async () => {
    const items = Array.from({ length: 10_001 }, (_, i) => ({ tmdbId: String(i), meta: movieMeta('x') }));
    const res = await call(server.url, 'PUT', `${u()}/bookmarks`, { token: me.token, body: items });
    expect([400, 413]).toContain(res.status);
  });
});
