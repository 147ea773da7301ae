/** Media cards (docs/behaviour.md#discover-cards): overlay actions, right-click, closing after mouse leave, bookmark to home, keyboard. */
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
  await expect(overlay).toHaveRole('menu');
  await expect(overlay.getByRole('menuitem')).toHaveText(['More Info', 'Copy Link', 'Close', id!]);

  await overlay.getByRole('menuitem', { name: 'Copy Link' }).click();
  await expect(overlay.getByRole('menuitem', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/media/${id}`));
  await expect(overlay.getByRole('menuitem', { name: 'Copy Link' })).toBeVisible({ timeout: 3000 });

  await overlay.getByRole('menuitem', { name: `Copy ID ${id}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

  await overlay.getByRole('menuitem', { name: 'Close' }).click();
  await expect(overlay).toHaveCount(0);

  await card.click({ button: 'right' });
  await expect(overlay).toBeVisible();
  await page.mouse.move(5, 5);
  await page.waitForTimeout(1000);
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveCount(0, { timeout: 2500 });

  await moreButton(card).click();
  await overlay.getByRole('menuitem', { name: 'More Info' }).click();
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

test('keyboard only: through a carousel card, its menu and the details modal', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const cards = await loadedCards(row(page, 'Now Playing'));
  const first = cards.first();
  await first.getByRole('link').focus();
  await page.keyboard.press('Tab');
  await expect(bookmarkButton(first)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(moreButton(first)).toBeFocused();
  await expect(moreButton(first)).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('Shift+Tab');
  await expect(bookmarkButton(first)).toBeFocused();
  await page.keyboard.press('Shift+Tab');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const overlay = cardOverlay(first);
  await expect(overlay).toHaveRole('menu');
  await expect(moreButton(first)).toHaveAttribute('aria-expanded', 'true');
  await expect(overlay.getByRole('menuitem', { name: 'More Info' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(overlay.getByRole('menuitem', { name: 'Copy Link' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(overlay.getByRole('menuitem', { name: /^Copy ID / })).toBeFocused();
  // Focus leaving the menu closes it.
  await page.keyboard.press('Tab');
  await expect(overlay).toHaveCount(0);
  await expect(moreButton(first)).toHaveAttribute('aria-expanded', 'false');

  await moreButton(first).focus();
  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('menuitem', { name: 'More Info' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(moreButton(first)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(overlay.getByRole('menuitem', { name: 'More Info' })).toBeFocused();
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

test('a row of cards is one stop for Tab: the arrow keys move along it', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const cards = await loadedCards(row(page, 'Now Playing'));
  const first = cards.first();
  await first.getByRole('link').focus();
  // The card's link, its bookmark, its menu button, then out of the row: 3 stops, not 3 per card.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(
    await row(page, 'Now Playing')
      .getByRole('list')
      .evaluate((list) => list.contains(document.activeElement)),
  ).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(moreButton(first)).toBeFocused();

  await first.getByRole('link').focus();
  await page.keyboard.press('ArrowRight');
  const second = cards.nth(1).getByRole('link');
  await expect(second).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bookmarkButton(cards.nth(1))).toBeFocused();
  await expect(bookmarkButton(cards.nth(1))).toHaveAccessibleName(/^Bookmark /);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  const last = cards.last().getByRole('link');
  await expect(last).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first.getByRole('link')).toBeFocused();
});

test("a focused card's ring is drawn inside its list item, which clips what is painted outside it", async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const cards = await loadedCards(row(page, 'Now Playing'));
  await page.getByRole('heading', { name: 'Now Playing' }).click();
  await page.keyboard.press('Tab');
  const link = cards.first().getByRole('link');
  await expect(link).toBeFocused();
  const ring = await link.evaluate((link) => {
    const style = getComputedStyle(link);
    const outer = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const box = link.getBoundingClientRect();
    const item = link.closest('li')!.getBoundingClientRect();
    return {
      drawn: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      inside:
        box.left - outer >= item.left - 0.5 &&
        box.right + outer <= item.right + 0.5 &&
        box.top - outer >= item.top - 0.5 &&
        box.bottom + outer <= item.bottom + 0.5,
    };
  });
  expect(ring).toEqual({ drawn: true, inside: true });
});

test('search results are the same cards: bookmark toggle, menu with More Info and Copy Link', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/browse/Nosferatu`);
  const results = page.getByTestId('search-results');
  const card = results.getByTestId('media-card').first();
  await expect(card).toContainText('Nosferatu');
  const id = (await card.getAttribute('data-media-id'))!;
  const title = (await card.getByRole('heading').textContent())!;
  await expect(bookmarkButton(card)).toHaveAccessibleName(`Bookmark ${title}`);
  await bookmarkButton(card).click();
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');

  await expect(moreButton(card)).toHaveAttribute('aria-haspopup', 'menu');
  await moreButton(card).click();
  const menu = cardOverlay(card);
  await expect(menu).toHaveRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['More Info', 'Copy Link', 'Close', id]);
  await menu.getByRole('menuitem', { name: 'More Info' }).click();
  await expect(detailsModal(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/browse/Nosferatu\\?m=details-${id.replace(/-[a-z0-9-]*$/, '')}`));
  await page.keyboard.press('Escape');
  await expect(detailsModal(page)).toHaveCount(0);

  // The whole grid is one tab stop: the card's link, bookmark and menu button, then out of the grid.
  await card.getByRole('link').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  expect(await results.evaluate((grid) => grid.contains(document.activeElement))).toBe(false);
});
