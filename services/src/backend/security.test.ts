import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64, keysFromSeed, signChallenge } from 'account-crypto';
import { call, login, movieMeta, register, showMeta, startBackend, type Account, type TestServer } from './testkit';

let server: TestServer;
let base: string;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startBackend();
  base = server.url;
  [alice, bob] = await Promise.all([register(base, { device: 'alice' }), register(base, { device: 'bob' })]);
  // Bob has data of every kind.
  const u = `/users/${bob.userId}`;
  await call(base, 'POST', `${u}/bookmarks/603`, { token: bob.token, body: { meta: movieMeta() } });
  await call(base, 'PUT', `${u}/progress/603`, {
    token: bob.token,
    body: { tmdbId: '603', meta: movieMeta(), duration: 100, watched: 10 },
  });
  await call(base, 'PUT', `${u}/settings`, { token: bob.token, body: { applicationLanguage: 'nl' } });
});
afterAll(() => server?.close());

/** Every route that names a user or a session, with a valid body, aimed at `victim`. */
function routesOf(victim: Account): [string, string, unknown?][] {
  const u = `/users/${victim.userId}`;
  const progress = { tmdbId: '603', meta: movieMeta(), duration: 1, watched: 1 };
  return [
    ['GET', u],
    ['PATCH', u, { profile: { colorA: '#fff', colorB: '#fff', icon: 'cat' } }],
    ['DELETE', u],
    ['GET', `${u}/sessions`],
    ['DELETE', `${u}/sessions`],
    ['GET', `${u}/bookmarks`],
    ['PUT', `${u}/bookmarks`, [{ tmdbId: '1', meta: movieMeta() }]],
    ['POST', `${u}/bookmarks/2`, { meta: movieMeta() }],
    ['DELETE', `${u}/bookmarks/603`],
    ['GET', `${u}/progress`],
    ['PUT', `${u}/progress/import`, [progress]],
    ['PUT', `${u}/progress/603`, progress],
    ['DELETE', `${u}/progress/603`, {}],
    ['GET', `${u}/settings`],
    ['PUT', `${u}/settings`, { applicationLanguage: 'de' }],
    ['PATCH', `/sessions/${victim.sessionId}`, { deviceName: 'x' }],
    ['DELETE', `/sessions/${victim.sessionId}`],
  ];
}

async function bobsData() {
  const u = `/users/${bob.userId}`;
  const get = async (p: string) => (await call(base, 'GET', p, { token: bob.token })).body;
  return {
    me: await get('/users/@me'),
    bookmarks: await get(`${u}/bookmarks`),
    progress: await get(`${u}/progress`),
    settings: await get(`${u}/settings`),
    sessions: await get(`${u}/sessions`),
  };
}

