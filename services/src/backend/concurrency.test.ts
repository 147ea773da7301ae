import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './db';
import { call, findPostgres, login, movieMeta, register, showMeta, startBackend, type TestServer } from './testkit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Two sessions of one user write at the same time; every acknowledged write must be there. */
async function concurrentWrites(base: string) {
  const a = await register(base, { device: 'A' });
  const b = await login(base, a.keys, 'B');
  const user = `/users/${a.userId}`;
  const episode = (token: string, n: number) =>
    call(base, 'PUT', `${user}/progress/1399`, {
      token,
      body: {
        tmdbId: '1399',
        meta: showMeta(),
        duration: 3000,
        watched: n,
        seasonId: `s${n % 5}`,
        episodeId: `e${n}`,
        seasonNumber: n % 5,
        episodeNumber: n,
      },
    });
  const movie = (token: string, watched: number) =>
    call(base, 'PUT', `${user}/progress/603`, { token, body: { tmdbId: '603', meta: movieMeta(), duration: 8000, watched } });

  const results = await Promise.all([
    ...Array.from({ length: 100 }, (_, i) => episode(a.token, i)),
    ...Array.from({ length: 100 }, (_, i) => episode(b.token, 100 + i)),
    ...Array.from({ length: 20 }, (_, i) => movie(i % 2 ? a.token : b.token, 1000 + i)),
    // settings: partial updates from both sessions at once
    call(base, 'PUT', `${user}/settings`, { token: a.token, body: { applicationLanguage: 'fr' } }),
    call(base, 'PUT', `${user}/settings`, { token: b.token, body: { applicationTheme: 'teal' } }),
    call(base, 'PUT', `${user}/settings`, { token: a.token, body: { proxyUrls: ['https://p.example'] } }),
    call(base, 'PUT', `${user}/settings`, { token: b.token, body: { defaultSubtitleLanguage: 'de' } }),
    // bookmark lists merged from both devices
    call(base, 'PUT', `${user}/bookmarks`, {
      token: a.token,
      body: Array.from({ length: 30 }, (_, i) => ({ tmdbId: `b${i}`, meta: movieMeta() })),
    }),
    call(base, 'PUT', `${user}/bookmarks`, {
      token: b.token,
      body: Array.from({ length: 30 }, (_, i) => ({ tmdbId: `b${i + 15}`, meta: movieMeta() })),
    }),
    // overlapping imports: rows only move forward, so the larger watched must win
    call(base, 'PUT', `${user}/progress/import`, {
      token: a.token,
      body: Array.from({ length: 20 }, (_, i) => ({ tmdbId: `i${i}`, meta: movieMeta(), duration: 100, watched: 10 })),
    }),
    call(base, 'PUT', `${user}/progress/import`, {
      token: b.token,
      body: Array.from({ length: 20 }, (_, i) => ({ tmdbId: `i${i}`, meta: movieMeta(), duration: 100, watched: 20 })),
    }),
  ]);
  expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

  const progress = (await call(base, 'GET', `${user}/progress`, { token: a.token })).body as any[];
  const episodes = progress.filter((p) => p.tmdbId === '1399');
  expect(episodes).toHaveLength(200);
  for (const p of episodes) expect(p.episode.id).toBe(`e${p.watched}`);
  const movies = progress.filter((p) => p.tmdbId === '603');
  expect(movies).toHaveLength(1); // one row, no duplicate from racing inserts
  expect(movies[0].watched).toBeGreaterThanOrEqual(1000);
  const imported = progress.filter((p) => p.tmdbId.startsWith('i'));
  expect(imported).toHaveLength(20);
  expect(imported.every((p) => p.watched === 20)).toBe(true);

  const settings = (await call(base, 'GET', `${user}/settings`, { token: b.token })).body;
  expect(settings).toEqual({
    id: a.userId,
    applicationLanguage: 'fr',
    applicationTheme: 'teal',
    defaultSubtitleLanguage: 'de',
    proxyUrls: ['https://p.example'],
  });
  const bookmarks = (await call(base, 'GET', `${user}/bookmarks`, { token: b.token })).body as any[];
  expect(bookmarks).toHaveLength(45);
}

describe('concurrent writers on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startBackend();
  });
  afterAll(() => server?.close());
  it('two sessions of the same user writing at once lose no write', () => concurrentWrites(server.url));
});

const postgres = await findPostgres();
describe.skipIf(!postgres.url)(`concurrent writers on PostgreSQL${postgres.url ? '' : ` (skipped: ${postgres.reason})`}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startBackend({ DATABASE_URL: postgres.url });
  });
  afterAll(async () => {
    await server?.close();
    await postgres.stop();
  });
  it('two sessions of the same user writing at once lose no write (pool of connections)', () => concurrentWrites(server.url));
});

describe('embedded database durability settings', () => {
  it('starts PGlite with fsync on and fsyncs the WAL before a commit is acknowledged', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-db-'));
    const seeded = await startBackend({}, { dataDir: dir });
    await seeded.close();
    let fsyncs = 0;
    const db = await openPglite(path.join(dir, 'pglite'), { onFsync: () => (fsyncs += 1) });
    try {
      const settings = await db.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method') ORDER BY name",
      );
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);
      await db.query('CREATE TABLE durability (n int)');
      for (let i = 1; i <= 5; i++) {
        const before = fsyncs;
        await db.query('INSERT INTO durability VALUES ($1)', [i]);
        expect(fsyncs, `commit ${i}`).toBeGreaterThan(before);
      }
      const before = fsyncs;
      await db.query('SELECT count(*) FROM durability');
      expect(fsyncs).toBe(before); // reads do not sync
      // a second process (here: a second open) may not use the same folder
      await expect(openPglite(path.join(dir, 'pglite'))).rejects.toThrow(/in use/);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
