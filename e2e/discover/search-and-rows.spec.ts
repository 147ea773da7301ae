/**
 * One clear (×) button in the search box; a carousel shows no "previous" arrow at the start
 * of its row (and no "next" at its end); short runtimes read "45m", not "0h 45m".
 */
import type { Locator } from '@playwright/test';
import { detailsModal, loadedCards, openDiscover, row } from '../support/discover.page';
import { expect, test } from '../support/site.fixture';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('the search box has one clear button, and it clears the search', async ({ page, site }) => {
      await page.goto(`${site.hostUrl}/browse/Nosferatu`);
      const box = page.getByRole('searchbox');
      await expect(box).toHaveValue('Nosferatu');
      // The browser's own clear control of type=search is not drawn next to ours.
      // (Chromium does not compute styles of that pseudo-element: read the rule that applies to the box.)
      const nativeClearHidden = await box.evaluate((el) =>
        [...document.styleSheets].some((sheet) =>
          [...sheet.cssRules].some((rule) => {
            if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes('::-webkit-search-cancel-button')) return false;
            const host = rule.selectorText
              .split(',')
              .map((s) => s.trim())
              .find((s) => s.endsWith('::-webkit-search-cancel-button'))
              ?.replace('::-webkit-search-cancel-button', '');
            return Boolean(host) && el.matches(host!) && rule.style.display === 'none';
          }),
        ),
      );
      expect(nativeClearHidden).toBe(true);
      const clear = page.getByRole('search').getByRole('button');
      await expect(clear).toHaveCount(1);
      await expect(clear).toHaveAccessibleName('Clear search');
      await clear.click();
      await expect(page).toHaveURL(`${site.hostUrl}/`);
      await expect(box).toHaveValue('');
      await expect(page.getByRole('search').getByRole('button')).toHaveCount(0);
    });

    test('runtimes under an hour read in minutes', async ({ page, site }) => {
      await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-992');
      const modal = detailsModal(page);
      await expect(modal.getByRole('heading', { name: 'Sherlock Jr.' })).toBeVisible();
      await expect(modal.getByTestId('details-facts').getByText('45m', { exact: true })).toBeVisible();
      await expect(modal).not.toContainText('0h');
      await page.goto(`${site.hostUrl}/discover?m=details-tmdb-movie-653`);
      await expect(detailsModal(page).getByTestId('details-facts').getByText('1h 34m', { exact: true })).toBeVisible();
    });
  });
}

test('at 1280 px: the previous arrow appears only once the row is scrolled, the next arrow goes at its end', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const nowPlaying = row(page, 'Now Playing');
  await loadedCards(nowPlaying);
  const previous = nowPlaying.getByTestId('carousel-previous');
  const next = nowPlaying.getByTestId('carousel-next');
  await expect(previous).toHaveCount(0);
  await expect(next).toBeVisible();
  await next.click();
  await expect(previous).toBeVisible();
  // Keyboard: pressing "next" until the end moves focus to "previous" instead of losing it.
  await next.focus();
  for (let i = 0; i < 12 && (await next.count()) > 0; i++) {
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
  }
  await expect(next).toHaveCount(0);
  await expect(previous).toBeFocused();
  for (let i = 0; i < 12 && (await previous.count()) > 0; i++) {
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
  }
  await expect(previous).toHaveCount(0);
  await expect(next).toBeFocused();
});

test('at 390 px: rows scroll by touch, without arrows (arrows are for desktop)', async ({ page, site }) => {
  await page.setViewportSize({ width: 390, height: 860 });
  await openDiscover(page, site.hostUrl);
  const nowPlaying = row(page, 'Now Playing');
  await loadedCards(nowPlaying);
  await expect(nowPlaying.getByTestId('carousel-next')).toBeHidden();
  await expect(nowPlaying.getByTestId('carousel-previous')).toHaveCount(0);
});

test('at 1280 px: a top row loads the posters in view at once and the rest as the row scrolls', async ({ page, site }) => {
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') images.push(r.url());
  });
  await page.goto(`${site.hostUrl}/`);
  const cards = await loadedCards(page.getByTestId('carousel').first());
  await page.waitForLoadState('networkidle');
  const posters = cards.locator('img');
  const count = await posters.count();
  expect(count).toBeGreaterThan(14);
  const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
  const sources = await posters.evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src));
  const fetchedAtLoad = sources.filter((src) => images.includes(src)).length;
  // The window's width over the narrowest card, plus one partly shown: 1280 / 128 + 1.
  expect(fetchedAtLoad).toBeGreaterThanOrEqual(6);
  expect(fetchedAtLoad).toBeLessThanOrEqual(11);
  await expect.poll(() => loaded(posters.first())).toBe(true);
  const last = posters.nth(count - 1);
  expect(await loaded(last)).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(last)).toBe(true);
});

test('a search without results says what to try and leads to Discover', async ({ page, site }) => {
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.hostUrl}/browse/zzzzqqq`);
    const empty = page.getByTestId('search-empty');
    await expect(empty.getByRole('status')).toHaveText("We couldn't find anything!");
    await expect(empty).toContainText('Check the spelling, try fewer words, or search for the original title.');
    await expect(empty.getByRole('link', { name: 'See the editor picks' })).toHaveAttribute('href', '/discover?tab=editorpicks');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.getByTestId('search-empty').getByRole('link', { name: 'Browse Discover' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);
});
