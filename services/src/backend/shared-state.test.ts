/**
 * Stateless instances: two account servers on one database share rate-limit windows, challenges,
 * sessions and (on PostgreSQL, without BACKEND_JWT_SECRET) the token signing secret, so a client at
 * its limit is refused by both and a client may be served by either for each step of a flow.
 * On PGlite two apps share one database in this process; on PostgreSQL two servers with their own
 * data folders share one database, as instances behind a load balancer do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encryptDeviceName, generatePassphrase, keysFromPassphrase, signChallenge } from 'account-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../lib/serve';
import { createApp } from './app';
import { loadConfig } from './config';
import { migrate, openPglite, type Db } from './db';
import { DbRateLimitStore } from './ratelimit';
import { call, findPostgres, movieMeta, pgliteTestDir, startBackend, type TestServer } from './testkit';

const LIMIT = 3;
const limits = {
  BACKEND_RATE_LIMITS: 'true',
  BACKEND_RATE_LIMIT_WINDOW_SECONDS: '60',
  BACKEND_RATE_LIMIT_REGISTER_START: String(LIMIT),
  BACKEND_RATE_LIMIT_LOGIN_START: String(LIMIT),
};

/** Instance A and B: a client's requests alternate between them, as a round-robin balancer sends them. */
function sharedStateSuite(servers: () => [string, string]) {
  it('a client at its limit is refused by both instances, another client is not', async () => {
    const [a, b] = servers();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const base = i % 2 === 0 ? a : b;
      statuses.push((await call(base, 'POST', '/auth/register/start', { body: {}, headers: { 'x-forwarded-for': '203.0.113.7' } })).status);
    }
    // LIMIT requests across both pass, every one after is refused, whichever instance answers
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    for (const base of [a, b]) {
      const refused = await call(base, 'POST', '/auth/register/start', { body: {}, headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await call(base, 'POST', '/auth/register/start', { body: {}, headers: { 'x-forwarded-for': '203.0.113.8' } })).status).toBe(
        200,
      );
    }
  });

  it('concurrent hits on both instances count exactly once each', async () => {
    const [a, b] = servers();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', '/auth/login/start', { body: { publicKey: 'x' }, headers: { 'x-forwarded-for': '198.51.100.1' } }),
      ),
    );
    // a bad public key is a 400 after the limit check: LIMIT of those, the rest 429
    expect(results.filter((r) => r.status === 429)).toHaveLength(10 - LIMIT);
  });

  it('a challenge from one instance completes on the other, and its token works on both', async () => {
    const [a, b] = servers();
    const keys = keysFromPassphrase(generatePassphrase());
    const started = await call(a, 'POST', '/auth/register/start', { body: {}, headers: { 'x-forwarded-for': '192.0.2.50' } });
    expect(started.status).toBe(200);
    const code: string = started.body.challenge;
    const done = await call(b, 'POST', '/auth/register/complete', {
      body: {
        publicKey: keys.publicKeyWire,
        challenge: { code, signature: signChallenge(code, keys.seed) },
        namespace: 'movie-web',
        device: await encryptDeviceName('Phone', keys.seed),
        profile: { colorA: '#2E65CF', colorB: '#2E65CF', icon: 'couch' },
      },
    });
    expect(done.status).toBe(200);
    const { token } = done.body as { token: string };
    const userId: string = done.body.user.id;
    const put = await call(a, 'PUT', `/users/${userId}/progress/42`, {
      token,
      body: { meta: movieMeta(), tmdbId: '42', duration: 100, watched: 7 },
    });
    expect(put.status).toBe(200);
    const got = await call(b, 'GET', `/users/${userId}/progress`, { token });
    expect(got.status).toBe(200);
    expect(got.body.map((p: { watched: number }) => p.watched)).toEqual([7]);
    // the challenge was used up on B: A refuses it too
    const again = await call(a, 'POST', '/auth/register/complete', {
      body: {
        publicKey: keys.publicKeyWire,
        challenge: { code, signature: signChallenge(code, keys.seed) },
        namespace: 'movie-web',
        device: await encryptDeviceName('Phone', keys.seed),
        profile: { colorA: '#2E65CF', colorB: '#2E65CF', icon: 'couch' },
      },
    });
    expect(again.status).not.toBe(200);
    // logging out on B ends the session on A at once
    expect((await call(b, 'DELETE', `/sessions/${done.body.session.id}`, { token })).status).toBe(200);
    expect((await call(a, 'GET', '/users/@me', { token })).status).toBe(401);
  });
}

describe('two app instances on one PGlite database', () => {
  let db: Db;
  let remove: () => void;
  const running: { url: string; close(): Promise<void> }[] = [];
  const apps: { close(): void }[] = [];
  beforeAll(async () => {
    const folder = await pgliteTestDir();
    remove = folder.remove;
    db = await openPglite(folder.dir);
    await migrate(db);
    const config = loadConfig({ BACKEND_NAME: 'test backend', BACKEND_TRUST_PROXY: 'true', ...limits }, path.dirname(folder.dir));
    for (let i = 0; i < 2; i++) {
      const created = createApp({ db, config, log: () => {} });
      apps.push(created);
      running.push(await listen('backend', created.app, { host: '127.0.0.1', port: 0, log: () => {} }));
    }
  });
  afterAll(async () => {
    for (const server of running) await server.close();
    for (const app of apps) app.close();
    await db?.close();
    remove?.();
  });

  sharedStateSuite(() => [running[0]!.url, running[1]!.url]);

  it('the store keeps one window per bucket and client, from the database clock, and starts anew when it ends', async () => {
    const store = new DbRateLimitStore(db);
    expect(await store.hit('unit', 'c1', 2, 60_000)).toBe(0);
    expect(await store.hit('unit', 'c1', 2, 60_000)).toBe(0);
    expect(await store.hit('unit', 'c1', 2, 60_000)).toBe(60);
    expect(await store.hit('unit', 'c2', 2, 60_000)).toBe(0);
    expect(await store.hit('other', 'c1', 2, 60_000)).toBe(0);
    // weight counts items; a 3 s window ends and the next hit opens a new one
    expect(await store.hit('short', 'c1', 5, 3000, 5)).toBe(0);
    expect(await store.hit('short', 'c1', 5, 3000)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect(await store.hit('short', 'c1', 5, 3000, 5)).toBe(0);
  });
});

const postgres = await findPostgres();
afterAll(() => postgres.stop());

describe.skipIf(!postgres.url)(`two account servers on one PostgreSQL${postgres.url ? '' : ` (skipped: ${postgres.reason})`}`, () => {
  const servers: TestServer[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      // each instance has its own data folder (so its own generated secret file): they agree on the database's
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-instance-'));
      dirs.push(dir);
      servers.push(await startBackend({ DATABASE_URL: postgres.url, BACKEND_TRUST_PROXY: 'true', ...limits }, { dataDir: dir }));
    }
    // a fresh cluster per run, but clear windows another test file may have left
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query('DELETE FROM rate_limits');
    await client.end();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  sharedStateSuite(() => [servers[0]!.url, servers[1]!.url]);

  it('the generated signing secrets differ per data folder, the instances use the one in the database', () => {
    const secrets = dirs.map((dir) => fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim());
    expect(secrets[0]).not.toBe(secrets[1]);
  });
});