describe('authorization', () => {
  it("refuses every route on another user's data with 403 and changes nothing", async () => {
    const before = await bobsData();
    expect(before.bookmarks).toHaveLength(1);
    for (const [method, path, body] of routesOf(bob)) {
      const r = await call(base, method, path, { token: alice.token, body });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.errorType, `${method} ${path}`).toBe('message');
    }
    expect(await bobsData()).toEqual({ ...before, me: { ...before.me, session: expect.anything() } });
  });

  it('allows the same routes on your own data (the 403s above are not a blanket refusal)', async () => {
    const carol = await register(base);
    for (const [method, path, body] of routesOf(carol).filter(([m, p]) => !(m === 'DELETE' && !p.includes('/', 8)))) {
      if (method === 'DELETE' && path.startsWith('/sessions/')) continue;
      const r = await call(base, method, path, { token: carol.token, body });
      expect(r.status, `${method} ${path}`).toBe(200);
    }
  });

  it('refuses missing (401), malformed or forged (400) and revoked (401) tokens on every route', async () => {
    const dave = await register(base);
    const [, payload] = dave.token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const forged = `${header}.${payload}.${createHmac('sha256', 'x'.repeat(48)).update(`${header}.${payload}`).digest('base64url')}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const routes = [['GET', '/users/@me'] as [string, string, unknown?], ...routesOf(dave)];
    for (const [method, path, body] of routes) {
      const label = `${method} ${path}`;
      expect((await call(base, method, path, { body })).status, label).toBe(401);
      expect((await call(base, method, path, { body, token: 'garbage' })).status, label).toBe(400);
      expect((await call(base, method, path, { body, token: forged })).status, label).toBe(400);
      expect((await call(base, method, path, { body, token: none })).status, label).toBe(400);
      const basic = await call(base, method, path, { body, headers: { authorization: `Basic ${dave.token}` } });
      expect(basic.body, label).toEqual({ errorType: 'message', message: 'Invalid authentication' });
    }
    // Text after the token, or a second token, makes the header malformed rather than being ignored.
    for (const authorization of [`Bearer ${dave.token} junk`, `Bearer ${dave.token},x`, `Bearer  ${dave.token} ${dave.token}`]) {
      const r = await call(base, 'GET', '/users/@me', { headers: { authorization } });
      expect(r, authorization.replace(dave.token, '<token>')).toMatchObject({ status: 400, body: { message: 'Invalid authentication' } });
    }
    // lower-case scheme works
    expect((await call(base, 'GET', '/users/@me', { headers: { authorization: `bearer ${dave.token}` } })).status).toBe(200);
    // revoke: the token names a session that no longer exists
    expect((await call(base, 'DELETE', `/sessions/${dave.sessionId}`, { token: dave.token })).status).toBe(200);
    for (const [method, path, body] of routes) {
      const r = await call(base, method, path, { body, token: dave.token });
      expect(r, `${method} ${path}`).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
    }
  });
});

describe('challenges', () => {
  const seed = () => crypto.getRandomValues(new Uint8Array(32));
  const complete = (keys: ReturnType<typeof keysFromSeed>, code: string, signature = signChallenge(code, keys.seed)) =>
    call(base, 'POST', '/auth/register/complete', {
      body: {
        publicKey: keys.publicKeyWire,
        challenge: { code, signature },
        namespace: 'movie-web',
        device: 'd',
        profile: { colorA: 'a', colorB: 'b', icon: 'c' },
      },
    });
  const challenge = async (path = '/auth/register/start', body: object = {}) =>
    (await call(base, 'POST', path, { body })).body.challenge as string;

  it('are single-use, bound to their flow, and need a valid signature', async () => {
    const keys = keysFromSeed(seed());
    const code = await challenge();
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(await complete(keys, code, signChallenge(code, seed()))).toMatchObject({
      status: 401,
      body: { message: 'Challenge Code Signature Invalid' },
    });
    // burnt by the failed attempt
    expect((await complete(keys, code)).body.message).toBe('Challenge Code Invalid');
    const code2 = await challenge();
    expect((await complete(keys, code2)).status).toBe(200);
    expect((await complete(keys, code2)).body.message).toBe('Challenge Code Invalid');
    // a login challenge is not a registration challenge, and is bound to the key that asked for it
    const loginCode = await challenge('/auth/login/start', { publicKey: keys.publicKeyWire });
    expect((await complete(keysFromSeed(seed()), loginCode)).body.message).toBe('Challenge Code Invalid');
    const other = await register(base);
    const code3 = await challenge('/auth/login/start', { publicKey: keys.publicKeyWire });
    const stolen = await call(base, 'POST', '/auth/login/complete', {
      body: {
        publicKey: other.keys.publicKeyWire,
        challenge: { code: code3, signature: signChallenge(code3, other.keys.seed) },
        device: 'd',
      },
    });
    expect(stolen).toMatchObject({ status: 401, body: { message: 'Challenge Code Invalid' } });
    expect((await complete(keys, 'not-a-code')).body.message).toBe('Challenge Code Invalid');
  });

  it('refuses a key registered twice (409) and keeps key encodings interchangeable', async () => {
    const keys = keysFromSeed(seed());
    expect((await complete(keys, await challenge())).status).toBe(200);
    expect(await complete(keys, await challenge())).toMatchObject({ status: 409, body: { errorType: 'message' } });
    // registered with padded standard base64: stored as base64url, so the client's form logs in
    const keys2 = keysFromSeed(seed());
    const code = await challenge();
    const padded = await call(base, 'POST', '/auth/register/complete', {
      body: {
        publicKey: encodeBase64(keys2.publicKey),
        challenge: { code, signature: signChallenge(code, keys2.seed) },
        namespace: 'movie-web',
        device: 'd',
        profile: { colorA: 'a', colorB: 'b', icon: 'c' },
      },
    });
    expect(padded.status).toBe(200);
    expect(padded.body.user.publicKey).toBe(keys2.publicKeyWire);
    expect((await login(base, keys2)).userId).toBe(padded.body.user.id);
    expect(await call(base, 'POST', '/auth/login/start', { body: { publicKey: 'short' } })).toMatchObject({
      status: 401,
      body: { message: 'User cannot be found' },
    });
  });
});

describe('validation', () => {
  const u = () => `/users/${alice.userId}`;
  const challenge = { code: '00000000-0000-4000-8000-000000000000', signature: 'x' };
  const registration = {
    publicKey: 'k',
    challenge,
    namespace: 'movie-web',
    device: 'd',
    profile: { colorA: 'a', colorB: 'b', icon: 'c' },
  };
  const loginBody = { publicKey: 'k', challenge, device: 'd' };
  const bad: [string, () => string, unknown][] = [
    ['POST', () => '/auth/register/start', { captchaToken: 5 }],
    ['POST', () => '/auth/register/start', { captchaToken: 'x'.repeat(4097) }],
    ['POST', () => '/auth/register/start', null],
    ['POST', () => '/auth/register/start', []],
    ['POST', () => '/auth/register/complete', { publicKey: 'x' }],
    ['POST', () => '/auth/register/complete', { ...registration, publicKey: undefined }],
    ['POST', () => '/auth/register/complete', { ...registration, challenge: { code: challenge.code } }],
    ['POST', () => '/auth/register/complete', { ...registration, namespace: '' }],
    ['POST', () => '/auth/register/complete', { ...registration, device: '' }],
    ['POST', () => '/auth/register/complete', { ...registration, device: 'x'.repeat(501) }],
    ['POST', () => '/auth/register/complete', { ...registration, profile: { colorA: 'a', colorB: 'b' } }],
    ['POST', () => '/auth/register/complete', { ...registration, profile: undefined }],
    ['POST', () => '/auth/login/start', { publicKey: 5 }],
    ['POST', () => '/auth/login/start', {}],
    ['POST', () => '/auth/login/start', null],
    ['POST', () => '/auth/login/complete', { ...loginBody, publicKey: undefined }],
    ['POST', () => '/auth/login/complete', { ...loginBody, challenge: undefined }],
    ['POST', () => '/auth/login/complete', { ...loginBody, challenge: { code: 5, signature: 'x' } }],
    ['POST', () => '/auth/login/complete', { ...loginBody, device: undefined }],
    ['POST', () => '/auth/login/complete', { ...loginBody, device: 'x'.repeat(501) }],
    ['POST', () => `${u()}/bookmarks/1`, { meta: { ...movieMeta(), year: null } }],
    ['POST', () => `${u()}/bookmarks/1`, { meta: { ...movieMeta(), poster: null } }],
    ['POST', () => `${u()}/bookmarks/${'9'.repeat(101)}`, { meta: movieMeta() }],
    ['PUT', () => `${u()}/bookmarks`, { tmdbId: '1', meta: movieMeta() }],
    ['PUT', () => `${u()}/progress/1`, { meta: { ...showMeta(), type: 'tv' }, duration: 1, watched: 1 }],
    ['PUT', () => `${u()}/progress/1`, { meta: movieMeta(), duration: '1', watched: 1 }],
    ['PUT', () => `${u()}/progress/1`, { meta: movieMeta(), duration: 1, watched: -1 }],
    ['PUT', () => `${u()}/progress/1`, { meta: { ...movieMeta(), title: 'x'.repeat(1001) }, duration: 1, watched: 1 }],
    ['PUT', () => `${u()}/progress/import`, [{ tmdbId: '1', meta: movieMeta(), duration: 1, watched: 1, updatedAt: 'yesterday' }]],
    ['DELETE', () => `${u()}/progress/1`, { seasonId: 5 }],
    ['PUT', () => `${u()}/settings`, { proxyUrls: 'https://x' }],
    ['PUT', () => `${u()}/settings`, { applicationLanguage: 'x'.repeat(51) }],
    ['PATCH', () => u(), { profile: { colorA: 1 } }],
    ['PATCH', () => `/sessions/${alice.sessionId}`, { deviceName: '' }],
    ['PATCH', () => `/sessions/${alice.sessionId}`, { deviceName: 'x'.repeat(501) }],
  ];

  it('answers 400 {errorType:"validation", errors} for bad bodies', async () => {
    for (const [method, path, body] of bad) {
      const r = await call(base, method, path(), { token: alice.token, body });
      expect(r.status, `${method} ${path()} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(r.body.errorType).toBe('validation');
      expect(Array.isArray(r.body.errors) && r.body.errors.length > 0).toBe(true);
      expect(r.body.errors[0]).toHaveProperty('path');
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|node_modules/);
    }
    // nothing was written by the refused requests
    expect((await call(base, 'GET', `${u()}/bookmarks`, { token: alice.token })).body).toEqual([]);
    expect((await call(base, 'GET', `${u()}/progress`, { token: alice.token })).body).toEqual([]);
  });

  it('refuses missing or non-JSON bodies, oversized bodies, and unknown routes in the contract shapes', async () => {
    const noBody = await call(base, 'DELETE', `${u()}/progress/1`, { token: alice.token });
    expect(noBody).toMatchObject({ status: 400, body: { errorType: 'validation' } });
    const notJson = await call(base, 'PUT', `${u()}/settings`, {
      token: alice.token,
      raw: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson).toMatchObject({ status: 400, body: { errorType: 'message' } });
    const huge = await rawRequest(
      `${base}${u()}/bookmarks`,
      'PUT',
      alice.token,
      JSON.stringify([{ tmdbId: '1', meta: { ...movieMeta(), title: 'x'.repeat(3 * 1024 * 1024) } }]),
    );
    expect(huge).toMatchObject({ status: 413, body: { errorType: 'message' } });
    // the same without a Content-Length (chunked): counted as it arrives, refused with 413 (the
    // client may see the connection closed first, as it is still sending)
    const hugeChunked = await rawRequest(
      `${base}${u()}/bookmarks`,
      'PUT',
      alice.token,
      JSON.stringify([{ tmdbId: 'c0', meta: { ...movieMeta(), title: 'x'.repeat(3 * 1024 * 1024) } }]),
      { chunked: true },
    ).catch((error: NodeJS.ErrnoException) => ({ status: error.code, body: undefined }));
    expect([413, 'ECONNRESET']).toContain(hugeChunked.status);
    const smallChunked = await rawRequest(
      `${base}${u()}/bookmarks`,
      'PUT',
      alice.token,
      JSON.stringify([{ tmdbId: 'c1', meta: movieMeta() }]),
      { chunked: true },
    );
    expect(smallChunked).toMatchObject({ status: 200, body: [{ tmdbId: 'c1' }] });
    const stored = await call(base, 'GET', `${u()}/bookmarks`, { token: alice.token });
    expect(stored.body.map((b: { tmdbId: string }) => b.tmdbId)).toContain('c1');
    expect(stored.body.map((b: { tmdbId: string }) => b.tmdbId)).not.toContain('c0');
    const missing = await call(base, 'GET', '/nope');
    expect(missing).toMatchObject({ status: 404, body: { errorType: 'message', message: 'Route GET:/nope not found' } });
    // unknown keys are stripped, not stored
    const r = await call(base, 'POST', `${u()}/bookmarks/77`, { token: alice.token, body: { meta: { ...movieMeta(), extra: 1 } } });
    expect(r.body.meta).toEqual(movieMeta());
  });

  it('reports requests by route and status on /metrics', async () => {
    const text = (await call(base, 'GET', '/metrics')).body as string;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/users\/:uid\/bookmarks",status="403"\} \d+/);
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/auth\/register\/complete",status="200"\} \d+/);
    expect(text).toMatch(/mw_user_count\{namespace="movie-web"\} \d+/);
  });
});

