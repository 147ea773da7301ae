/**
 * Login imports this device's data into the account (docs/behaviour.md#account-login), and when that upload fails the data is
 * queued and still arrives; logout through the menu deletes the server session and clears local data
 * (docs/behaviour.md#account-restore-and-logout). Against a second account server (rate limits off); the accounts are made from Node.
 */
import type { Page } from '@playwright/test';
import {
  accountElsewhere,
  localBookmarks,
  localProgress,
  login,
  logoutFromMenu,
  seedLocalData,
  serverData,
  sessionStatus,
  startAccountServer,
  storedAccount,
  useBackend,
} from '../support/account.page';
import { expect, test } from '../support/site.fixture';

let server: Awaited<ReturnType<typeof startAccountServer>>;
test.beforeAll(async () => {
  server = await startAccountServer();
});
test.afterAll(async () => {
  await server?.close();
});

const LOCAL = {
  bookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }],
  progress: [{ tmdbId: '234', title: 'Caligari', watched: 600, duration: 4500 }],
};

/** Statuses of the import requests (PUT /progress/import, PUT /bookmarks) the page sent. */
function imports(page: Page): string[] {
  const seen: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.method() === 'PUT' && /\/users\/[^/]+\/(progress\/import|bookmarks)$/.test(request.url())) {
      void request.response().then((r) => seen.push(`${new URL(request.url()).pathname.split('/').slice(3).join('/')} ${r?.status()}`));
    }
  });
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/progress/import')) seen.push('progress/import failed');
  });
  return seen;
}

const serverView = async (account: { userId: string; token: string }) => {
  const data = await serverData(server.url, { ...account, sessionId: '', deviceName: '', seed: '' });
  return { bookmarks: data.bookmarks.map((b) => b.tmdbId), progress: data.progress.map((p) => [p.tmdbId, Number(p.watched)]) };
};

test('login uploads local data into the account, queued when the upload fails; logout from the menu deletes the session and clears the device', async ({
  page,
  site,
}) => {
  await test.step('login uploads local data into the account; logout from the menu deletes the session and clears the device', async () => {
    const other = await accountElsewhere(server.url);
    await useBackend(page, site.hostUrl, server.url);
    await seedLocalData(page, LOCAL);
    const sent = imports(page);
    await login(page, site.hostUrl, other.passphrase, 'Login device');
    await expect.poll(() => serverView(other)).toEqual({ bookmarks: ['19'], progress: [['234', 600]] });
    expect(sent.sort()).toEqual(['bookmarks 200', 'progress/import 200']);
    const account = (await storedAccount(page))!;

    await logoutFromMenu(page);
    await expect.poll(() => storedAccount(page)).toBeNull();
    expect(await sessionStatus(server.url, account.token)).toBe(401);
    // Seen from the other device: only its own session is left.
    const sessions = (await (
      await fetch(`${server.url}/users/${other.userId}/sessions`, {
        headers: { Authorization: `Bearer ${other.token}`, 'User-Agent': 'e2e' },
      })
    ).json()) as { id: string }[];
    expect(sessions.map((s) => s.id)).toEqual([other.sessionId]);
    expect(await localBookmarks(page)).toMatchObject({ bookmarks: {}, updateQueue: [] });
    expect(await localProgress(page)).toMatchObject({ items: {}, updateQueue: [] });
    await expect(page.getByTestId('device-name')).toHaveCount(0);
  });

  await test.step('login whose upload fails: the data is queued and reaches the account with the next sync', async () => {
    const other = await accountElsewhere(server.url);
    await useBackend(page, site.hostUrl, server.url);
    await seedLocalData(page, LOCAL);
    await page.route(`${server.url}/users/*/progress/import`, (route) => route.abort('connectionreset'));
    const sent = imports(page);
    await login(page, site.hostUrl, other.passphrase, 'Login device');
    await expect.poll(() => serverView(other), { timeout: 20_000 }).toEqual({ bookmarks: ['19'], progress: [['234', 600]] });
    // The upload was tried and failed; what reached the server came through the queue.
    expect(sent).toContain('progress/import failed');
    await expect
      .poll(async () => [(await localBookmarks(page))?.updateQueue.length, (await localProgress(page))?.updateQueue.length])
      .toEqual([0, 0]);
    expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
  });
});
