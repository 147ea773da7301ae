/**
 * Bookmarks and Continue Watching on Home have an edit mode (docs/behaviour.md#home-lists). A title is removed with Undo
 * offered; the removal stays after a reload and, signed in, reaches the account server as the movie-web
 * backend expects it (DELETE /users/:id/progress/:tmdbId with a JSON body, `{}` for a whole title).
 */
import type { Page } from '@playwright/test';
import { editLocal, localBookmarks, localProgress, register, serverData, storedAccount } from '../support/account.page';
import { seedLists } from '../support/seed';
import { expect, test } from '../support/site.fixture';

const now = Date.now();
const bookmarked = [
  { tmdbId: '653', title: 'Nosferatu', year: 1922, updatedAt: now - 1000 },
  { tmdbId: '19', title: 'Metropolis', year: 1927, updatedAt: now },
];
const season = { id: '600001', number: 1, title: 'Season 1' };
const inProgress = [
  { tmdbId: '234', title: 'The Cabinet of Dr. Caligari', year: 1920, updatedAt: now, watched: 600, duration: 4500 },
  {
    tmdbId: '910001',
    title: 'Files of the Northern Street',
    updatedAt: now - 5000,
    episodes: [
      { id: '5000051', number: 1, title: 'Open Water', season, watched: 2300, duration: 2400, updatedAt: now - 6000 },
      { id: '5000052', number: 2, title: 'Static', season, watched: 600, duration: 2400, updatedAt: now - 5000 },
    ],
  },
];

const list = (page: Page, name: 'bookmarks' | 'continue-watching') => page.getByTestId(name);
const titles = (page: Page, name: 'bookmarks' | 'continue-watching') => list(page, name).locator('h3').allTextContents();

test('edit Home’s lists: remove with Undo by keyboard and mouse, a removal kept after a reload or on leaving the page', async ({
  page,
  site,
}) => {
  await seedLists(page, { bookmarked, inProgress });
  await page.goto(`${site.hostUrl}/`);
  await expect.poll(() => titles(page, 'bookmarks')).toEqual(['Metropolis', 'Nosferatu']);
  const edit = page.getByRole('button', { name: 'Edit bookmarks' });
  const toast = page.getByTestId('undo-toast');
  await expect(list(page, 'bookmarks').getByTestId('list-remove')).toHaveCount(0);

  await test.step('keyboard: edit mode and a removal keep focus in the list; Undo brings the title back', async () => {
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('bookmarks-edit')).toHaveText('Done');
    await expect(page.getByTestId('bookmarks-edit')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Remove Metropolis' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove Nosferatu' })).toBeFocused();
    await expect(toast).toContainText('Removed Metropolis');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => titles(page, 'bookmarks')).toEqual(['Metropolis', 'Nosferatu']);
    await expect(toast).toHaveCount(0);
  });

  await test.step('mouse: in edit mode the cards are inert; remove, Undo, nothing written', async () => {
    // No navigation by a stray tap; Tab skips them (the keyboard step went straight to the remove buttons).
    await expect(list(page, 'bookmarks').locator('[inert]')).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove Nosferatu' }).click();
    await expect(toast).toContainText('Removed Nosferatu');
    await expect.poll(() => titles(page, 'bookmarks')).toEqual(['Metropolis']);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => titles(page, 'bookmarks')).toEqual(['Metropolis', 'Nosferatu']);
    await expect(toast).toHaveCount(0);
    expect(Object.keys((await localBookmarks(page))!.bookmarks).sort()).toEqual(['19', '653']);
  });

  await test.step('a removal left to stand is kept: Done leaves edit mode, and a reload shows the list without it', async () => {
    await page.getByRole('button', { name: 'Remove Nosferatu' }).click();
    await expect(toast).toContainText('Removed Nosferatu');
    await page.getByTestId('bookmarks-edit').click();
    await expect(list(page, 'bookmarks').locator('[inert]')).toHaveCount(0);
    await expect(list(page, 'bookmarks').getByTestId('list-remove')).toHaveCount(0);
    await page.reload();
    await expect.poll(() => titles(page, 'bookmarks')).toEqual(['Metropolis']);
    expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
  });

  await test.step('continue watching: removing a show removes all its episodes; leaving the page keeps the removal', async () => {
    await expect.poll(() => titles(page, 'continue-watching')).toEqual(['The Cabinet of Dr. Caligari', 'Files of the Northern Street']);
    await page.getByRole('button', { name: 'Edit Continue Watching' }).click();
    await page.getByRole('button', { name: 'Remove Files of the Northern Street' }).click();
    await expect(toast).toContainText('Removed Files of the Northern Street');
    // Navigating away before the undo window ends: the removal is final.
    await page
      .getByRole('link', { name: 'Discover', exact: true })
      .or(page.getByRole('link', { name: 'Discover more' }))
      .first()
      .click();
    await expect.poll(async () => Object.keys((await localProgress(page))!.items)).toEqual(['234']);
    await page.goto(`${site.hostUrl}/`);
    await expect.poll(() => titles(page, 'continue-watching')).toEqual(['The Cabinet of Dr. Caligari']);
  });
});