describe('configured limits: rate limits, captcha, CORS in production, idle sessions, challenge expiry', () => {
  let limited: TestServer;
  let captcha: http.Server;
  beforeAll(async () => {
    captcha = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        const ok = params.get('secret') === 'server-secret' && params.get('response') === 'good-token';
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((resolve) => captcha.listen(0, '127.0.0.1', resolve));
    limited = await startBackend({
      NODE_ENV: 'production',
      BACKEND_RATE_LIMITS: 'true',
      BACKEND_RATE_LIMIT_LOGIN_START: '3',
      BACKEND_CAPTCHA_ENABLED: 'true',
      BACKEND_CAPTCHA_SECRET: 'server-secret',
      BACKEND_CAPTCHA_CLIENT_KEY: 'site-key',
      BACKEND_CAPTCHA_VERIFY_URL: `http://127.0.0.1:${(captcha.address() as AddressInfo).port}/verify`,
      BACKEND_CORS_ORIGINS: 'http://localhost:3000 https://site.example',
      BACKEND_SESSION_IDLE_DAYS: String(4 / 86_400),
      BACKEND_CHALLENGE_TTL_SECONDS: '4',
      BACKEND_DESCRIPTION: 'A test instance',
    });
  });
  afterAll(async () => {
    await limited?.close();
    captcha?.close();
  });

  it('reports and enforces the captcha', async () => {
    expect((await call(limited.url, 'GET', '/meta')).body).toMatchObject({
      hasCaptcha: true,
      captchaClientKey: 'site-key',
      description: 'A test instance',
    });
    expect(await call(limited.url, 'POST', '/auth/register/start', { body: {} })).toMatchObject({
      status: 400,
      body: { message: 'captcha token is required' },
    });
    expect(await call(limited.url, 'POST', '/auth/register/start', { body: { captchaToken: 'bad' } })).toMatchObject({
      status: 400,
      body: { message: 'captcha token is invalid' },
    });
    expect((await register(limited.url, { captchaToken: 'good-token' })).token).toBeTruthy();
  });

  it('rate-limits the auth routes per client with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call(limited.url, 'POST', '/auth/login/start', { body: { publicKey: 'x' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const r = await call(limited.url, 'POST', '/auth/login/start', { body: { publicKey: 'x' } });
    expect(r.body).toEqual({ errorType: 'message', message: 'Ratelimited' });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('allows only the configured origins in production, any localhost in development', async () => {
    const preflight = (url: string, origin: string) =>
      fetch(`${url}/users/@me`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight(limited.url, 'http://localhost:3000');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    expect((await preflight(limited.url, 'https://site.example')).headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect((await preflight(limited.url, 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(base, 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await preflight(base, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('expires idle sessions (sliding) and old challenges', async () => {
    const account = await register(limited.url, { captchaToken: 'good-token' });
    // Used every 0.6 s, the 4-second session outlives 4 seconds.
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 600));
      expect((await call(limited.url, 'GET', '/users/@me', { token: account.token })).status).toBe(200);
    }
    const code = (await call(limited.url, 'POST', '/auth/register/start', { body: { captchaToken: 'good-token' } })).body
      .challenge as string;
    await new Promise((r) => setTimeout(r, 4500));
    expect((await call(limited.url, 'GET', '/users/@me', { token: account.token })).status).toBe(401);
    const keys = keysFromSeed(crypto.getRandomValues(new Uint8Array(32)));
    const late = await call(limited.url, 'POST', '/auth/register/complete', {
      body: {
        publicKey: keys.publicKeyWire,
        challenge: { code, signature: signChallenge(code, keys.seed) },
        namespace: 'movie-web',
        device: 'd',
        profile: { colorA: 'a', colorB: 'b', icon: 'c' },
      },
    });
    expect(late).toMatchObject({ status: 401, body: { message: 'Challenge Code Expired' } });
  });
});

/** node:http, because the server answers 413 before reading the whole body, and fetch reports that as a network error. */
function rawRequest(
  url: string,
  method: string,
  token: string,
  body: string,
  options: { chunked?: boolean } = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      agent: false, // a connection of its own: one the server closed after a refused body is not reused
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(options.chunked ? {} : { 'content-length': Buffer.byteLength(body) }),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', (error) => setTimeout(() => reject(error), 500));
    if (options.chunked) {
      // several writes without a Content-Length: Node sends them as chunks
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}
