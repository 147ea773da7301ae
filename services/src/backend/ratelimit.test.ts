/**
 * Rate limits of the auth routes and progress import, as upstream's: 429 {errorType:"message",
 * message:"Ratelimited"} after the limit, counted per client address, and X-Forwarded-For honoured only
 * with BACKEND_TRUST_PROXY. Requests leave from distinct loopback addresses (127.0.0.x), so the server
 * sees distinct clients without any header.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieMeta, register, startBackend, type Account, type TestServer } from './testkit';

const LIMIT = 2;
const WINDOW_SECONDS = 60;
const limits = {
  BACKEND_RATE_LIMITS: 'true',
  BACKEND_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  BACKEND_RATE_LIMIT_REGISTER_START: String(LIMIT),
  BACKEND_RATE_LIMIT_REGISTER_COMPLETE: String(LIMIT),
  BACKEND_RATE_LIMIT_LOGIN_START: String(LIMIT),
  BACKEND_RATE_LIMIT_LOGIN_COMPLETE: String(LIMIT),
  BACKEND_RATE_LIMIT_PROGRESS_IMPORT: String(LIMIT),
  BACKEND_RATE_LIMIT_METRICS_WINDOW_SECONDS: String(WINDOW_SECONDS),
  BACKEND_RATE_LIMIT_PROVIDER_METRICS: String(LIMIT),
  BACKEND_RATE_LIMIT_CAPTCHA_METRICS: String(LIMIT),
};
const providerItem = (i: number) => ({
  tmdbId: String(100 + i),
  type: 'movie',
  title: 'Nosferatu',
  status: 'success',
  providerId: 'local-hls',
});
const RATELIMITED = { errorType: 'message', message: 'Ratelimited' };

/** One request over its own connection from `localAddress` (any 127.0.0.x reaches a server on 127.0.0.1). */
function from(
  localAddress: string,
  url: string,
  method: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      localAddress,
      agent: false,
      headers: {
        'user-agent': 'backend-test/1.0',
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: (res.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) : text,
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const expectRatelimited = (r: Awaited<ReturnType<typeof from>>, label: string) => {
  expect(r.status, label).toBe(429);
  expect(r.body, label).toEqual(RATELIMITED);
  const retryAfter = Number(r.headers['retry-after']);
  expect(retryAfter, label).toBeGreaterThan(0);
  expect(retryAfter, label).toBeLessThanOrEqual(WINDOW_SECONDS);
};

let direct: TestServer;
let proxied: TestServer;
let account: Account;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startBackend({ ...limits, BACKEND_TRUST_PROXY: 'false' }),
    startBackend({ ...limits, BACKEND_TRUST_PROXY: 'true' }),
  ]);
  // Registered from 127.0.0.1; the tests below use other addresses, so this spends none of their budget.
  account = await register(direct.url);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

