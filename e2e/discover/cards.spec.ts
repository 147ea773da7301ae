/** Media cards (spec §2): overlay actions, right-click, closing after mouse leave, bookmark to home, keyboard. */
import { homeLink } from '../support/host.page';
import { expect, test } from '../support/site.fixture';
import { bookmarkButton, cardOverlay, detailsModal, loadedCards, moreButton, openDiscover, row } from '../support/discover.page';

test('more-button overlay: More Info, Copy Link with 2 s feedback, Close, copyable ID', async ({ page, site, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.hostUrl });
  await openDiscover(page, site.hostUrl);
  const card = (await loadedCards(row(page, 'Top Rated'))).first();
  const id = await card.getAttribute('data-media-id');
  await moreButton(card).click();
  const overlay = cardOverlay(card);
  await expect(overlay.getByRole('button')).toHaveText(['More Info', 'Copy Link', 'Close', id!]);

  await overlay.getByRole('button', { name: 'Copy Link' }).click();
  await expect(overlay.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/media/${id}`));
  await expect(overlay.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 3000 });

  await overlay.getByRole('button', { name: `Copy ID ${id}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toHaveCount(0);

  await card.click({ button: 'right' });
  await expect(overlay).toBeVisible();
  await page.mouse.move(5, 5);
  await page.waitForTimeout(1000);
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveCount(0, { timeout: 2500 });

  await moreButton(card).click();
  await overlay.getByRole('button', { name: 'More Info' }).click();
  await expect(detailsModal(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]m=details-${id!.replace(/-[a-z0-9-]*$/, '')}`));
});

test('a bookmark toggled on a card appears on home', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const card = (await loadedCards(row(page, 'Now Playing'))).first();
  const title = (await card.getByRole('heading').textContent())!;
  const id = (await card.getAttribute('data-media-id'))!;
  await bookmarkButton(card).click();
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');
  await homeLink(page).click();
  const bookmarks = page.getByTestId('bookmarks');
  await expect(bookmarks.locator(`[data-media-id="${id}"]`)).toContainText(title);

  // And off again from the same card on home (Discover's rows are shuffled picks of two pages, so
  // the title need not be on Discover again).
  const saved = () =>
    page.evaluate(
      (key) => key in JSON.parse(localStorage.getItem('__MW::bookmarks')!).state.bookmarks,
      id.replace(/^tmdb-(movie|tv)-/, ''),
    );
  expect(await saved()).toBe(true);
  const onHome = bookmarks.locator(`[data-testid=media-card][data-media-id="${id}"]`);
  await expect(bookmarkButton(onHome)).toHaveAttribute('aria-pressed', 'true');
  await bookmarkButton(onHome).click();
  await expect(bookmarks.locator(`[data-media-id="${id}"]`)).toHaveCount(0);
  await expect.poll(saved).toBe(false);
});

test('keyboard only: through a carousel card, its overlay and the details modal', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const cards = await loadedCards(row(page, 'Now Playing'));
  const first = cards.first();
  await first.getByRole('link').focus();
  await page.keyboard.press('Tab');
  await expect(bookmarkButton(first)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(moreButton(first)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cards.nth(1).getByRole('link')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(moreButton(first)).toBeFocused();

  await page.keyboard.press('Enter');
  const overlay = cardOverlay(first);
  await expect(overlay.getByRole('button', { name: 'More Info' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(moreButton(first)).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const modal = detailsModal(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: /^(Play|Resume)$/ })).toBeVisible();
  // Focus stays inside the dialog.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(moreButton(first)).toBeFocused();

  // Enter on a card link follows it (watch page by default).
  await first.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/media\/tmdb-movie-/);
});
