/**
 * The account service against the real account server, with the host's real stores and actions (in
 * memory): register, login on a second "device", sessions, rename, profile, end others, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActions, createStores } from 'host-core/state';
import type { HostActions, RuntimeConfig } from 'shared-contracts';
import { startBackend, type TestServer } from '../../../../services/src/backend/testkit';
import { generatePassphrase } from '../../core/crypto';
import { accountService } from './account-service';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

let server: TestServer;
let stop: () => void;
let actions: HostActions;

beforeAll(async () => {
  server = await startBackend();
  const stores = createStores(memoryStorage() as unknown as Storage);
  actions = { ...createActions(stores), setDocumentTitle: () => {} } as HostActions;
  stop = accountService.start({ config: { backendUrl: server.url } as RuntimeConfig, actions });
}, 60_000);

afterAll(async () => {
  stop?.();
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

  it('migrates: the same keys sign in on another server, the data is uploaded, this device switches to it', async () => {
    const target = await startBackend();
    try {
      const passphrase = generatePassphrase();
      await accountService.register({ passphrase, deviceName: 'Phone', profile: { colorA: '#111111', colorB: '#222222', icon: 'ticket' } });
      actions.addBookmark({ tmdbId: '653', type: 'movie', title: 'Nosferatu', year: 1922 });
      actions.updateProgress({ tmdbId: '234', type: 'movie', title: 'Caligari', year: 1920 }, { watched: 600, duration: 4500 });
      await expect(accountService.migrate({ backendUrl: 'http://127.0.0.1:9', deviceName: 'Phone' })).rejects.toMatchObject({ code: 'backend-unreachable' });
      await accountService.migrate({ backendUrl: `${target.url}/`, deviceName: 'Phone' });
      const state = actions.readAccountState();
      expect(state.customBackendUrl).toBe(target.url);
      const moved = state.account!;
      const get = async (path: string) => (await fetch(`${target.url}/users/${moved.userId}${path}`, { headers: { Authorization: `Bearer ${moved.token}` } })).json();
      expect(((await get('/bookmarks')) as { tmdbId: string }[]).map((b) => b.tmdbId)).toEqual(['653']);
      expect(((await get('/progress')) as { tmdbId: string; watched: number }[]).map((p) => [p.tmdbId, Number(p.watched)])).toEqual([['234', 600]]);
      const me = (await (await fetch(`${target.url}/users/@me`, { headers: { Authorization: `Bearer ${moved.token}` } })).json()) as { user: { profile: { icon: string } } };
      expect(me.user.profile.icon).toBe('ticket');
      await accountService.logout();
      actions.setBackendUrl(null);
    } finally {
      await target.close();
    }
  }, 30_000);
});
