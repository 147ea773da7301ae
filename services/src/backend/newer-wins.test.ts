/**
 * Two devices edit the same title; the older edit's push arrives last. With the client's `updatedAt`
 * (when the change was made), the newer edit stays on the server whatever the arrival order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, movieMeta, register, showMeta, startBackend, type TestServer } from './testkit';

describe('the newer edit wins, whichever push arrives first', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startBackend({}, { fresh: true });
  });
  afterAll(() => server?.close());

  const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

  it('progress: an older edit arriving later does not overwrite, and the stored row is answered', async () => {
    const a = await register(server.url, { device: 'A' });
    const b = await login(server.url, a.keys, 'B');
    const user = `/users/${a.userId}`;
    const put = (token: string, watched: number, updatedAt?: string, episode?: string) =>
      call(server.url, 'PUT', `${user}/progress/${episode ? '1399' : '603'}`, {
        token,
        body: {
          meta: episode ? showMeta() : movieMeta(),
          duration: 8000,
          watched,
          ...(updatedAt ? { updatedAt } : {}),
          ...(episode ? { seasonId: 's1', episodeId: episode, seasonNumber: 1, episodeNumber: 1 } : {}),
        },
      });
    const newer = await put(b.token, 700, at(1_000));
    expect(newer.status).toBe(200);
    const older = await put(a.token, 300, at(60_000));
    expect(older.status).toBe(200);
    expect((older.body as { watched: number }).watched).toBe(700);
    // Per episode row too.
    await put(b.token, 50, at(1_000), 'e1');
    await put(a.token, 10, at(60_000), 'e1');
    const rows = (await call(server.url, 'GET', `${user}/progress`, { token: a.token })).body as Array<{
      tmdbId: string;
      watched: number;
      updatedAt: string;
    }>;
    expect(rows.find((r) => r.tmdbId === '603')!.watched).toBe(700);
    expect(rows.find((r) => r.tmdbId === '1399')!.watched).toBe(50);
    // A newer edit still overwrites; one without a time is "now", as upstream.
    expect(((await put(a.token, 800, at(10))).body as { watched: number }).watched).toBe(800);
    expect(((await put(a.token, 900)).body as { watched: number }).watched).toBe(900);
    // A time in the future is clamped to now.
    const future = await put(a.token, 950, new Date(Date.now() + 86_400_000).toISOString());
    expect(Date.parse((future.body as { updatedAt: string }).updatedAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('bookmarks: an older edit in a list push does not overwrite a newer one', async () => {
    const a = await register(server.url, { device: 'A' });
    const user = `/users/${a.userId}`;
    const list = (title: string, updatedAt: string) =>
      call(server.url, 'PUT', `${user}/bookmarks`, {
        token: a.token,
        body: [{ tmdbId: '603', meta: { ...movieMeta(), title }, updatedAt }],
      });
    await list('newer', at(1_000));
    const answer = await list('older', at(60_000));
    expect(answer.status).toBe(200);
    expect((answer.body as Array<{ meta: { title: string } }>)[0]!.meta.title).toBe('newer');
    const stored = (await call(server.url, 'GET', `${user}/bookmarks`, { token: a.token })).body as Array<{ meta: { title: string } }>;
    expect(stored.map((s) => s.meta.title)).toEqual(['newer']);
  });
});
