/**
 * Media cards (docs/behaviour.md#discover-cards): the more-options menu by mouse (Copy Link and Copy ID
 * to the clipboard, right-click, More Info), a bookmark toggled on a card shown on Home; and the keyboard
 * through a card, its menu and the details modal. The menu's keys, the row's single tab stop and the
 * overlay's timers are component tests (remote-discover/src/features/cards/*.test.tsx).
 */
import { homeLink } from '../support/host.page';
import { expect, test } from '../support/site.fixture';
import { bookmarkButton, cardOverlay, detailsModal, loadedCards, moreButton, openDiscover, row } from '../support/discover.page';

test('a card by mouse: Copy Link and Copy ID to the clipboard, right-click, More Info; its bookmark shows on Home and off again', async ({
  page,
  site,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.hostUrl });
  await openDiscover(page, site.hostUrl);

  await test.step('the more-options menu: Copy Link, Copy ID, Close, right-click, More Info', async () => {
    const card = (await loadedCards(row(page, 'Top Rated'))).first();
    const id = (await card.getAttribute('data-media-id'))!;
    await moreButton(card).click();
    const overlay = cardOverlay(card);
    await expect(overlay).toHaveRole('menu');
    await expect(overlay.getByRole('menuitem')).toHaveText(['More Info', 'Copy Link', 'Close', id]);
    await overlay.getByRole('menuitem', { name: 'Copy Link' }).click();
    await expect(overlay.getByRole('menuitem', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/media/${id}`));
    await overlay.getByRole('menuitem', { name: `Copy ID ${id}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
    await overlay.getByRole('menuitem', { name: 'Close' }).click();
    await expect(overlay).toHaveCount(0);

    await card.click({ button: 'right' });
    await expect(overlay).toBeVisible();
    await overlay.getByRole('menuitem', { name: 'More Info' }).click();
    await expect(detailsModal(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]m=details-${id.replace(/-[a-z0-9-]*$/, '')}`));
    await page.keyboard.press('Escape');
    await expect(detailsModal(page)).toHaveCount(0);
  });

  await test.step('a bookmark toggled on a card appears on Home, and goes off again from the card there', async () => {
    const card = (await loadedCards(row(page, 'Now Playing'))).first();
    const title = (await card.getByRole('heading').textContent())!;
    const id = (await card.getAttribute('data-media-id'))!;
    await bookmarkButton(card).click();
    await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');
    await homeLink(page).click();
    const bookmarks = page.getByTestId('bookmarks');
    await expect(bookmarks.locator(`[data-media-id="${id}"]`)).toContainText(title);
    // (Discover's rows are shuffled picks of two pages, so the title need not be on Discover again.)
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
});

test('keyboard only: a card’s ring inside its item, its menu, the details modal keeping focus, Escape back, Enter follows the link', async ({
  page,
  site,
}) => {
  await openDiscover(page, site.hostUrl);
  const cards = await loadedCards(row(page, 'Now Playing'));
  const first = cards.first();

  await test.step("a focused card's ring is drawn inside its list item, which clips what is painted outside it", async () => {
    await page.getByRole('heading', { name: 'Now Playing' }).click();
    await page.keyboard.press('Tab');
    const link = first.getByRole('link');
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

  await test.step('Tab to the menu button, Enter opens the menu on its first item; Tab out closes it', async () => {
    await page.keyboard.press('Tab');
    await expect(bookmarkButton(first)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(moreButton(first)).toBeFocused();
    await page.keyboard.press('Enter');
    const overlay = cardOverlay(first);
    await expect(overlay).toHaveRole('menu');
    await expect(moreButton(first)).toHaveAttribute('aria-expanded', 'true');
    await expect(overlay.getByRole('menuitem', { name: 'More Info' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(overlay).toHaveCount(0);
    await expect(moreButton(first)).toHaveAttribute('aria-expanded', 'false');
  });

  await test.step('More Info by Enter: focus stays inside the dialog; Escape closes it back to the menu button', async () => {
    await moreButton(first).focus();
    await page.keyboard.press('Enter');
    await expect(cardOverlay(first).getByRole('menuitem', { name: 'More Info' })).toBeFocused();
    await page.keyboard.press('Enter');
    const modal = detailsModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: /^(Play|Resume)$/ })).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(moreButton(first)).toBeFocused();
  });

  await test.step('Enter on a card link follows it (the watch page by default)', async () => {
    await first.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/media\/tmdb-movie-/);
  });
});
