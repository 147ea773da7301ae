/**
 * /migration: without an account, export (without credentials) and import bring the data back; moving
 * the account to another server needs a login. A move that fails shows the rules' message
 * (screens.migration.failed) and changes nothing; the next attempt moves the data and this device to the
 * new server. Two account servers of our own beside the site's (rate limits off).
 */
import fs from 'node:fs';
import {
  accountElsewhere,
  editLocal,
  localBookmarks,
  login,
  seedLocalData,
  serverData,
  startAccountServer,
  storedAccount,
  useBackend,
} from '../support/account.page';
import { editStores } from '../support/seed';
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

test('/migration: export then import brings the data back; moving to another server fails cleanly, then the data and this device move', async ({
  page,
  site,
}) => {
  await test.step('without an account: login required to move; export (without credentials) then import brings the data back', async () => {
    await page.goto(`${site.hostUrl}/about`);
    await editStores(page, ['preferences'], ({ preferences }) =>
      Object.assign(preferences, { febboxKey: 'e2e-febbox-token', mediaServerApiKey: 'e2e-media-api-key', enableThumbnails: true }),
    );
    await editLocal(page, {
      addBookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }],
      progress: [{ tmdbId: '234', title: 'Caligari', watched: 600, duration: 4500 }],
    });
    await page.goto(`${site.hostUrl}/migration`);
    await expect(page.getByTestId('migration-move')).toContainText('You need to be logged in to move your account.');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export data' }).click();
    const file = await (await downloading).path();
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('e2e-febbox-token');
    expect(text).not.toContain('e2e-media-api-key');
    expect(JSON.parse(text).settings.preferences.enableThumbnails).toBe(true);
    await page.evaluate(() => (localStorage.removeItem('__MW::bookmarks'), localStorage.removeItem('__MW::progress')));
    await page.reload();
    expect(await localBookmarks(page)).toBeNull();
    await page.getByLabel('Import data').setInputFiles(file);
    await expect(page.getByRole('status')).toHaveText('Imported 1 bookmark and 1 watched title.');
    await expect.poll(async () => Object.keys((await localBookmarks(page))?.bookmarks ?? {})).toEqual(['19']);
    await page
      .getByLabel('Import data')
      .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
    await expect(page.getByTestId('migration-file').getByRole('alert')).toHaveText('This file is not a movie-web export.');
  });

  await test.step('signed in: a move that fails says so and changes nothing; the next one moves the data and this device', async () => {
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
});
