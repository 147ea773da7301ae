/** The client checks every answer against the wire format: garbage becomes an error the site can show, never a crash. */
import { describe, expect, it } from 'vitest';
import { BackendError, createBackendClient, type BackendClient } from './api';
import { decide } from './retry';
import { contractAnswer } from './testkit';

/** A backend answering every request with `reply` (status 200; a string is sent as it is, anything else as JSON). */
function clientAnswering(reply: (method: string, path: string, body: unknown) => unknown, type = 'application/json') {
  return createBackendClient({
    baseUrl: 'http://backend.test',
    fetch: async (url, init) => {
      const body = init?.body ? JSON.parse(init.body as string) : undefined;
      const answer = reply(init?.method ?? 'GET', new URL(url).pathname, body);
      return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), { status: 200, headers: { 'Content-Type': type } });
    },
  });
}

const failure = async (call: Promise<unknown>): Promise<BackendError> => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return error as BackendError;
};

/** Every route the account remote calls, with valid arguments. */
const CALLS: [string, (c: BackendClient) => Promise<unknown>][] = [
  ['registerStart', (c) => c.registerStart()],
  [
    'registerComplete',
    (c) =>
      c.registerComplete({
        publicKey: 'k',
        challenge: { code: 'c', signature: 's' },
        namespace: 'movie-web',
        device: 'd',
        profile: { colorA: '#000', colorB: '#fff', icon: 'cat' },
      }),
  ],
  ['loginStart', (c) => c.loginStart('k')],
  ['loginComplete', (c) => c.loginComplete({ publicKey: 'k', challenge: { code: 'c', signature: 's' }, device: 'd' })],
  ['getMe', (c) => c.getMe('t')],
  ['patchUser', (c) => c.patchUser('t', 'u', { colorA: '#000', colorB: '#fff', icon: 'cat' })],
  ['deleteUser', (c) => c.deleteUser('t', 'u')],
  ['getSessions', (c) => c.getSessions('t', 'u')],
  ['deleteOtherSessions', (c) => c.deleteOtherSessions('t', 'u')],
  ['patchSession', (c) => c.patchSession('t', 's', 'blob')],
  ['deleteSession', (c) => c.deleteSession('t', 's')],
  ['getBookmarks', (c) => c.getBookmarks('t', 'u')],
  ['putBookmarks', (c) => c.putBookmarks('t', 'u', [{ tmdbId: '19', meta: { title: 'M', year: 1927, type: 'movie' } }])],
  ['addBookmark', (c) => c.addBookmark('t', 'u', '19', { title: 'M', year: 1927, type: 'movie' })],
  ['deleteBookmark', (c) => c.deleteBookmark('t', 'u', '19')],
  ['getProgress', (c) => c.getProgress('t', 'u')],
  [
    'importProgress',
    (c) => c.importProgress('t', 'u', [{ tmdbId: '19', meta: { title: 'M', year: 1927, type: 'movie' }, duration: 10, watched: 5 }]),
  ],
  [
    'putProgress',
    (c) => c.putProgress('t', 'u', { tmdbId: '19', meta: { title: 'M', year: 1927, type: 'movie' }, duration: 10, watched: 5 }),
  ],
  ['deleteProgress', (c) => c.deleteProgress('t', 'u', '19', {})],
  ['getSettings', (c) => c.getSettings('t', 'u')],
  ['putSettings', (c) => c.putSettings('t', 'u', { applicationLanguage: 'de' })],
];

describe('answers are checked against the wire format', () => {
  it.each(CALLS)('%s: the contract’s answer passes', async (_name, call) => {
    await expect(call(clientAnswering(contractAnswer))).resolves.toBeDefined();
  });

  it.each(CALLS)('%s: a JSON answer of another shape is an unexpected-response error naming the route', async (name, call) => {
    // A settings answer has no required field (upstream answers just {id} when none were set): an object
    // of unknown keys is an empty one. Every other answer has required fields.
    const objects = name.endsWith('Settings') ? [{ proxyUrls: 'https://p.example' }] : [{ unexpected: true }];
    for (const garbage of [null, '"a JSON string"', 42, ...objects, [{ unexpected: true }]]) {
      const error = await failure(call(clientAnswering(() => garbage)));
      expect(error.kind).toBe('unexpected-response');
      expect(error.status).toBe(200);
      expect(error.message).toMatch(/^unexpected answer to (GET|POST|PUT|PATCH|DELETE) \/\S+: /);
    }
  });

  it('says where the answer went wrong, without its values', async () => {
    const client = clientAnswering(() => ({ user: { id: 'u', profile: 'cat' }, session: { id: 's' }, token: 'secret-token' }));
    const error = await failure(client.loginComplete({ publicKey: 'k', challenge: { code: 'c', signature: 's' }, device: 'd' }));
    expect(error.message).toBe(
      'unexpected answer to POST /auth/login/complete: user.publicKey: missing; user.profile: expected object, got string; user.createdAt: missing; 5 more',
    );
    expect(error.message).not.toContain('secret');
  });

  it('keeps upstream’s quirks and extra fields: bigint as strings, null season and episode, unknown keys dropped', async () => {
    const row = {
      id: 'r',
      tmdbId: '19',
      season: { id: null, number: null },
      episode: { id: null, number: null },
      meta: { title: 'M', year: 1927, type: 'movie' },
      duration: '8160',
      watched: '120',
      updatedAt: '2024-05-01T10:00:12.000Z',
    };
    const client = clientAnswering(() => [{ ...row, userId: 'u', extra: true }]);
    expect(await client.getProgress('t', 'u')).toEqual([row]);
  });

  it('/meta of another shape is "not a backend" (the URL is some other site)', async () => {
    const error = await failure(clientAnswering(() => ({ name: 'shop', products: [] })).getMeta());
    expect(error.kind).toBe('not-backend');
    expect(await clientAnswering(contractAnswer).getMeta()).toEqual({ name: 'fake backend', version: '1.3.1', hasCaptcha: false });
  });

  it('an HTML page with status 200 stays "not a backend" (checked before the shape)', async () => {
    const error = await failure(clientAnswering(() => '<!doctype html><h1>Shop</h1>', 'text/html').getSessions('t', 'u'));
    expect(error.kind).toBe('not-backend');
  });
});

describe('an unexpected answer, for the sync', () => {
  it('is retried, never dropped: the data stays queued', () => {
    expect(decide(new BackendError('unexpected-response', 'x', 200))).toBe('retry');
  });
});
