/**
 * 500 queued changes go out in one sync tick and the queues empty. How long that takes and how long the
 * main thread is blocked meanwhile are bench figures (e2e/bench/account.bench.ts), not asserted here.
 */
import { queueChanges, register, serverData, storedAccount } from '../support/account.page';
import { expect, test } from '../support/site.fixture';

test('500 queued changes: pushed in one tick, the queues empty, the server has them all', async ({ page, site }) => {
  test.setTimeout(90_000);
  await register(page, site.hostUrl, 'Budget device');
  const account = (await storedAccount(page))!;
  await queueChanges(page, 250);
  await page.reload();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('mw:sync:push').length), { timeout: 30_000 }).toBeGreaterThan(0);
  const ticks = await page.evaluate(() =>
    performance.getEntriesByName('mw:sync:tick').map((m) => (m as PerformanceMeasure).detail as { pending: number; left: number }),
  );
  expect(ticks[0]).toEqual({ pending: 500, left: 0 });
  expect(await page.evaluate(() => performance.getEntriesByName('mw:sync:push').length)).toBe(1);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::progress')!).state.updateQueue.length)).toBe(0);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::bookmarks')!).state.updateQueue.length)).toBe(0);
  const server = await serverData(site.services!.urls.backend!, account);
  expect(server.bookmarks).toHaveLength(250);
  expect(server.progress).toHaveLength(250);
});
