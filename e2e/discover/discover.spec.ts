/** Browsing Discover against the local catalog (docs/behaviour.md#discover-tabs-and-rows). */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/site.fixture';
import { genrePills, loadedCards, openDiscover, providerPills, randomButton, row, tab } from '../support/discover.page';

/** The browser reports intersections and scroll positions when it next renders: two frames later it has. */
const rendered = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('rows load as they near the screen: the posters of a top row on Home, the rows below the fold on Discover; back to top', async ({
  page,
  site,
}) => {
  const requested: string[] = [];
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/3/')) requested.push(r.url());
    if (r.resourceType() === 'image') images.push(r.url());
  });

  await test.step('a top row on Home loads the posters in view at once and the rest as the row scrolls', async () => {
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

  await test.step('rows below the fold are requested only within 200 px of the viewport, pages 1 and 2', async () => {
    requested.length = 0;
    await openDiscover(page, site.hostUrl);
    await loadedCards(row(page, 'Now Playing'));
    await rendered(page);
    const genreRows = page.locator('[data-testid=carousel][data-row*="-genre-"]');
    await expect(genreRows).toHaveCount(12);
    const last = genreRows.last();
    await expect(last).toHaveAttribute('data-status', 'idle');
    const lastGenre = (await last.getAttribute('data-row'))!.split('-').pop();
    expect(requested.some((u) => u.includes(`with_genres=${lastGenre}`))).toBe(false);

    const gapBelowViewport = () => last.evaluate((el) => Math.round(el.getBoundingClientRect().top - window.innerHeight));
    const placeBelowViewport = (gap: number) =>
      last.evaluate(
        (el, gap) => window.scrollBy({ top: el.getBoundingClientRect().top - window.innerHeight - gap, behavior: 'instant' }),
        gap,
      );
    await placeBelowViewport(260);
    await rendered(page);
    expect(await gapBelowViewport()).toBeGreaterThan(200);
    await expect(last).toHaveAttribute('data-status', 'idle');
    await placeBelowViewport(150);
    await rendered(page);
    expect(await gapBelowViewport()).toBeLessThan(200);
    await expect(last).not.toHaveAttribute('data-status', 'idle');
    await last.scrollIntoViewIfNeeded();
    await loadedCards(last);
    const pages = requested.filter((u) => u.includes(`with_genres=${lastGenre}`)).map((u) => new URL(u).searchParams.get('page'));
    expect(pages.sort()).toEqual(['1', '2']); // a row reads pages 1 and 2 (docs/behaviour.md#discover-carousels)
  });

  await test.step('back to top appears after 300 px of scroll', async () => {
    await page.evaluate(() => window.scrollTo(0, 250));
    await rendered(page);
    await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('browse Discover: the tabs fill their rows, pills pick a provider or a genre', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  await test.step('movies: 3 fixed rows and 12 genres', async () => {
    await expect(tab(page, 'Movies')).toHaveAttribute('aria-selected', 'true');
    for (const title of ['Now Playing', 'Top Rated', 'Most Popular']) {
      const cards = await loadedCards(row(page, title));
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(20);
    }
    await expect(page.getByTestId('carousel')).toHaveCount(15);
    await expect(genrePills(page)).toHaveCount(15);
  });

  await test.step('provider pills load a US row; genre pills scroll to their row', async () => {
    await expect(providerPills(page)).toHaveText([
      'Netflix',
      'Apple TV+',
      'Amazon Prime Video',
      'Hulu',
      'Max',
      'Paramount Plus',
      'Disney Plus',
      'Shudder',
    ]);
    const providerRequest = page.waitForRequest((r) => r.url().includes('with_watch_providers=8'));
    await providerPills(page).filter({ hasText: 'Netflix' }).click();
    expect(new URL((await providerRequest).url()).searchParams.get('watch_region')).toBe('US');
    await loadedCards(row(page, 'On Netflix'));
    await expect(providerPills(page).filter({ hasText: 'Netflix' })).toHaveAttribute('aria-pressed', 'true');

    await page.evaluate(() => window.scrollTo(0, 0));
    const drama = row(page, 'Drama');
    await expect(drama).not.toBeInViewport();
    await genrePills(page)
      .filter({ hasText: /^Drama$/ })
      .click();
    await expect(drama).toBeInViewport();
    await loadedCards(drama);
  });

  await test.step('TV shows and editor picks fill their rows; TV has its own providers', async () => {
    await tab(page, 'TV Shows').click();
    await expect(page.getByTestId('carousel')).toHaveCount(12);
    await loadedCards(row(page, 'Top Rated'));
    await expect(row(page, 'Most Popular').getByTestId('media-card').first()).toContainText('Show');
    await expect(providerPills(page)).toHaveText(['Netflix', 'Apple TV+', 'Paramount Plus', 'Hulu', 'Max', 'Disney Plus', 'fubuTV']);
    const tvRequest = page.waitForRequest((r) => r.url().includes('/discover/tv') && r.url().includes('with_watch_providers=257'));
    await providerPills(page).filter({ hasText: 'fubuTV' }).click();
    await tvRequest;
    await loadedCards(row(page, 'On fubuTV'));

    await tab(page, 'Editor Picks').click();
    await expect(await loadedCards(row(page, 'Editor Picks: Movies'))).toHaveCount(31);
    await expect(await loadedCards(row(page, 'Editor Picks: Shows'))).toHaveCount(16);
  });
});

test('random movie counts down from 5, cancels on a second press, else navigates', async ({ page, site }) => {
  await page.clock.install();
  await openDiscover(page, site.hostUrl);
  await loadedCards(row(page, 'Now Playing'));
  // From here on, timers move only when the test says so.
  await page.clock.pauseAt(Date.now() + 2000);
  const button = randomButton(page);
  await button.click();
  await expect(button).toHaveText('Cancel (5)');
  for (const left of [4, 3]) {
    await page.clock.runFor(1000);
    await expect(button).toHaveText(`Cancel (${left})`);
  }
  await button.click();
  await expect(button).toHaveText('Random movie');
  for (let i = 0; i < 6; i++) await page.clock.runFor(1000);
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);

  await button.click();
  await expect(button).toHaveText('Cancel (5)');
  for (const left of [4, 3, 2, 1, 0]) {
    await page.clock.runFor(1000);
    // 0 is shown for an instant before the page changes.
    if (left > 0) await expect(button).toHaveText(`Cancel (${left})`);
  }
  await expect(page).toHaveURL(/\/media\/tmdb-movie-\d+/);
});
