/**
 * The public routes (`/`, `/healthcheck`, `/metrics/providers`, `/metrics/captcha`) and what the
 * client sees when something unexpected fails: the real app and a real PGlite database, behind a
 * stand-in that can make every query fail as if the database were down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../lib/serve';
import type { RunningService } from '../types';
import { createApp } from './app';
import { loadConfig } from './config';
import { migrate, openPglite, type Db, type Queryable } from './db';
import { call, pgliteTestDir, register } from './testkit';

/** Carries a path, a password and a host, none of which may reach a client. */
const INTERNAL = 'connect ECONNREFUSED /srv/secret/pgdata/.s.PGSQL.5432 password=hunter2 host=db.internal';

let real: Db;
let down = false;
let service: RunningService;
let base: string;
let removeDir: () => void;
const logged: string[] = [];

beforeAll(async () => {
  const dir = await pgliteTestDir();
  removeDir = dir.remove;
  real = await openPglite(dir.dir);
  await migrate(real);
  const fail = () => Promise.reject(new Error(INTERNAL));
  const guard = (q: Queryable): Queryable => ({
    query: (sql, params) => (down ? fail() : q.query(sql, params)),
  });
  const db: Db = {
    kind: real.kind,
    ...guard(real),
    transaction: (fn) => (down ? fail() : real.transaction((tx) => fn(guard(tx)))),
    close: () => real.close(),
  };
  const config = loadConfig({ BACKEND_RATE_LIMITS: 'false', BACKEND_VERSION: '9.8.7-test', BACKEND_JWT_SECRET: 's'.repeat(40) }, dir.dir);
  const { app, close } = createApp({ db, config, log: (line) => logged.push(line) });
  service = await listen('backend', app, { host: '127.0.0.1', port: 0, log: () => {} }, async () => close());
  base = service.url;
});
afterAll(async () => {
  await service?.close();
  await real?.close();
  removeDir?.();
});

const metricsText = async () => (await call(base, 'GET', '/metrics')).body as string;
/** The value of one series in the Prometheus text, 0 when absent. */
const series = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

describe('public routes', () => {
  it('GET / says the backend works, with its version', async () => {
    expect(await call(base, 'GET', '/')).toMatchObject({
      status: 200,
      body: { message: 'Backend is working as expected (9.8.7-test)' },
    });
  });

  it('GET /healthcheck is 200 when the database answers', async () => {
    expect(await call(base, 'GET', '/healthcheck')).toMatchObject({
      status: 200,
      body: { healthy: true, databaseConnected: true },
    });
  });

  it('POST /metrics/providers counts the reports on /metrics', async () => {
    const before = await metricsText();
    const item = { tmdbId: '603', type: 'movie', title: 'The "Matrix"', providerId: 'prov-a' };
    const r = await call(base, 'POST', '/metrics/providers', {
      headers: { origin: 'https://site.example' },
      body: {
        batchId: 'ignored', // sent by the client, stripped
        tool: 'test-tool',
        items: [
          { ...item, status: 'success', embedId: 'embed-b' },
          { ...item, status: 'failed', errorMessage: 'boom', fullError: 'stack' },
          { ...item, type: 'show', tmdbId: '1399', seasonId: 's1', episodeId: 'e1', status: 'notfound' },
        ],
      },
    });
    expect(r).toMatchObject({ status: 200, body: true });
    expect((await call(base, 'POST', '/metrics/providers', { body: { items: [{ ...item, status: 'success' }] } })).body).toBe(true);
    const after = await metricsText();
    const delta = (line: string) => series(after, line) - series(before, line);
    expect(delta('mw_provider_hostname_count{hostname="https://site.example"}')).toBe(3);
    expect(delta('mw_provider_hostname_count{hostname="<UNKNOWN>"}')).toBe(1);
    // the embed id names the provider when there is one
    expect(delta('mw_provider_status_count{provider_id="embed-b",status="success"}')).toBe(1);
    expect(delta('mw_provider_status_count{provider_id="prov-a",status="failed"}')).toBe(1);
    expect(delta('mw_provider_status_count{provider_id="prov-a",status="notfound"}')).toBe(1);
    expect(delta('mw_provider_status_count{provider_id="prov-a",status="success"}')).toBe(1);
    // label values are escaped, so a title cannot break the exposition format
    expect(delta('mw_media_watch_count{title="The \\"Matrix\\"",tmdb_full_id="movie-603",provider_id="embed-b",success="true"}')).toBe(1);
    expect(delta('mw_media_watch_count{title="The \\"Matrix\\"",tmdb_full_id="show-1399",provider_id="prov-a",success="false"}')).toBe(1);
    expect(delta('mw_provider_tool_count{tool="test-tool"}')).toBe(1);
  });

  it('POST /metrics/captcha counts outcomes on /metrics', async () => {
    const before = await metricsText();
    for (const success of [true, true, false]) {
      expect(await call(base, 'POST', '/metrics/captcha', { body: { success } })).toMatchObject({ status: 200, body: true });
    }
    const after = await metricsText();
    expect(series(after, 'mw_captcha_solves{success="true"}') - series(before, 'mw_captcha_solves{success="true"}')).toBe(2);
    expect(series(after, 'mw_captcha_solves{success="false"}') - series(before, 'mw_captcha_solves{success="false"}')).toBe(1);
  });

  it('refuses bad metrics bodies with 400 {errorType:"validation", errors} and counts nothing', async () => {
    const item = { tmdbId: '603', type: 'movie', title: 'T', providerId: 'p', status: 'success' };
    const bad: [string, unknown][] = [
      ['/metrics/providers', {}],
      ['/metrics/providers', { items: [] }],
      ['/metrics/providers', { items: Array.from({ length: 11 }, () => item) }],
      ['/metrics/providers', { items: [{ ...item, status: 'maybe' }] }],
      ['/metrics/providers', { items: [{ ...item, providerId: undefined }] }],
      ['/metrics/providers', { items: [{ ...item, tmdbId: 603 }] }],
      ['/metrics/providers', { items: [item], tool: 5 }],
      ['/metrics/providers', [item]],
      ['/metrics/captcha', {}],
      ['/metrics/captcha', { success: 'true' }],
      ['/metrics/captcha', null],
    ];
    const counters = (text: string) =>
      text
        .split('\n')
        .filter((l) => /^mw_(provider|media|captcha)/.test(l))
        .sort();
    const before = counters(await metricsText());
    for (const [path, body] of bad) {
      const label = `${path} ${JSON.stringify(body)?.slice(0, 80)}`;
      const r = await call(base, 'POST', path, { body });
      expect(r.status, label).toBe(400);
      expect(r.body.errorType, label).toBe('validation');
      expect(Array.isArray(r.body.errors) && r.body.errors.length > 0, label).toBe(true);
      expect(r.body.errors[0], label).toHaveProperty('path');
    }
    // no body at all is null, refused the same way
    expect(await call(base, 'POST', '/metrics/captcha')).toMatchObject({ status: 400, body: { errorType: 'validation' } });
    expect(counters(await metricsText())).toEqual(before);
  });
});

