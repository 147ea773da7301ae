/**
 * /migration, moving the account to another server through the page: a move that fails shows the rules'
 * message (screens.migration.failed) and changes nothing; the next attempt moves the data and this
 * device to the new server. Two account servers of our own beside the site's (rate limits off).
 */
import { accountElsewhere, login, seedLocalData, serverData, startAccountServer, storedAccount, useBackend } from '../support/account.page';
import { expect, test } from '../support/site.fixture';

let from: Awaited<ReturnType<typeof startAccountServer>>;
let to: Awaited<ReturnType<typeof startAccountServer>>;
test.beforeAll(async () => {
  [from, to] = await Promise.all([startAccountServer({ BACKEND_NAME: 'Old server' }), startAccountServer({ BACKEND_NAME: 'New server' })]);
});
test.afterAll(async () => {
  await Promise.all([from?.close(), to?.close()]);
});

const authState = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('__MW::auth') ?? 'null') as { state: { backendUrl: string | null } }).state);

test('move to another server: a failed attempt says so and changes nothing; then the data and this device move', async ({ page, site }) => {
  const account = await accountElsewhere(from.url);
  await useBackend(page, site.hostUrl, from.url);
  await seedLocalData(page, {
    bookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }],
    progress: [{ tmdbId: '234', title: 'Caligari', watched: 600, duration: 4500 }],
  });
  await login(page, site.hostUrl, account.passphrase, 'Mover');
  const before = (await storedAccount(page))!;

  await page.goto(`${site.hostUrl}/migration`);
  const move = page.getByTestId('migration-move');
  await move.getByLabel('New server URL').fill(to.url);
  await move.getByRole('button', { name: 'Check server' }).click();
  await expect(move.getByTestId('backend-meta').getByRole('heading')).toHaveText('New server');

  // The new server fails while signing in.
  await page.route(`${to.url}/auth/**`, (route) => route.abort('connectionreset'));
  await move.getByRole('button', { name: 'Move my data' }).click();
  await expect(move).toContainText('Migration failed. Your data on this device is untouched.');
  expect((await authState(page)).backendUrl).toBe(from.url);
  expect(await storedAccount(page)).toMatchObject({ token: before.token });

  await page.unroute(`${to.url}/auth/**`);
  await move.getByRole('button', { name: 'Move my data' }).click();
  await expect(move.getByRole('status')).toHaveText('Done: this device now uses the new server.');
  await expect(move).not.toContainText('Migration failed');
  expect((await authState(page)).backendUrl).toBe(to.url);
  const moved = (await storedAccount(page))!;
  expect(moved.userId).not.toBe(before.userId);
  const there = await serverData(to.url, moved);
  expect(there.bookmarks.map((b) => b.tmdbId)).toEqual(['19']);
  expect(there.progress.map((p) => [p.tmdbId, Number(p.watched)])).toEqual([['234', 600]]);
});
