/**
 * Back keeps the person's place. A search is one history entry; from its results to a watch page and
 * back (browser Back or the player's back control) the query and the scroll position are as they were;
 * Discover's tab is in the URL, and Back from a title returns to the row, scrolled sideways as it was,
 * or to the details modal the title was played from. By keyboard alone too, with the focus always shown.
 */
import type { Locator, Page } from '@playwright/test';
import { cardOverlay, detailsModal, loadedCards, moreButton, row, tab } from '../support/discover.page';
import { currentTime, paused, player, showControls } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Waits until the place shown now is what the site stored for this history entry (it stores it on the
 * frame after a scroll), so that leaving the page now leaves from there.
 */
async function placeStored(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const key = (history.state as { key?: string } | null)?.key ?? `default:${location.pathname}${location.search}${location.hash}`;
        const place = (JSON.parse(sessionStorage.getItem('mw:scroll') ?? '{}') as Record<string, { y?: number; rows?: object }>)[key];
        const rows = [...document.querySelectorAll<HTMLElement>('[data-scroll-x]')].filter((el) => Math.round(el.scrollLeft) !== 0);
        return place?.y === Math.round(window.scrollY) && Object.keys(place.rows ?? {}).length === rows.length;
      }),
    )
    .toBe(true);
}

async function expectResultsAt(page: Page, hostUrl: string, y: number, query: string) {
  await expect(page).toHaveURL(`${hostUrl}/browse/${query}`);
  await expect(page.getByRole('searchbox')).toHaveValue(query);
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(y - 2);
  expect(await scrollY(page)).toBeLessThanOrEqual(y + 2);
}

/**
 * The player's back control, shown by moving the mouse over the player. The controls hide 3 s after the
 * mouse stops while the film plays on: on a slow machine, show them again and retry.
 */
async function clickBack(page: Page) {
  await expect(async () => {
    await showControls(page);
    await page.getByRole('link', { name: 'Back' }).click({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}

/** Presses Tab until `target` has focus (at most `max` presses); fails otherwise. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element shows a focus ring (outline or box-shadow) that is actually drawn. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const rect = el.getBoundingClientRect();
    return {
      drawn: outline || style.boxShadow !== 'none',
      inView: rect.width > 0 && rect.height > 0,
      visible: style.visibility !== 'hidden' && Number(style.opacity) > 0,
    };
  });
  expect(ring).toEqual({ drawn: true, inView: true, visible: true });
}

test.use({ viewport: { width: 1280, height: 640 } });

test('search: Back from a title returns to the query and the scroll; one history entry per search; a failed search retries', async ({
  page,
  site,
}) => {
  await test.step('results scrolled to the bottom → a title → Back: the query and the scroll position are restored', async () => {
    await page.goto(`${site.hostUrl}/browse/the`);
    const cards = page.getByTestId('search-results').getByTestId('media-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(3);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    await placeStored(page);
    const y = await scrollY(page);
    await cards.last().click();
    await expect(page).toHaveURL(/\/media\/tmdb-(movie|tv)-\d+[^?]*\?back=%2Fbrowse%2Fthe$/);
    await expect(player(page)).toBeVisible();
    await page.goBack();
    await expectResultsAt(page, site.hostUrl, y, 'the');
  });

  await test.step('the first keystroke adds one history entry, later ones replace it; clearing the box goes Back', async () => {
    await page.goto(`${site.hostUrl}/about`);
    await page.goto(`${site.hostUrl}/`);
    const box = page.getByRole('searchbox', { name: 'Search for movies and shows' });
    await box.pressSequentially('cop');
    await expect(page).toHaveURL(`${site.hostUrl}/browse/cop`);
    await box.pressSequentially('per');
    await expect(page).toHaveURL(`${site.hostUrl}/browse/copper`);
    await expect(page.getByTestId('search-results').getByTestId('media-card').first()).toBeVisible();
    await expect(page).toHaveTitle('copper | movie-web');
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
    await expect(box).toHaveValue('');
    await expect(page.getByTestId('search-results')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Discover', exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/about`);
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Discover', exact: true })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(`${site.hostUrl}/browse/copper`);
    await expect(box).toHaveValue('copper');
    await box.fill('');
    await expect(page).toHaveURL(`${site.hostUrl}/`);
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/about`);
  });

  await test.step('the catalog fails: the results say so, and Try again finds', async () => {
    let fail = true;
    await page.route('**/3/search/multi**', (route) => (fail ? route.fulfill({ status: 503, body: '{}' }) : route.fallback()));
    await page.goto(`${site.hostUrl}/browse/Metropolis`);
    await expect(page.getByRole('alert')).toContainText('Failed to find media, try again!');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('media-card').first()).toContainText('Metropolis');
  });
});