describe('rate limits per client address (BACKEND_TRUST_PROXY off)', () => {
  const progressItem = (tmdbId: string) => ({ tmdbId, meta: movieMeta(), duration: 100, watched: 10 });
  /** Each rate-limited route, with a well-formed request and the status it answers while under the limit. */
  const routes = (): { bucket: string; method: string; path: string; body: (i: number) => unknown; token?: string; ok: number }[] => [
    { bucket: 'registerStart', method: 'POST', path: '/auth/register/start', body: () => ({}), ok: 200 },
    {
      bucket: 'registerComplete',
      method: 'POST',
      path: '/auth/register/complete',
      // a guessed challenge: the limit is what stops brute force
      body: () => ({
        publicKey: account.keys.publicKeyWire,
        challenge: { code: '00000000-0000-4000-8000-000000000000', signature: 'x' },
        namespace: 'movie-web',
        device: 'd',
        profile: { colorA: 'a', colorB: 'b', icon: 'c' },
      }),
      ok: 401,
    },
    { bucket: 'loginStart', method: 'POST', path: '/auth/login/start', body: () => ({ publicKey: account.keys.publicKeyWire }), ok: 200 },
    {
      bucket: 'loginComplete',
      method: 'POST',
      path: '/auth/login/complete',
      body: () => ({
        publicKey: account.keys.publicKeyWire,
        challenge: { code: '00000000-0000-4000-8000-000000000000', signature: 'x' },
        device: 'd',
      }),
      ok: 401,
    },
    {
      bucket: 'progressImport',
      method: 'PUT',
      path: `/users/${account.userId}/progress/import`,
      body: (i) => [progressItem(String(9000 + i))],
      token: account.token,
      ok: 200,
    },
    { bucket: 'providerMetrics', method: 'POST', path: '/metrics/providers', body: (i) => ({ items: [providerItem(i)] }), ok: 200 },
    { bucket: 'captchaMetrics', method: 'POST', path: '/metrics/captcha', body: () => ({ success: true }), ok: 200 },
  ];

  it('covers every bucket the routes rate-limit', () => {
    const routesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'routes');
    const source = fs
      .readdirSync(routesDir)
      .map((file) => fs.readFileSync(path.join(routesDir, file), 'utf8'))
      .join('\n');
    const used = [...source.matchAll(/rateLimit\(c, '(\w+)'/g)].map((m) => m[1]).sort();
    expect(used.length).toBeGreaterThan(0);
    expect(used).toEqual(
      routes()
        .map((r) => r.bucket)
        .sort(),
    );
  });

  it('answers 429 in the contract shape after the limit, for that client only, whatever X-Forwarded-For says; an import is refused before writing', async () => {
    // The same two addresses go through every route in turn: each bucket counts on its own.
    for (const route of routes()) {
      const label = `${route.method} ${route.path}`;
      const send = (address: string, i: number, headers?: Record<string, string>) =>
        from(address, direct.url + route.path, route.method, { body: route.body(i), token: route.token, headers });
      for (let i = 0; i < LIMIT; i++) {
        const r = await send('127.0.0.2', i);
        expect(r.status, `${label} #${i + 1} (${JSON.stringify(r.body)})`).toBe(route.ok);
      }
      expectRatelimited(await send('127.0.0.2', LIMIT), `${label} over the limit`);
      // a forged X-Forwarded-For does not make a new client when the proxy is not trusted
      expectRatelimited(await send('127.0.0.2', LIMIT + 1, { 'x-forwarded-for': '203.0.113.7' }), `${label} with X-Forwarded-For`);
      // another address is another client
      const other = await send('127.0.0.3', LIMIT + 2);
      expect(other.status, `${label} from another address`).toBe(route.ok);
    }
    // a refused import is refused before it is written: 9000 and 9001 under the limit from .2 and
    // 9004 from .3 are stored, 9002 and 9003 (429) are not
    const progress = await from('127.0.0.3', `${direct.url}/users/${account.userId}/progress`, 'GET', {
      token: account.token,
    });
    expect(progress.status).toBe(200);
    expect(progress.body.map((p: { tmdbId: string }) => p.tmdbId).sort()).toEqual(['9000', '9001', '9004']);
  });
});

describe('provider metrics count their items', () => {
  it('a report of more items than the budget left is refused, and counts nothing on /metrics', async () => {
    const send = (address: string, count: number) =>
      from(address, `${direct.url}/metrics/providers`, 'POST', {
        body: { items: Array.from({ length: count }, (_, i) => providerItem(i)) },
      });
    expect((await send('127.0.0.5', LIMIT)).status).toBe(200);
    expectRatelimited(await send('127.0.0.5', 1), 'one more item');
    const before = (await from('127.0.0.6', `${direct.url}/metrics`, 'GET')).body as string;
    expectRatelimited(await send('127.0.0.6', LIMIT + 1), 'three items at once');
    const after = (await from('127.0.0.6', `${direct.url}/metrics`, 'GET')).body as string;
    expect(after.match(/^mw_provider_status_count.*$/gm)).toEqual(before.match(/^mw_provider_status_count.*$/gm));
  });
});

describe('rate limits behind a trusted proxy (BACKEND_TRUST_PROXY on)', () => {
  const loginStart = (address: string, headers?: Record<string, string>) =>
    from(address, `${proxied.url}/auth/login/start`, 'POST', { body: { publicKey: 'x' }, headers });

  it('counts each X-Forwarded-For client on its own, whichever connection it comes through', async () => {
    const a = { 'x-forwarded-for': '198.51.100.1' };
    for (let i = 0; i < LIMIT; i++) expect((await loginStart('127.0.0.2', a)).status).toBe(401);
    expectRatelimited(await loginStart('127.0.0.2', a), 'client A over the limit');
    // the same client through another proxy connection is still limited
    expectRatelimited(await loginStart('127.0.0.3', a), 'client A via another connection');
    // the left-most address is the client: a proxy chain after it does not make a new one
    expectRatelimited(await loginStart('127.0.0.2', { 'x-forwarded-for': '198.51.100.1, 10.0.0.1' }), 'client A via a chain');
    // another forwarded client through the same connection is not limited
    expect((await loginStart('127.0.0.2', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(401);
    // without the header, the connection's own address is the client, with a budget of its own
    for (let i = 0; i < LIMIT; i++) expect((await loginStart('127.0.0.4')).status).toBe(401);
    expectRatelimited(await loginStart('127.0.0.4'), 'no header, over the limit');
  });
});
