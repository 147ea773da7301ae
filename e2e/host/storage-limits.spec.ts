/**
 * Local storage under pressure (backups must never flood it): a stored value that cannot be read is
 * set aside once, not again at every load; a save the browser refuses because the origin's storage is
 * full is announced, the change stays on screen, and it is saved once there is room again.
 */
import { header, homeLink } from '../support/host.page';
import { bookmarkButton, loadedCards, openDiscover, row } from '../support/discover.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

const backupsOf = (page: import('@playwright/test').Page, name: string) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), `__MW::${name}::backup::`);

test('the banner names the data in the language of the page, listed as that language lists things', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await writeNow(page, storedEntries({ settings: { language: 'de' } }));
  // Unreadable values, by hand: no builder makes what the site cannot read.
  await page.evaluate(() => {
    localStorage.setItem('__MW::bookmarks', '{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1');
    localStorage.setItem('__MW::progress', '{"state": ');
  });
  await page.goto(`${site.hostUrl}/`);
  const banner = page.getByTestId('recovered-banner');
  await expect(banner).toContainText('Lesezeichen und Wiedergabefortschritt');
  await expect(banner).not.toContainText('bookmarks');
});

test('an unreadable stored value is set aside once, however often the site is loaded', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await page.evaluate(() => localStorage.setItem('__MW::bookmarks', '{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1'));
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('recovered-banner')).toContainText('bookmarks');
  for (let load = 0; load < 4; load++) {
    await page.reload();
    await expect(page.getByRole('search')).toBeVisible();
  }
  await expect(page.getByTestId('recovered-banner')).toHaveCount(0);
  const backups = await backupsOf(page, 'bookmarks');
  expect(backups).toHaveLength(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), backups[0]!)).toBe(
    '{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1',
  );
});

test('a full storage: the person is told, the bookmark stays on screen, and is saved once there is room', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  // Fill this origin's storage to the last few characters, as other data on a shared origin might.
  await page.evaluate(() => {
    let size = 1 << 20;
    let n = 0;
    while (size >= 16) {
      try {
        localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
  const card = (await loadedCards(row(page, 'Now Playing'))).first();
  const id = (await card.getAttribute('data-media-id'))!;
  await bookmarkButton(card).click();
  await expect(page.getByTestId('save-failed-banner')).toContainText("Your browser's storage for this site is full");
  await expect(page.getByTestId('save-failed-banner')).toContainText('bookmarks');
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');

  await homeLink(page).click();
  await expect(page.getByTestId('bookmarks').locator(`[data-media-id="${id}"]`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('__MW::bookmarks'))).toBeNull();

  // Room again: the next change saves everything the store holds (the first bookmark too), and the notice goes.
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('filler-'))
      .forEach((k) => localStorage.removeItem(k)),
  );
  await header(page).getByRole('link', { name: 'Discover' }).click(); // in the app: a reload would drop what is only in memory
  const other = (await loadedCards(row(page, 'Now Playing'))).nth(1);
  const otherId = (await other.getAttribute('data-media-id'))!;
  await bookmarkButton(other).click();
  await expect(page.getByTestId('save-failed-banner')).toHaveCount(0);
  const saved = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('__MW::bookmarks')!).state.bookmarks).sort());
  expect(saved).toEqual([id, otherId].map((m) => m.replace(/^tmdb-(movie|tv)-/, '')).sort());
});
