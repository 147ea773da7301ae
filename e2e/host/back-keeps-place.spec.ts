/**
 * Back keeps the person's place. From search results to a watch page and back (browser
 * Back or the player's back control) the query and the scroll position are as they were; Discover's
 * tab is in the URL; `?back=` accepts same-site paths only.
 */
import type { Page } from '@playwright/test';
import { cardOverlay, detailsModal, loadedCards, moreButton, row, tab } from '../support/discover.page';
import { player, showControls } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Search results scrolled down (to the bottom for "the", by a little for one result); returns the position and a card. */
async function scrolledResults(page: Page, hostUrl: string, query = 'the') {
  await page.goto(`${hostUrl}/browse/${query}`);
  const cards = page.getByTestId('search-results').getByTestId('media-card');
  await expect(cards.first()).toBeVisible();
  if (query === 'the') {
    expect(await cards.count()).toBeGreaterThan(3);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  } else await page.evaluate(() => window.scrollTo(0, 140));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  await page.waitForTimeout(200); // the position is saved on the next frame
  return { y: await scrollY(page), last: cards.last() };
}

/**
 * The player's back control, shown by moving the mouse over the player (inside a phone-wide viewport
 * too). The controls hide 3 s after the mouse stops while the film plays on: on a slow machine, show
 * them again and retry.
 */
