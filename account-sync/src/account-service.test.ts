/**
 * The account service against the real account server, with the host's real stores and actions (in
 * memory): register, login on a second "device", sessions, rename, profile, end others, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActions, createStores } from 'host-core/local-stores';
import { startBackend, type TestServer } from 'services/testkit';
import { generatePassphrase } from 'account-crypto';
import { createAccountService } from './account-service';
import { memoryStorage } from 'host-core/testing';

let server: TestServer;
let actions: ReturnType<typeof createActions>;
let accountService: ReturnType<typeof createAccountService>;

/**
 * Stands in front of the real server: while `bulkSessionsRoute` says so, DELETE /users/{id}/sessions (our
 * server's extension) answers as an upstream movie-web backend that lacks it; every request is recorded.
 */
const upstream: { bulkSessionsRoute: 'ours' | 404 | 405 | 500; calls: string[] } = { bulkSessionsRoute: 'ours', calls: [] };
const throughUpstream = async (input: string, init?: RequestInit): Promise<Response> => {
  const method = init?.method ?? 'GET';
  const path = new URL(input).pathname;
  upstream.calls.push(`${method} ${path}`);
  if (method === 'DELETE' && /^\/users\/[^/]+\/sessions$/.test(path) && upstream.bulkSessionsRoute !== 'ours') {
    const status = upstream.bulkSessionsRoute;
    // Fastify's answer to an unknown method and path, or a server error.
    const body =
      status === 500
        ? { errorType: 'message', message: 'Internal server error' }
        : { message: `Route DELETE:${path} not found`, error: 'Not Found', statusCode: status };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  }
  return fetch(input, init);
};

beforeAll(async () => {
  server = await startBackend();
  const stores = createStores(memoryStorage());
  actions = createActions(stores);
  accountService = createAccountService({ port: actions, backendUrl: server.url, fetch: throughUpstream });
}, 60_000);

afterAll(async () => {
  accountService?.stop();
  await server?.close();
});