test('signed in: removing from Continue Watching is synced as DELETE …/progress/:tmdbId with {}; bookmarks with DELETE', async ({
  page,
  site,
}) => {
  test.setTimeout(120_000);
  const backend = site.services!.urls.backend!;
  await page.goto(`${site.hostUrl}/about`);
  await register(page, site.hostUrl, 'Edit device');
  const account = (await storedAccount(page))!;
  await editLocal(page, {
    addBookmarks: [{ tmdbId: '653', title: 'Nosferatu', year: 1922 }],
    progress: [
      { tmdbId: '234', title: 'The Cabinet of Dr. Caligari', watched: 600, duration: 4500 },
      { tmdbId: '19', title: 'Metropolis', watched: 700, duration: 9000 },
    ],
  });
  await expect
    .poll(async () => (await serverData(backend, account)).progress.map((p) => p.tmdbId).sort(), { timeout: 30_000 })
    .toEqual(['19', '234']);
  await expect.poll(async () => (await serverData(backend, account)).bookmarks.map((b) => b.tmdbId), { timeout: 30_000 }).toEqual(['653']);

  const deletes: { url: string; body: string | null; contentType: string | undefined }[] = [];
  page.on(
    'request',
    (r) => r.method() === 'DELETE' && deletes.push({ url: r.url(), body: r.postData(), contentType: r.headers()['content-type'] }),
  );
  await page.goto(`${site.hostUrl}/`);
  await page.getByRole('button', { name: 'Edit Continue Watching' }).click();
  await page.getByRole('button', { name: 'Remove The Cabinet of Dr. Caligari' }).click();
  await page.getByRole('button', { name: 'Edit bookmarks' }).click();
  // Leaving the page makes the removals final, without waiting out their Undo.
  await page.getByRole('button', { name: 'Remove Nosferatu' }).click();
  await expect(page.getByTestId('undo-toast').filter({ hasText: 'Removed Nosferatu' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('discover-page')).toBeVisible();

  await expect.poll(async () => (await serverData(backend, account)).progress.map((p) => p.tmdbId), { timeout: 30_000 }).toEqual(['19']);
  await expect.poll(async () => (await serverData(backend, account)).bookmarks.length, { timeout: 30_000 }).toBe(0);
  const progressDelete = deletes.find((d) => d.url.endsWith(`/users/${account.userId}/progress/234`));
  expect(progressDelete).toBeDefined();
  expect(JSON.parse(progressDelete!.body ?? 'null')).toEqual({});
  expect(progressDelete!.contentType).toMatch(/application\/json/);
  expect(deletes.some((d) => d.url.endsWith(`/users/${account.userId}/bookmarks/653`))).toBe(true);
});