describe('unexpected errors and a database outage', () => {
  it('answers 500 with the generic body only, and logs the error with its details', async () => {
    const account = await register(base);
    // seen once, so the session is known before the database goes away
    expect((await call(base, 'GET', '/users/@me', { token: account.token })).status).toBe(200);
    down = true;
    try {
      const requests: [string, string, { token?: string; body?: unknown }][] = [
        ['GET', '/users/@me', { token: account.token }],
        ['GET', `/users/${account.userId}/bookmarks`, { token: account.token }],
        ['PUT', `/users/${account.userId}/settings`, { token: account.token, body: { applicationLanguage: 'en' } }],
        ['POST', '/auth/register/start', { body: {} }],
        ['POST', '/auth/login/start', { body: { publicKey: account.keys.publicKeyWire } }],
        ['GET', '/metrics', {}],
      ];
      for (const [method, path, options] of requests) {
        const label = `${method} ${path}`;
        const before = logged.length;
        const r = await call(base, method, path, options);
        expect(r.status, label).toBe(500);
        expect(r.body, label).toEqual({ errorType: 'message', message: 'Internal server error' });
        const raw = JSON.stringify(r.body);
        for (const leak of ['hunter2', '/srv/secret', 'ECONNREFUSED', 'db.internal', '.ts', 'node_modules', ' at ']) {
          expect(raw, `${label} leaks ${leak}`).not.toContain(leak);
        }
        const errors = logged.slice(before).filter((line) => line.startsWith(`error ${method} ${path}:`));
        expect(errors, label).toHaveLength(1);
        expect(errors[0], label).toContain(INTERNAL); // the message
        expect(errors[0], label).toMatch(/\n\s+at /); // and the stack
      }
    } finally {
      down = false;
    }
    // the same requests work again once the database is back
    expect((await call(base, 'GET', '/users/@me', { token: account.token })).status).toBe(200);
  });

  it('GET /healthcheck is 503 while the database is down, and 200 again after', async () => {
    down = true;
    try {
      expect(await call(base, 'GET', '/healthcheck')).toMatchObject({
        status: 503,
        body: { healthy: false, databaseConnected: false },
      });
      // liveness does not need the database
      expect((await call(base, 'GET', '/')).status).toBe(200);
    } finally {
      down = false;
    }
    expect((await call(base, 'GET', '/healthcheck')).status).toBe(200);
  });
});
