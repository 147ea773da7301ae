import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptDeviceName, isValidPassphrase } from 'account-crypto';
import { call, findPostgres, login, movieMeta, register, showMeta, startBackend, type TestServer } from './testkit';

/** The whole account journey over HTTP, as the product's client does it. */
async function fullFlow(base: string) {
  const meta = await call(base, 'GET', '/meta');
  expect(meta.status).toBe(200);
  expect(meta.body).toMatchObject({ name: 'test backend', hasCaptcha: false });
  expect(typeof meta.body.version).toBe('string');
  const usersBefore = userCount((await call(base, 'GET', '/metrics')).body);

  // Device A registers.
  const a = await register(base, { device: 'Phone' });
  expect(a.passphrase!.split(' ')).toHaveLength(12);
  expect(isValidPassphrase(a.passphrase!)).toBe(true);
  expect(a.keys.publicKeyWire).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const [, payload] = a.token.split('.');
  expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ sid: a.sessionId });
  expect(userCount((await call(base, 'GET', '/metrics')).body)).toBe(usersBefore + 1);

  const user = `/users/${a.userId}`;
  const put = await call(base, 'PUT', `${user}/settings`, {
    token: a.token,
    body: { applicationLanguage: 'en', defaultSubtitleLanguage: 'en', applicationTheme: 'blue' },
  });
  expect(put.status).toBe(200);

  // Device B logs in with the same passphrase (keys derived again from the words).
  const b = await login(base, (await import('account-crypto')).keysFromPassphrase(a.passphrase!), 'Laptop');
  expect(b.userId).toBe(a.userId);
  expect(b.sessionId).not.toBe(a.sessionId);
  expect(b.response.user.publicKey).toBe(a.keys.publicKeyWire);
  const me = await call(base, 'GET', '/users/@me', { token: b.token });
  expect(me.status).toBe(200);
  expect(me.body.user).toMatchObject({ id: a.userId, namespace: 'movie-web', roles: [] });
  expect(me.body.session.id).toBe(b.sessionId);
  expect(await decryptDeviceName(me.body.session.device, a.keys.seed)).toBe('Laptop');
  expect(me.body.session.userAgent).toBe('backend-test/1.0');

  // Bookmarks.
  const added = await call(base, 'POST', `${user}/bookmarks/603`, {
    token: a.token,
    body: { tmdbId: '603', meta: movieMeta('The Matrix') },
  });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ tmdbId: '603', meta: movieMeta('The Matrix') });
  const again = await call(base, 'POST', `${user}/bookmarks/603`, { token: a.token, body: { meta: movieMeta() } });
  expect(again).toMatchObject({ status: 400, body: { errorType: 'message', message: 'Already bookmarked' } });
  const list = await call(base, 'PUT', `${user}/bookmarks`, {
    token: b.token,
    body: [
      { tmdbId: '603', meta: { ...movieMeta('The Matrix'), year: 1999 } },
      { tmdbId: '1399', meta: { title: 'Game of Thrones', year: 0, type: 'show' } },
    ],
  });
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(2);
  let bookmarks = await call(base, 'GET', `${user}/bookmarks`, { token: a.token });
  expect(bookmarks.body.map((x: { tmdbId: string }) => x.tmdbId).sort()).toEqual(['1399', '603']);
  expect(bookmarks.body.find((x: { tmdbId: string }) => x.tmdbId === '1399').meta).toEqual({
    title: 'Game of Thrones',
    year: 0,
    type: 'show',
  });
  expect(await call(base, 'DELETE', `${user}/bookmarks/1399`, { token: b.token })).toMatchObject({
    status: 200,
    body: { tmdbId: '1399' },
  });
  bookmarks = await call(base, 'GET', `${user}/bookmarks`, { token: b.token });
  expect(bookmarks.body.map((x: { tmdbId: string }) => x.tmdbId)).toEqual(['603']);

  // Progress: a movie and a show of two seasons.
  const movie = await call(base, 'PUT', `${user}/progress/603`, {
    token: a.token,
    body: { tmdbId: '603', meta: movieMeta('The Matrix'), duration: 8160.4, watched: 100.6 },
  });
  expect(movie.status).toBe(200);
  expect(movie.body).toMatchObject({ tmdbId: '603', duration: 8160, watched: 101, season: {}, episode: {} });
  const episodes = [
    ['s1', 1, 'e1', 1],
    ['s1', 1, 'e2', 2],
    ['s2', 2, 'e3', 1],
    ['s2', 2, 'e4', 2],
  ] as const;
  for (const [seasonId, seasonNumber, episodeId, episodeNumber] of episodes) {
    const r = await call(base, 'PUT', `${user}/progress/1399`, {
      token: a.token,
      body: { tmdbId: '1399', meta: showMeta(), duration: 3600, watched: 60, seasonId, seasonNumber, episodeId, episodeNumber },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ season: { id: seasonId, number: seasonNumber }, episode: { id: episodeId, number: episodeNumber } });
  }
  // Updating the same episode replaces it.
  await call(base, 'PUT', `${user}/progress/1399`, {
    token: b.token,
    body: { tmdbId: '1399', meta: showMeta(), duration: 3600, watched: 120, seasonId: 's1', episodeId: 'e2' },
  });
  // Import from device B: existing rows only move forward; new rows are added.
  const imported = await call(base, 'PUT', `${user}/progress/import`, {
    token: b.token,
    body: [
      { tmdbId: '603', meta: movieMeta('The Matrix'), duration: 8160, watched: 50, updatedAt: '2024-01-01T00:00:00.000Z' },
      {
        tmdbId: '1399',
        meta: showMeta(),
        duration: 3600,
        watched: 900,
        seasonId: 's1',
        episodeId: 'e1',
        seasonNumber: 1,
        episodeNumber: 1,
        updatedAt: '2024-02-01T00:00:00Z',
      },
      { tmdbId: '550', meta: movieMeta(), duration: 8340, watched: 4000, updatedAt: '2000-01-01T00:00:00Z' },
    ],
  });
  expect(imported.status).toBe(200);
  expect(imported.body).toHaveLength(3);
  let progress = await call(base, 'GET', `${user}/progress`, { token: a.token });
  expect(progress.status).toBe(200);
  expect(progress.body).toHaveLength(6);
  const find = (tmdbId: string, episodeId?: string) => progress.body.find((p: any) => p.tmdbId === tmdbId && p.episode.id === episodeId);
  expect(find('603')).toMatchObject({ watched: 101, duration: 8160 });
  expect(find('1399', 'e1')).toMatchObject({ watched: 900, updatedAt: '2024-02-01T00:00:00.000Z' });
  expect(find('1399', 'e2')).toMatchObject({ watched: 120, season: { id: 's1', number: 1 }, episode: { number: 2 } });
  expect(find('550')).toMatchObject({ watched: 4000, updatedAt: '2021-07-13T00:00:00.000Z', meta: movieMeta() });

  // Deleting at episode, season and title level.
  const del = (tmdbId: string, body: object) => call(base, 'DELETE', `${user}/progress/${tmdbId}`, { token: a.token, body });
  expect((await del('1399', { seasonId: 'e1', episodeId: 's1' })).body).toMatchObject({ count: 0 });
  expect((await del('1399', { seasonId: 's1', episodeId: 'e1' })).body).toEqual({
    count: 1,
    tmdbId: '1399',
    seasonId: 's1',
    episodeId: 'e1',
  });
  expect((await del('1399', { seasonId: 's2' })).body).toEqual({ count: 2, tmdbId: '1399', seasonId: 's2' });
  progress = await call(base, 'GET', `${user}/progress`, { token: b.token });
  expect(progress.body.map((p: any) => `${p.tmdbId}/${p.episode.id ?? ''}`).sort()).toEqual(['1399/e2', '550/', '603/']);
  expect((await del('1399', {})).body).toEqual({ count: 1, tmdbId: '1399' });
  expect((await del('603', {})).body).toEqual({ count: 1, tmdbId: '603' });
  progress = await call(base, 'GET', `${user}/progress`, { token: b.token });
  expect(progress.body.map((p: any) => p.tmdbId)).toEqual(['550']);

  // Settings: partial updates, null clears; both devices see the same.
  let settings = await call(base, 'GET', `${user}/settings`, { token: b.token });
  expect(settings.body).toEqual({
    id: a.userId,
    applicationLanguage: 'en',
    defaultSubtitleLanguage: 'en',
    applicationTheme: 'blue',
    proxyUrls: null,
  });
  await call(base, 'PUT', `${user}/settings`, { token: b.token, body: { proxyUrls: ['https://proxy.example/a'] } });
  settings = await call(base, 'PUT', `${user}/settings`, { token: a.token, body: { applicationTheme: null } });
  expect(settings.body).toEqual({
    id: a.userId,
    applicationLanguage: 'en',
    defaultSubtitleLanguage: 'en',
    applicationTheme: null,
    proxyUrls: ['https://proxy.example/a'],
  });

  // Profile.
  const patched = await call(base, 'PATCH', user, {
    token: b.token,
    body: { profile: { colorA: '#000000', colorB: '#ffffff', icon: 'cat' } },
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ id: a.userId, profile: { icon: 'cat' } });

  // Sessions: list, rename, revoke.
  let sessions = await call(base, 'GET', `${user}/sessions`, { token: a.token });
  expect(sessions.body.map((s: any) => s.id).sort()).toEqual([a.sessionId, b.sessionId].sort());
  const { encryptDeviceName } = await import('account-crypto');
  const renamed = await call(base, 'PATCH', `/sessions/${b.sessionId}`, {
    token: b.token,
    body: { deviceName: await encryptDeviceName('Work laptop', a.keys.seed) },
  });
  expect(renamed.status).toBe(200);
  expect(await decryptDeviceName(renamed.body.device, a.keys.seed)).toBe('Work laptop');
  expect(await call(base, 'DELETE', `/sessions/${b.sessionId}`, { token: a.token })).toMatchObject({
    status: 200,
    body: { id: b.sessionId },
  });
  expect(await call(base, 'GET', '/users/@me', { token: b.token })).toMatchObject({
    status: 401,
    body: { errorType: 'message', message: 'Not logged in' },
  });

  // End all other sessions.
  const c = await login(base, a.keys, 'Tablet');
  const d = await login(base, a.keys, 'TV');
  const ended = await call(base, 'DELETE', `${user}/sessions`, { token: c.token });
  expect(ended.body).toEqual({ count: 2 });
  expect((await call(base, 'GET', '/users/@me', { token: a.token })).status).toBe(401);
  expect((await call(base, 'GET', '/users/@me', { token: d.token })).status).toBe(401);
  sessions = await call(base, 'GET', `${user}/sessions`, { token: c.token });
  expect(sessions.body.map((s: any) => s.id)).toEqual([c.sessionId]);

  // Delete the account: everything goes, the key cannot log in.
  expect(await call(base, 'DELETE', user, { token: c.token })).toMatchObject({ status: 200, body: { id: a.userId } });
  expect((await call(base, 'GET', '/users/@me', { token: c.token })).status).toBe(401);
  expect(await call(base, 'POST', '/auth/login/start', { body: { publicKey: a.keys.publicKeyWire } })).toMatchObject({
    status: 401,
    body: { message: 'User cannot be found' },
  });
  expect(userCount((await call(base, 'GET', '/metrics')).body)).toBe(usersBefore);
  // Registering again with the same passphrase gives a new, empty account.
  const again2 = await register(base, { passphrase: a.passphrase });
  expect(again2.userId).not.toBe(a.userId);
  expect((await call(base, 'GET', `/users/${again2.userId}/progress`, { token: again2.token })).body).toEqual([]);
}

function userCount(metrics: string): number {
  const match = /mw_user_count\{namespace="movie-web"\} (\d+)/.exec(metrics);
  return match ? Number(match[1]) : 0;
}

describe('full account flow on the embedded database (PGlite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startBackend({}, { fresh: true });
  });
  afterAll(() => server?.close());

  it('register, second device, sync round-trips, deletes, sessions, account deletion', async () => {
    await fullFlow(server.url);
  });
});

const postgres = await findPostgres();
if (!postgres.url) console.warn(`[backend] PostgreSQL tests skipped: ${postgres.reason}`);

describe.skipIf(!postgres.url)(`full account flow on PostgreSQL${postgres.url ? '' : ` (skipped: ${postgres.reason})`}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startBackend({ DATABASE_URL: postgres.url });
  });
  afterAll(async () => {
    await server?.close();
    await postgres.stop();
  });

  it('register, second device, sync round-trips, deletes, sessions, account deletion', async () => {
    await fullFlow(server.url);
  });
});
