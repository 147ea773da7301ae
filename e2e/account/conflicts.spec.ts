/**
 * Two devices edit the same title while one or both cannot reach the account server: the newer change
 * (by when it was made) wins on both devices, whichever device reaches the server first.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  cutOffFromServer,
  editLocal,
  localProgress,
  login,
  register,
  returnToTab,
  serverData,
  storedAccount,
  type StoredAccount,
} from '../support/account.page';
import { expect, test } from '../support/site.fixture';

test.describe.configure({ timeout: 150_000 });

const TITLE = { tmdbId: '234', title: 'Caligari', duration: 4500 };

const serverWatched = async (backend: string, account: StoredAccount) =>
  Number((await serverData(backend, account)).progress.find((p) => p.tmdbId === TITLE.tmdbId)?.watched);
const localWatched = async (page: Page) => (await localProgress(page))?.items[TITLE.tmdbId]?.progress?.watched;

/** Every `watched` this context sent for the title. */
function watchedSent(context: BrowserContext): number[] {
  const sent: number[] = [];
  context.on('request', (request) => {
    if (!request.url().includes(`/progress/${TITLE.tmdbId}`) && !request.url().endsWith('/progress/import')) return;
    const body = request.postDataJSON() as unknown;
    for (const item of Array.isArray(body) ? body : [body]) {
      if (item && typeof item === 'object' && (item as { tmdbId?: string }).tmdbId === TITLE.tmdbId)
        sent.push((item as { watched: number }).watched);
    }
  });
  return sent;
}

/** Two signed-in devices of one account, both with the title at 100 s watched. */
async function twoDevices(browser: import('@playwright/test').Browser, hostUrl: string, backend: string) {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const passphrase = await register(a, hostUrl, 'Device A');
  const account = (await storedAccount(a))!;
  await editLocal(a, { progress: [{ ...TITLE, watched: 100 }] });
  await expect.poll(() => serverWatched(backend, account), { timeout: 15_000 }).toBe(100);
  await b.goto(`${hostUrl}/about`);
  await login(b, hostUrl, passphrase, 'Device B');
  await expect.poll(() => localWatched(b), { timeout: 15_000 }).toBe(100);
  return { contextA, contextB, a, b, account };
}

test('the newer edit reaches the server first: the older one, made offline, is dropped and both devices keep the newer', async ({
  browser,
  site,
}) => {
  const backend = site.services!.urls.backend!;
  const { contextA, contextB, a, b, account } = await twoDevices(browser, site.hostUrl, backend);
  const sentByA = watchedSent(contextA);

  // A, cut off from the server, edits first; B edits afterwards and pushes at once.
  const reconnectA = await cutOffFromServer(contextA, backend);
  await editLocal(a, { progress: [{ ...TITLE, watched: 1000 }] });
  await a.waitForTimeout(1000);
  await editLocal(b, { progress: [{ ...TITLE, watched: 2000 }] });
  await expect.poll(() => serverWatched(backend, account), { timeout: 15_000 }).toBe(2000);

  // A comes back: its older edit must not overwrite B's newer one.
  await reconnectA();
  await returnToTab(a);
  await expect.poll(async () => (await localProgress(a))?.updateQueue.length, { timeout: 15_000 }).toBe(0);
  await expect.poll(() => localWatched(a), { timeout: 15_000 }).toBe(2000);
  expect(await serverWatched(backend, account)).toBe(2000);
  expect(sentByA).not.toContain(1000);
  await b.reload();
  await expect.poll(() => localWatched(b), { timeout: 15_000 }).toBe(2000);
  await contextA.close();
  await contextB.close();
});

test('the older edit reaches the server first: the newer one still wins on both devices', async ({ browser, site }) => {
  const backend = site.services!.urls.backend!;
  const { contextA, contextB, a, b, account } = await twoDevices(browser, site.hostUrl, backend);
  // Our account server keeps the edit time a write carries (updatedAt); one that stamps the time of
  // arrival instead (upstream) cannot order two offline edits that arrive oldest last.

  // Both devices are cut off; A edits first, B afterwards.
  const reconnectA = await cutOffFromServer(contextA, backend);
  const reconnectB = await cutOffFromServer(contextB, backend);
  await editLocal(a, { progress: [{ ...TITLE, watched: 1000 }] });
  await a.waitForTimeout(1000);
  await editLocal(b, { progress: [{ ...TITLE, watched: 2000 }] });

  // A (the older edit) reaches the server first, then B (the newer).
  await reconnectA();
  await returnToTab(a);
  await expect.poll(() => serverWatched(backend, account), { timeout: 15_000 }).toBe(1000);
  await reconnectB();
  await returnToTab(b);
  await expect.poll(async () => (await localProgress(b))?.updateQueue.length, { timeout: 15_000 }).toBe(0);
  await expect.poll(() => serverWatched(backend, account), { timeout: 15_000 }).toBe(2000);
  expect(await localWatched(b)).toBe(2000);
  await a.reload();
  await expect.poll(() => localWatched(a), { timeout: 15_000 }).toBe(2000);
  await contextA.close();
  await contextB.close();
});
