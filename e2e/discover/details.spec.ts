/**
 * The details modal (docs/behaviour.md#details-content) for a show in progress; without IMDb data it
 * still shows, without data at all it hides itself; with the details-modal preference a card opens it.
 * A movie's details are part of the search → details → watch journey (search-and-rows.spec.ts).
 */
import { expect, test } from '../support/site.fixture';
import { detailsModal, loadedCards, openDiscover, row } from '../support/discover.page';
import { seedLists, seedSettings } from '../support/seed';

test('details: a show in progress (seasons, unaired episodes, progress, Resume); without IMDb or any data; opened by a card click', async ({
  page,
  browser,
  site,
}) => {
  const now = Date.now();
  const season = { id: '600001', number: 1, title: 'Season 1' };
  await seedLists(page, {
    inProgress: [
      {
        tmdbId: '910001',
        title: 'Files of the Northern Street',
        updatedAt: now,
        episodes: [
          { id: '5000051', number: 1, title: 'Open Water', season, watched: 2300, duration: 2400, updatedAt: now - 1000 },
          { id: '5000052', number: 2, title: 'Static', season, watched: 600, duration: 2400, updatedAt: now },
        ],
      },
    ],
  });
  await openDiscover(page, site.hostUrl, '?m=details-tmdb-tv-910001');
  const modal = detailsModal(page);
  await expect(modal.getByRole('heading', { name: 'Files of the Northern Street' })).toBeVisible();
  await expect(modal.getByTestId('details-play')).toHaveText('Resume');
  await expect(modal.getByTestId('details-play')).toHaveAttribute('href', /\/media\/tmdb-tv-910001-[a-z-]+\/600001\/5000052$/);

  const episodes = modal.getByTestId('episode');
  await expect(episodes).toHaveCount(5);
  await expect(episodes.nth(0)).toHaveAttribute('data-progress', '100'); // 96% watched: ring full above 90%
  await expect(episodes.nth(0).getByRole('img', { name: '100% watched' })).toBeVisible();
  await expect(episodes.nth(0).locator('.bar span')).toHaveAttribute('style', /width: 96%/); // bar full only above 98%
  await expect(episodes.nth(1)).toHaveAttribute('data-progress', '25');
  // The ring is a named picture of progress; the bar under the still is not read a second time.
  await expect(episodes.nth(1).getByRole('img', { name: '25% watched' })).toBeVisible();
  await expect(episodes.nth(1).getByRole('progressbar')).toHaveCount(0);

  const picker = modal.getByTestId('season-picker');
  await expect(picker.locator('option')).toHaveText(['Season 1', 'Season 2', 'Season 3']);
  await picker.selectOption({ label: 'Season 3' });
  await expect(episodes).toHaveCount(4);
  const unaired = modal.locator('[data-testid=episode][data-aired=false]');
  await expect(unaired).toHaveCount(2);
  await expect(unaired.first().locator('[aria-disabled=true]')).toBeVisible();
  await expect(unaired.first().locator('.air')).toHaveText(/\d{4}|Unreleased/);
  await expect(unaired.getByRole('link')).toHaveCount(0);

  const list = modal.getByTestId('details-episodes').getByRole('list');
  await picker.selectOption({ label: 'Season 1' });
  await expect(episodes).toHaveCount(5);
  // Narrow enough for the row to scroll further than one press.
  await page.setViewportSize({ width: 700, height: 800 });
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(544);
  await modal.getByRole('button', { name: 'Next episodes' }).click();
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(544);

  await test.step('without IMDb data the details still show; without data the modal hides itself', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route('**/?destination=**', (route) => route.fulfill({ status: 502, body: '{"error":"upstream_unreachable"}' }));
    await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-19');
    await expect(modal.getByRole('heading', { name: 'Metropolis' })).toBeVisible();
    await expect(modal.getByTestId('details-rating')).toBeVisible();
    await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-123456789');
    await loadedCards(row(page, 'Now Playing'));
    await expect(detailsModal(page)).toHaveCount(0);
  });

  await test.step('with the details-modal preference a card click opens the modal', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await seedSettings(other, { preferences: { enableDetailsModal: true } });
    await openDiscover(other, site.hostUrl);
    const card = (await loadedCards(row(other, 'Top Rated'))).first();
    await card.getByRole('link').click();
    await expect(detailsModal(other)).toBeVisible();
    await expect(other).toHaveURL(/\/discover\?m=details-tmdb-movie-\d+$/);
    await other.keyboard.press('Escape');
    await expect(detailsModal(other)).toHaveCount(0);
    await context.close();
  });
});