test("at 390 px by keyboard only: search → a result plays → pause → the player's back control: the same place, no extra entry, focus shown", async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto(`${site.hostUrl}/`);
  const search = page.getByRole('searchbox');
  await tabTo(page, search);
  await expectVisibleFocus(search);
  await page.keyboard.type('Nosferatu');
  await expect(page).toHaveURL(`${site.hostUrl}/browse/Nosferatu`);

  const result = page
    .getByTestId('search-results')
    .getByRole('link', { name: /Nosferatu/ })
    .first();
  await expect(result).toBeVisible();
  await tabTo(page, result);
  await expectVisibleFocus(result);
  await page.evaluate(() => window.scrollTo(0, 140));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  await placeStored(page);
  const y = await scrollY(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/media\/tmdb-movie-653-[^?]*\?back=%2Fbrowse%2FNosferatu$/);

  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  // The Enter on the result was the press: playback starts by itself, and the play control pauses it.
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
  const play = page.getByTestId('play-toggle');
  await tabTo(page, play);
  await expectVisibleFocus(play);
  await page.keyboard.press('Enter');
  await expect.poll(() => paused(page)).toBe(true);

  const back = page.getByRole('link', { name: 'Back' });
  await expect(back).toHaveAttribute('href', '/browse/Nosferatu');
  await tabTo(page, back);
  await expectVisibleFocus(back);
  await page.keyboard.press('Enter');
  await expectResultsAt(page, site.hostUrl, y, 'Nosferatu');
  // The back control went Back: the entry before the results is home.
  await page.goBack();
  await expect(page).toHaveURL(`${site.hostUrl}/`);
});

test('Discover: the tab is in the URL; Back from a title of a lower row scrolled sideways returns to that place', async ({
  page,
  site,
}) => {
  await test.step('the tab survives a reload and a shared link', async () => {
    await page.goto(`${site.hostUrl}/discover`);
    await tab(page, 'TV Shows').click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover?tab=tvshows`);
    await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
    await page.goto(`${site.hostUrl}/discover?tab=editorpicks`);
    await expect(tab(page, 'Editor Picks')).toHaveAttribute('aria-selected', 'true');
    await tab(page, 'TV Shows').click();
  });

  await test.step('Back from a title keeps the tab', async () => {
    const cards = await loadedCards(row(page, 'Top Rated'));
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/media\/tmdb-tv-\d+[^?]*\?back=%2Fdiscover%3Ftab%3Dtvshows$/);
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/discover?tab=tvshows`);
    await expect(tab(page, 'TV Shows')).toHaveAttribute('aria-selected', 'true');
    // Switching tabs replaces the entry: Back leaves Discover instead of walking through tabs.
    await tab(page, 'Movies').click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover`);
  });

  await test.step('a row well down the page, scrolled sideways: Back from one of its cards returns to it', async () => {
    const lower = page.getByTestId('carousel').nth(5);
    const cards = await loadedCards(lower);
    const track = lower.getByRole('list');
    await track.evaluate((el) => el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, behavior: 'instant' }));
    await expect.poll(() => track.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(150);
    await placeStored(page);
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
    await cards.nth(inView).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/media\//);
    await expect(player(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/discover`);
    await expect.poll(() => scrollY(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(y - 2);
    expect(await scrollY(page)).toBeLessThanOrEqual(y + 2);
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeCloseTo(x, -1);
  });

  await test.step('an address typed in opens at its top, wherever another page opened that way was left', async () => {
    /** Where the page is once it is tall enough for any place kept, and a restore would have held it a few frames. */
    const settledY = async () => {
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(900);
      await page.evaluate(() => new Promise((done) => [...Array(20)].reduce((next) => () => requestAnimationFrame(next), done)()));
      return scrollY(page);
    };
    await page.goto(`${site.hostUrl}/discover?tab=tvshows`);
    expect(await settledY()).toBe(0);
    await loadedCards(page.getByTestId('carousel').nth(5));
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await placeStored(page);
    await page.reload(); // the same entry: back where it was
    await expect.poll(() => scrollY(page), { timeout: 15_000 }).toBe(900);
    await page.goto(`${site.hostUrl}/discover`);
    expect(await settledY()).toBe(0);
  });
});

test("the details modal's Play: Back, or the player's back control, returns to the open modal with the page in place; ?back= stays on the site", async ({
  page,
  site,
}) => {
  await test.step('More Info → Play → Back: the modal is open again over the page, scrolled as it was', async () => {
    await page.goto(`${site.hostUrl}/discover`);
    const lower = page.getByTestId('carousel').nth(5);
    const cards = await loadedCards(lower);
    const track = lower.getByRole('list');
    await track.evaluate((el) => el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, behavior: 'instant' }));
    await expect.poll(() => track.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(150);
    await placeStored(page);
    const y = await scrollY(page);
    const x = await track.evaluate((el) => el.scrollLeft);
    const inView = await track.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('li')].findIndex((li) => {
        const r = li.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left && r.right <= box.right;
      });
    });
    const card = cards.nth(inView);
    await moreButton(card).click();
    await cardOverlay(card).getByRole('menuitem', { name: 'More Info' }).click();
    await detailsModal(page).getByTestId('details-play').click();
    await expect(page).toHaveURL(/\/media\//);
    await expect(player(page)).toBeVisible();
    await page.goBack();
    await expect(detailsModal(page)).toBeVisible();
    // The page behind the modal is back in place before the modal closes.
    await expect.poll(() => scrollY(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(y - 2);
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeCloseTo(x, -1);
    await detailsModal(page).getByRole('button', { name: 'Close' }).first().click();
    await expect(detailsModal(page)).toHaveCount(0);
    await expect(page).toHaveURL(`${site.hostUrl}/discover`);
    expect(await scrollY(page)).toBeLessThanOrEqual(y + 2);
  });

  await test.step("a clean Play link; the player's back control returns to the modal on its tab", async () => {
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

  await test.step('?back= naming another site is dropped: the back control leads home', async () => {
    const watch = `${site.hostUrl}/media/tmdb-movie-653-nosferatu`;
    await page.goto(`${watch}?back=${encodeURIComponent('//evil.example/x')}&theme=red`);
    await expect(page).toHaveURL(`${watch}?theme=red`);
    await expect(player(page)).toBeVisible();
    await showControls(page);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });
});