async function clickBack(page: Page) {
  await expect(async () => {
    await page.mouse.move(100, 200);
    await page.mouse.move(120, 220);
    await page.getByRole('link', { name: 'Back' }).click({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}

async function expectResultsAt(page: Page, hostUrl: string, y: number, query = 'the') {
  await expect(page).toHaveURL(`${hostUrl}/browse/${query}`);
  await expect(page.getByRole('searchbox')).toHaveValue(query);
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(y - 2);
  expect(await scrollY(page)).toBeLessThanOrEqual(y + 2);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 640 } });

    test('search → watch page → Back: the query and the scroll position are restored', async ({ page, site }) => {
      const { y, last } = await scrolledResults(page, site.hostUrl);
      await last.click();
      await expect(page).toHaveURL(/\/media\/tmdb-(movie|tv)-\d+[^?]*\?back=%2Fbrowse%2Fthe$/);
      await expect(player(page)).toBeVisible();
      await page.goBack();
      await expectResultsAt(page, site.hostUrl, y);
    });

    test("search → watch page → the player's back control: the same place, no extra history entry", async ({ page, site }) => {
      await page.goto(`${site.hostUrl}/`);
      // Nosferatu plays (the back control is in the player's top bar).
      const { y, last } = await scrolledResults(page, site.hostUrl, 'Nosferatu');
      await last.click();
      await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
      const back = page.getByRole('link', { name: 'Back' });
      await expect(back).toHaveAttribute('href', '/browse/Nosferatu');
      await clickBack(page);
      await expectResultsAt(page, site.hostUrl, y, 'Nosferatu');
      // The back control went Back: the entry before the results is home.
      await page.goBack();
      await expect(page).toHaveURL(`${site.hostUrl}/`);
    });

    test("Discover's tab is in the URL: reload, shared links and Back from a title keep it", async ({ page, site }) => {
      await page.goto(`${site.hostUrl}/discover`);
      await tab(page, 'TV Shows').click();
      await expect(page).toHaveURL(`${site.hostUrl}/discover?tab=tvshows`);
      await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
      await page.reload();
      await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
      await page.goto(`${site.hostUrl}/discover?tab=editorpicks`);
      await expect(tab(page, 'Editor Picks')).toHaveAttribute('aria-selected', 'true');
      await tab(page, 'TV Shows').click();

      const cards = await loadedCards(row(page, 'Top Rated'));
      await cards.first().getByRole('link').click();
      await expect(page).toHaveURL(/\/media\/tmdb-tv-\d+[^?]*\?back=%2Fdiscover%3Ftab%3Dtvshows$/);
      await page.goBack();
      await expect(page).toHaveURL(`${site.hostUrl}/discover?tab=tvshows`);
      await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');

      // Further down the page: Back returns to the same scroll position, lazy rows and all.
      const lower = await loadedCards(row(page, 'Most Popular'));
      await page.waitForTimeout(300);
      const y = await scrollY(page);
      expect(y).toBeGreaterThan(200);
      await lower.first().getByRole('link').click();
      await expect(page).toHaveURL(/\/media\//);
      await page.goBack();
      await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(y - 2);
      expect(await scrollY(page)).toBeLessThanOrEqual(y + 2);
      // Switching tabs replaces the entry: Back leaves Discover instead of walking through tabs.
      await tab(page, 'Movies').click();
      await expect(page).toHaveURL(`${site.hostUrl}/discover`);
    });

    for (const way of ['card', 'details then Play'] as const) {
      test(`Discover scrolled to a lower row, one row scrolled sideways: Back from a title (${way}) returns to that place`, async ({
        page,
        site,
      }) => {
        await page.goto(`${site.hostUrl}/discover`);
        // A row well down the page, scrolled sideways by a few cards.
        const lower = page.getByTestId('carousel').nth(5);
        const cards = await loadedCards(lower);
        const track = lower.getByRole('list');
        await track.evaluate((el) => el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, behavior: 'instant' }));
        await expect.poll(() => track.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(150);
        await page.waitForTimeout(300); // positions are saved on the next frame
        const y = await scrollY(page);
        const x = await track.evaluate((el) => el.scrollLeft);
        expect(y).toBeGreaterThan(600);
        // A card wholly in view (clicking one off to the side would scroll the row to it).
        const inView = await track.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.querySelectorAll('li')].findIndex((li) => {
            const r = li.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left && r.right <= box.right;
          });
        });
        expect(inView).toBeGreaterThan(2);
        const card = cards.nth(inView);

        if (way === 'card') await card.getByRole('link').first().click();
        else {
          await moreButton(card).click();
          await cardOverlay(card).getByRole('menuitem', { name: 'More Info' }).click();
          await detailsModal(page).getByTestId('details-play').click();
        }
        await expect(page).toHaveURL(/\/media\//);
        await expect(player(page)).toBeVisible();
        await page.goBack();
        if (way === 'details then Play') {
          await expect(detailsModal(page)).toBeVisible();
          // The page behind the modal is back in place before the modal closes.
          await expect.poll(() => scrollY(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(y - 2);
          await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeCloseTo(x, -1);
          await detailsModal(page).getByRole('button', { name: 'Close' }).first().click();
          await expect(detailsModal(page)).toHaveCount(0);
        }
        await expect(page).toHaveURL(`${site.hostUrl}/discover`);
        await expect.poll(() => scrollY(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(y - 2);
        expect(await scrollY(page)).toBeLessThanOrEqual(y + 2);
        await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeCloseTo(x, -1);
      });
    }

    test("the details modal's Play: Back (or the player's back control) returns to the open modal", async ({ page, site }) => {
      await page.goto(`${site.hostUrl}/discover?tab=tvshows&m=details-tmdb-movie-653`);
      const play = detailsModal(page).getByTestId('details-play');
      await expect(play).toHaveAttribute('href', /^\/media\/tmdb-movie-653-[a-z-]+$/); // clean to copy
      await play.click();
      await expect(page).toHaveURL(/\/media\/tmdb-movie-653-[a-z-]+\?back=%2Fdiscover%3Ftab%3Dtvshows%26m%3Ddetails-tmdb-movie-653$/);
      await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
      await clickBack(page);
      await expect(page).toHaveURL(`${site.hostUrl}/discover?tab=tvshows&m=details-tmdb-movie-653`);
      await expect(detailsModal(page).getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
      await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
    });
  });
}

test('?back= with another site is dropped (the back control leads home); a same-site path is kept', async ({ page, site }) => {
  const watch = `${site.hostUrl}/media/tmdb-movie-653-nosferatu`;
  for (const evil of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
    await page.goto(`${watch}?back=${encodeURIComponent(evil)}&theme=red`);
    await expect(page).toHaveURL(`${watch}?theme=red`);
    await expect(player(page)).toBeVisible();
    await showControls(page);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  }
  await page.goto(`${watch}?back=${encodeURIComponent('/discover?tab=tvshows')}`);
  await expect(page).toHaveURL(`${watch}?back=${encodeURIComponent('/discover?tab=tvshows')}`);
  await showControls(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/discover?tab=tvshows`);
  await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
});