describe('account service', () => {
  it('registers, imports local data, manages sessions and the profile, then deletes the account', async () => {
    actions.addBookmark({ tmdbId: '19', type: 'movie', title: 'Metropolis', year: 1927 });
    const passphrase = generatePassphrase();
    await accountService.register({ passphrase, deviceName: 'Phone', profile: { colorA: '#111111', colorB: '#222222', icon: 'cat' } });
    const account = actions.readAccountState().account!;
    expect(account.seed).toHaveLength(44);
    expect(Object.keys(actions.readAccountState().bookmarks)).toEqual(['19']);

    let sessions = await accountService.listSessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ deviceName: 'Phone', current: true });

    await accountService.renameDevice('Tablet');
    sessions = await accountService.listSessions();
    expect(sessions[0]!.deviceName).toBe('Tablet');
    await expect(accountService.renameDevice('   ')).rejects.toMatchObject({ code: 'device-name-required' });

    await accountService.updateProfile({ colorA: '#333333', colorB: '#444444', icon: 'couch' });
    expect(actions.readAccountState().account!.profile.icon).toBe('couch');

    expect(await accountService.endOtherSessions()).toBe(0);

    await accountService.deleteAccount();
    expect(actions.readAccountState().account).toBeNull();
    expect(actions.readAccountState().bookmarks).toEqual({});
    await expect(accountService.login({ passphrase, deviceName: 'Phone' })).rejects.toMatchObject({ code: 'account-not-found' });
  }, 30_000);

  it('logout deletes the server session and clears local data even when the server is unreachable', async () => {
    const passphrase = generatePassphrase();
    await accountService.register({ passphrase, deviceName: 'Laptop', profile: { colorA: '#111111', colorB: '#222222', icon: 'cat' } });
    await accountService.login({ passphrase, deviceName: 'Desk' });
    const desk = actions.readAccountState().account!;
    const sessions = await accountService.listSessions();
    expect(sessions.map((s) => s.deviceName).sort()).toEqual(['Desk', 'Laptop']);
    await accountService.removeSession(sessions.find((s) => !s.current)!.id);
    expect(await accountService.listSessions()).toHaveLength(1);
    actions.setBackendUrl('http://127.0.0.1:9');
    await accountService.logout();
    expect(actions.readAccountState().account).toBeNull();
    actions.setBackendUrl(null);
    // The session still exists on the server (the delete could not reach it): the token still works.
    const me = await fetch(`${server.url}/users/@me`, { headers: { Authorization: `Bearer ${desk.token}` } });
    expect(me.status).toBe(200);
  }, 30_000);

  it.each([404, 405] as const)(
    'ending the other sessions on a backend without the bulk route (%i): each other session is deleted, this one stays',
    async (status) => {
      const passphrase = generatePassphrase();
      await accountService.register({ passphrase, deviceName: 'Phone', profile: { colorA: '#111111', colorB: '#222222', icon: 'cat' } });
      await accountService.login({ passphrase, deviceName: 'Tablet' });
      await accountService.login({ passphrase, deviceName: 'Laptop' });
      const laptop = actions.readAccountState().account!;
      const others = (await accountService.listSessions()).filter((s) => !s.current).map((s) => s.id);
      expect(others).toHaveLength(2);

      upstream.bulkSessionsRoute = status;
      upstream.calls = [];
      try {
        expect(await accountService.endOtherSessions()).toBe(2);
      } finally {
        upstream.bulkSessionsRoute = 'ours';
      }
      const users = `/users/${laptop.userId}`;
      expect(upstream.calls).toEqual([
        `DELETE ${users}/sessions`,
        `GET ${users}/sessions`,
        ...others.map((id) => `DELETE /sessions/${id}`),
      ]);
      const left = await accountService.listSessions();
      expect(left.map((s) => [s.deviceName, s.current])).toEqual([['Laptop', true]]);
      expect(actions.readAccountState().account).toMatchObject({ sessionId: laptop.sessionId });
      await accountService.deleteAccount();
    },
    30_000,
  );

  it('a bulk route that fails for another reason is reported, not worked around', async () => {
    const passphrase = generatePassphrase();
    await accountService.register({ passphrase, deviceName: 'Phone', profile: { colorA: '#111111', colorB: '#222222', icon: 'cat' } });
    await accountService.login({ passphrase, deviceName: 'Tablet' });
    upstream.bulkSessionsRoute = 500;
    upstream.calls = [];
    try {
      await expect(accountService.endOtherSessions()).rejects.toMatchObject({ code: 'backend-failed' });
    } finally {
      upstream.bulkSessionsRoute = 'ours';
    }
    expect(upstream.calls.filter((c) => c.startsWith('DELETE /sessions/'))).toEqual([]);
    expect(await accountService.listSessions()).toHaveLength(2);
    await accountService.deleteAccount();
  }, 30_000);

  it('migrates: the same keys sign in on another server, the data is uploaded, this device switches to it', async () => {
    const target = await startBackend();
    try {
      const passphrase = generatePassphrase();
      await accountService.register({ passphrase, deviceName: 'Phone', profile: { colorA: '#111111', colorB: '#222222', icon: 'ticket' } });
      actions.addBookmark({ tmdbId: '653', type: 'movie', title: 'Nosferatu', year: 1922 });
      actions.updateProgress({ tmdbId: '234', type: 'movie', title: 'Caligari', year: 1920 }, { watched: 600, duration: 4500 });
      await expect(accountService.migrate({ backendUrl: 'http://127.0.0.1:9', deviceName: 'Phone' })).rejects.toMatchObject({
        code: 'backend-unreachable',
      });
      await accountService.migrate({ backendUrl: `${target.url}/`, deviceName: 'Phone' });
      const state = actions.readAccountState();
      expect(state.customBackendUrl).toBe(target.url);
      const moved = state.account!;
      const get = async (path: string) =>
        (await fetch(`${target.url}/users/${moved.userId}${path}`, { headers: { Authorization: `Bearer ${moved.token}` } })).json();
      expect(((await get('/bookmarks')) as { tmdbId: string }[]).map((b) => b.tmdbId)).toEqual(['653']);
      expect(((await get('/progress')) as { tmdbId: string; watched: number }[]).map((p) => [p.tmdbId, Number(p.watched)])).toEqual([
        ['234', 600],
      ]);
      const me = (await (await fetch(`${target.url}/users/@me`, { headers: { Authorization: `Bearer ${moved.token}` } })).json()) as {
        user: { profile: { icon: string } };
      };
      expect(me.user.profile.icon).toBe('ticket');
      await accountService.logout();
      actions.setBackendUrl(null);
    } finally {
      await target.close();
    }
  }, 30_000);
});
