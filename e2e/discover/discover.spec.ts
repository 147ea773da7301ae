/** Discover page journeys against the local catalog (docs/behaviour.md#discover-tabs-and-rows). */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/site.fixture';
import { genrePills, loadedCards, openDiscover, providerPills, randomButton, row, tab } from '../support/discover.page';
import { seedSettings } from '../support/seed';

test('movies, TV and editor-pick tabs fill their carousels', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  await expect(tab(page, 'Movies')).toHaveAttribute('aria-selected', 'true');
  for (const title of ['Now Playing', 'Top Rated', 'Most Popular']) {
    const cards = await loadedCards(row(page, title));
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(20);
  }
  // 3 fixed rows + 12 genres on movies.
  await expect(page.getByTestId('carousel')).toHaveCount(15);
  await expect(genrePills(page)).toHaveCount(15);

  await tab(page, 'TV Shows').click();
  await expect(page.getByTestId('carousel')).toHaveCount(12);
  await loadedCards(row(page, 'Top Rated'));
  await expect(row(page, 'Most Popular').getByTestId('media-card').first()).toContainText('Show');

  await tab(page, 'Editor Picks').click();
  await expect(await loadedCards(row(page, 'Editor Picks: Movies'))).toHaveCount(31);
  await expect(await loadedCards(row(page, 'Editor Picks: Shows'))).toHaveCount(16);
});

test('rows below the fold are requested only when scrolled near', async ({ page, site }) => {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/3/')) requested.push(r.url());
  });
  await openDiscover(page, site.hostUrl);
  await loadedCards(row(page, 'Now Playing'));
  await page.waitForTimeout(500);
  const genreRows = page.locator('[data-testid=carousel][data-row*="-genre-"]');
  await expect(genreRows).toHaveCount(12);
  const last = genreRows.last();
  await expect(last).toHaveAttribute('data-status', 'idle');
  const lastGenre = (await last.getAttribute('data-row'))!.split('-').pop();
  expect(requested.some((u) => u.includes(`with_genres=${lastGenre}`))).toBe(false);

  // It starts loading once it is within 200 px of the viewport, not before.
  const gapBelowViewport = () => last.evaluate((el) => Math.round(el.getBoundingClientRect().top - window.innerHeight));
  const placeBelowViewport = (gap: number) =>
    last.evaluate(
      (el, gap) => window.scrollBy({ top: el.getBoundingClientRect().top - window.innerHeight - gap, behavior: 'instant' }),
      gap,
    );
  // The browser reports intersections when it next renders: two frames later it has.
  const rendered = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await placeBelowViewport(260);
  await rendered();
  expect(await gapBelowViewport()).toBeGreaterThan(200);
  await expect(last).toHaveAttribute('data-status', 'idle');
  await placeBelowViewport(150);
  await rendered();
  expect(await gapBelowViewport()).toBeLessThan(200);
  await expect(last).not.toHaveAttribute('data-status', 'idle');
  await last.scrollIntoViewIfNeeded();
  await loadedCards(last);
  const pages = requested.filter((u) => u.includes(`with_genres=${lastGenre}`)).map((u) => new URL(u).searchParams.get('page'));
  expect(pages.sort()).toEqual(['1', '2']); // a row reads pages 1 and 2 (docs/behaviour.md#discover-carousels)
});

test('provider pills load a US row; genre pills scroll to their row', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
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

  const drama = row(page, 'Drama');
  await expect(drama).not.toBeInViewport();
  await genrePills(page)
    .filter({ hasText: /^Drama$/ })
    .click();
  await expect(drama).toBeInViewport();
  await loadedCards(drama);

  await tab(page, 'TV Shows').click();
  await expect(providerPills(page)).toHaveText(['Netflix', 'Apple TV+', 'Paramount Plus', 'Hulu', 'Max', 'Disney Plus', 'fubuTV']);
  const tvRequest = page.waitForRequest((r) => r.url().includes('/discover/tv') && r.url().includes('with_watch_providers=257'));
  await providerPills(page).filter({ hasText: 'fubuTV' }).click();
  await tvRequest;
  await loadedCards(row(page, 'On fubuTV'));
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

test('scroll-to-top appears after 300 px', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  await loadedCards(row(page, 'Now Playing'));
  await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 250));
  await page.waitForTimeout(200);
  await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('arrows scroll a row on desktop; none on mobile', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  const nowPlaying = row(page, 'Now Playing');
  await loadedCards(nowPlaying);
  const track = nowPlaying.getByRole('list');
  await nowPlaying.getByRole('button', { name: 'Scroll Now Playing forward' }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(nowPlaying.getByRole('button', { name: 'Scroll Now Playing forward' })).toBeHidden();
});

test('right to left: the page is mirrored and arrows scroll the other way', async ({ page, site }) => {
  await seedSettings(page, { language: 'he' });
  await openDiscover(page, site.hostUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const first = row(page, 'עכשיו בקולנוע');
  await loadedCards(first);
  const heading = await first.getByRole('heading', { level: 2 }).boundingBox();
  expect(heading!.x + heading!.width).toBeGreaterThan(1000); // headings start on the right
  const track = first.getByRole('list');
  await first.getByRole('button', { name: /קדימה/ }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(-300);
});

test('axe: Discover has no violations', async ({ page, site }) => {
  await openDiscover(page, site.hostUrl);
  await loadedCards(row(page, 'Now Playing'));
  await loadedCards(row(page, 'Most Popular'));
  const results = await new AxeBuilder({ page }).include('[data-testid=discover-page]').analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([]);
});
