/**
 * The account service the host runs, wired to the host's own stores through its AccountSyncPort, against
 * the real account server: published before anything asks for it, its code loaded on first use, a
 * sign-in lands in the host's stores, and the host's one logout ends the server session and clears them.
 */
import { DEFAULT_RUNTIME_CONFIG, type AccountService, type AccountSyncPort } from 'shared-contracts';
import { memoryStorage } from 'host-core/testing';
import { startBackend, type TestServer } from 'services/testkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Feature = typeof import('./account-service');
type Stores = typeof import('../stores');

/** A valid 12-word passphrase (the BIP-39 test vector of all-zero entropy). */
const PASSPHRASE = `${'abandon '.repeat(11)}about`;
const PORT_VERBS: (keyof AccountSyncPort)[] = [
  'setAccount',
  'updateAccount',
  'setBackendUrl',
  'setProxyUrls',
  'replaceBookmarks',
  'replaceProgress',
  'acknowledgeSyncUpdates',
  'enqueueSyncUpdates',
  'clearAccountData',
  'readAccountState',
  'subscribeAccountState',
  'setLanguage',
  'setTheme',
  'setSubtitleSettings',
];

let server: TestServer;
let feature: Feature;
let stores: Stores;
let loaded: AccountService | null = null;

beforeAll(async () => {
  server = await startBackend();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.resetModules();
  [feature, stores] = await Promise.all([import('./account-service'), import('../stores')]);
});
afterEach(() => {
  (loaded as { stop?: () => void } | null)?.stop?.();
  loaded = null;
  vi.unstubAllGlobals();
});

describe("the host's account service", () => {
  it("its port is the host stores' account verbs, and nothing a page is given instead", () => {
    const port = feature.accountSyncPort(stores.actions);
    expect(Object.keys(port).sort()).toEqual([...PORT_VERBS].sort());
    port.setAccount({
      token: 't',
      userId: 'u',
      sessionId: 's',
      deviceName: 'x',
      profile: { colorA: '#000', colorB: '#fff', icon: 'cat' },
      seed: 'AAAA',
    });
    expect(stores.authStore.account?.userId).toBe('u');
    port.clearAccountData();
    expect(stores.authStore.account).toBeNull();
  });

  it('signs in through the host stores, and the one logout ends the server session and clears them', async () => {
    const service = feature.configureAccountService({ ...DEFAULT_RUNTIME_CONFIG, backendUrl: server.url });
    // Published from boot, before its code is loaded (a signed-out first screen does not carry it).
    expect(feature.accountServiceState.service).toBe(service);
    expect(service.loaded()).toBeNull();
    expect(service.getStatus()).toEqual({ status: 'signed-out' });

    stores.actions.addBookmark({ tmdbId: '19', type: 'movie', title: 'Metropolis', year: 1927 });
    await service.register({ passphrase: PASSPHRASE, deviceName: 'Desk', profile: { colorA: '#111111', colorB: '#222222', icon: 'cat' } });
    loaded = service.loaded();
    const account = stores.authStore.account!;
    expect(account.userId).toBeTruthy();
    const me = () => fetch(`${server.url}/users/@me`, { headers: { Authorization: `Bearer ${account.token}` } });
    const bookmarks = await fetch(`${server.url}/users/${account.userId}/bookmarks`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(((await bookmarks.json()) as { tmdbId: string }[]).map((b) => b.tmdbId)).toEqual(['19']);
    expect((await me()).status).toBe(200);

    await feature.logout();
    expect(stores.authStore.account).toBeNull();
    expect(stores.stores.bookmarks.bookmarks).toEqual({});
    expect((await me()).status).toBe(401);
  }, 30_000);
});
