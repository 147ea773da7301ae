/**
 * Malformed input on every route (bad text must never get a 500): bodies of the wrong shape, NUL characters
 * and lone surrogates in every text field, deep nesting, huge numbers, broken JSON. Every answer is a
 * 4xx with the contract's error shape, or a 2xx; never a 5xx. Seeded, so a failure reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, movieMeta, register, startBackend, type Account, type TestServer } from './testkit';

let server: TestServer;
let me: Account;
beforeAll(async () => {
  server = await startBackend();
  me = await register(server.url, { device: 'fuzzer' });
});
afterAll(() => server?.close());

let seed = 424242;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '💥\u0000',
  '\uffff',
  '\u202e',
  'x'.repeat(5000),
  '',
  ' ',
  '\n\r\t',
];
const NASTY_VALUES: unknown[] = [null, true, -1, 1e308, -0, 3.5, [], {}, [[[[]]]], 'NaN', Number.MAX_SAFE_INTEGER + 2, ...NASTY_TEXT];

/** A copy of `value` with one leaf (chosen at random) replaced, or a text field spiked with a nasty string. */
function mutate(value: unknown): unknown {
  if (random() < 0.15) return pick(NASTY_VALUES);
  if (typeof value === 'string') return random() < 0.7 ? value + pick(NASTY_TEXT) : pick(NASTY_VALUES);
  if (Array.isArray(value)) return value.length ? value.map((item, i) => (i === 0 ? mutate(item) : item)) : [pick(NASTY_VALUES)];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const at = Math.floor(random() * (entries.length + 1));
    if (at === entries.length) return { ...value, [pick(['__proto__', 'constructor', 'x\u0000', '\ud800'])]: pick(NASTY_VALUES) };
    return Object.fromEntries(entries.map(([k, v], i) => [k, i === at ? mutate(v) : v]));
  }
  return pick(NASTY_VALUES);
}

const deep = (n: number): unknown => (n === 0 ? 'leaf\u0000' : { a: deep(n - 1) });

describe('every route under malformed input', () => {
  it('never answers 5xx', async () => {
    const u = `/users/${me.userId}`;
    const progress = {
      tmdbId: '603',
      meta: movieMeta(),
      duration: 100,
      watched: 10,
      seasonId: 's1',
      episodeId: 'e1',
      seasonNumber: 1,
      episodeNumber: 2,
    };
    const routes: [string, string, unknown][] = [
      ['POST', '/auth/register/start', {}],
      [
        'POST',
        '/auth/register/complete',
        {
          publicKey: me.keys.publicKeyWire,
          challenge: { code: 'c', signature: 's' },
          namespace: 'movie-web',
          device: 'd',
          profile: { colorA: '#fff', colorB: '#000', icon: 'cat' },
        },
      ],
      ['POST', '/auth/login/start', { publicKey: me.keys.publicKeyWire }],
      ['POST', '/auth/login/complete', { publicKey: me.keys.publicKeyWire, challenge: { code: 'c', signature: 's' }, device: 'd' }],
      ['PATCH', u, { profile: { colorA: '#fff', colorB: '#000', icon: 'cat' } }],
      ['PATCH', `/sessions/${me.sessionId}`, { deviceName: 'Phone' }],
      ['PUT', `${u}/bookmarks`, [{ tmdbId: '1', meta: movieMeta() }]],
      ['POST', `${u}/bookmarks/2`, { meta: movieMeta() }],
      ['PUT', `${u}/progress/603`, progress],
      ['PUT', `${u}/progress/import`, [progress]],
      ['DELETE', `${u}/progress/603`, { seasonId: 's1', episodeId: 'e1' }],
      [
        'PUT',
        `${u}/settings`,
        { applicationLanguage: 'en', applicationTheme: 'blue', defaultSubtitleLanguage: 'en', proxyUrls: ['https://p.example'] },
      ],
      ['POST', '/metrics/providers', { items: [{ tmdbId: '1', type: 'movie', title: 'T', status: 'success', providerId: 'p' }] }],
      ['POST', '/metrics/captcha', { success: true }],
    ];
    const failures: string[] = [];
    let answered = 0;
    const check = async (method: string, path: string, options: Parameters<typeof call>[3]) => {
      const res = await call(server.url, method, path, { token: me.token, ...options });
      answered++;
      if (res.status >= 500)
        failures.push(
          `${method} ${path} ${JSON.stringify(options).slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
      else if (res.status >= 400) expect(res.body).toMatchObject({ errorType: expect.stringMatching(/^(message|validation)$/) });
    };
    for (const [method, path, body] of routes) {
      for (let i = 0; i < 40; i++) await check(method, path, { body: mutate(body) });
      for (const raw of [
        '{',
        '[1,',
        '{"a":}',
        'null',
        '"\\u0000"',
        '{"meta":"\\ud800"}',
        JSON.stringify(deep(2000)),
        '['.repeat(60_000) + ']'.repeat(60_000),
        '{"a":'.repeat(30_000) + '1' + '}'.repeat(30_000),
      ])
        await check(method, path, { raw, headers: { 'content-type': 'application/json' } });
    }
    // Path parameters too.
    for (const id of ['%00', 'a%00b', '%ED%A0%80', '%F0%9F%92%A5', 'x'.repeat(300), '..', '%2F']) {
      await check('POST', `${u}/bookmarks/${id}`, { body: { meta: movieMeta() } });
      await check('PUT', `${u}/progress/${id}`, { body: progress });
      await check('DELETE', `${u}/progress/${id}`, { body: {} });
      await check('DELETE', `${u}/bookmarks/${id}`, {});
      await check('PATCH', `/sessions/${id}`, { body: { deviceName: 'x' } });
    }
    expect(answered).toBeGreaterThan(600);
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps text with NUL characters and lone surrogates, made well-formed', async () => {
    const u = `/users/${me.userId}`;
    const saved = await call(server.url, 'PUT', `${u}/progress/550`, {
      token: me.token,
      body: { meta: { ...movieMeta('Fight\u0000 Club \ud800'), type: 'movie' }, duration: 100, watched: 5 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.meta.title).toBe('Fight Club \ufffd');
    const bookmark = await call(server.url, 'POST', `${u}/bookmarks/551`, { token: me.token, body: { meta: movieMeta('A\udc00B\u0000') } });
    expect(bookmark.status).toBe(200);
    expect(bookmark.body.meta.title).toBe('A\ufffdB');
    const settings = await call(server.url, 'PUT', `${u}/settings`, { token: me.token, body: { applicationTheme: 'blue\u0000' } });
    expect(settings.status).toBe(200);
    expect(settings.body.applicationTheme).toBe('blue');
  });
});
