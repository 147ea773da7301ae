/**
 * Back online: what waited in the queues reaches the account server at once, not after the sync engine's
 * back-off. The real account server; the network between is cut by the test (a device offline), and the
 * browser's window is an event target that says when the connection is back.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import { startBackend, type TestServer } from 'services/testkit';
import { generatePassphrase } from 'account-crypto';
import { createAccountService } from './account-service';

let server: TestServer;
let offline = false;
const network = (input: string, init?: RequestInit) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init));
const actions = createActions(createStores(memoryStorage()));
let accountService: ReturnType<typeof createAccountService>;

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  server = await startBackend();
  accountService = createAccountService({ port: actions, backendUrl: server.url, fetch: network });
}, 60_000);

afterAll(async () => {
  accountService?.stop();
  await server?.close();
  vi.unstubAllGlobals();
});

it('pushes what was queued offline as soon as the browser is back online', async () => {
  await accountService.register({
    passphrase: generatePassphrase(),
    deviceName: 'Laptop',
    profile: { colorA: '#111111', colorB: '#222222', icon: 'cat' },
  });
  await vi.waitFor(() => expect(accountService.getStatus().status).toBe('synced'), { timeout: 10_000 });

  offline = true;
  actions.addBookmark({ tmdbId: '19', type: 'movie', title: 'Metropolis', year: 1927 });
  await accountService.syncNow();
  const status = accountService.getStatus();
  expect(status).toMatchObject({ status: 'retrying', pending: 1 });
  // The engine's next try is seconds away.
  expect((status as { retryAt: number }).retryAt - Date.now()).toBeGreaterThan(3000);

  offline = false;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(actions.readAccountState().bookmarkQueue).toEqual([]), { timeout: 1500, interval: 50 });
  expect(accountService.getStatus().status).toBe('synced');
});
