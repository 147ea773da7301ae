/** The details modal (docs/behaviour.md#details-content) for a movie and a show, with IMDb data through the proxy. */
import AxeBuilder from '@axe-core/playwright';
import { MOVIE_GENRES, movieById } from 'services/catalog-data';
import { expect, test } from '../support/site.fixture';
import { detailsModal, loadedCards, openDiscover, row } from '../support/discover.page';
import { seedLists, seedSettings } from '../support/seed';

test('movie: trailer controls, play, bookmark, facts, rating from IMDb, links', async ({ page, site }) => {
  const imdbRequest = page.waitForRequest(
    (r) => r.url().includes('destination=') && r.url().includes(encodeURIComponent('/title/tt0013442/')),
  );
  await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
  const modal = detailsModal(page);
  await expect(modal.getByRole('heading', { name: 'Nosferatu', level: 2 })).toBeVisible();
  // IMDb page through the proxy with a browser user-agent (docs/behaviour.md#details-imdb-data).
  const request = await imdbRequest;
  expect(request.headers()['x-user-agent']).toMatch(/^Mozilla\/5\.0/);

  await expect(modal.getByTestId('details-trailer')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Unmute trailer' })).toBeVisible();
  await modal.getByRole('button', { name: 'Unmute trailer' }).click();
  await expect(modal.getByRole('button', { name: 'Mute trailer' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Pause trailer' })).toBeVisible();
  await modal.getByRole('button', { name: 'Pause trailer' }).click();
  await expect(modal.getByRole('button', { name: 'Play trailer' })).toBeVisible();

  await expect(modal.getByTestId('details-play')).toHaveText('Play');
  await expect(modal.getByTestId('details-play')).toHaveAttribute('href', /\/media\/tmdb-movie-653-nosferatu$/);
  await expect(modal.locator('dd')).toContainText([
    'F. W. Murnau',
    'Celia Vasquez-Lind, Hester Ashgrove, Gideon Hartigan, Ugo Whitcombe, Amos Abernathy',
    '1h 34m',
    'German',
    'March 4, 1922',
    'PG',
  ]);
  const nosferatu = movieById.get(653)!;
  await expect(modal.getByRole('list', { name: 'Genres' }).getByRole('listitem')).toHaveText(
    nosferatu.genreIds.map((id) => MOVIE_GENRES.find((genre) => genre.id === id)!.name),
  );
  await expect(modal.getByText(nosferatu.overview)).toBeVisible();
  await expect(modal.getByTestId('details-rating')).toContainText(/\d\.\d\/10/);
  await expect(modal.getByTestId('details-rating')).toContainText(/\d+K\+ votes|\d+ votes/);
  await expect(modal.getByRole('link', { name: 'The Movie Database' })).toHaveAttribute('href', 'https://www.themoviedb.org/movie/653');
  await expect(modal.getByRole('link', { name: 'IMDb' })).toHaveAttribute('href', /\/title\/tt0013442\/$/);

  await modal.getByTestId('details-bookmark').click();
  await expect(modal.getByTestId('details-bookmark')).toHaveAttribute('aria-pressed', 'true');

  const axe = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([]);

  // However large the window and long the content, the modal is at most 900 x 1200 px.
  await page.setViewportSize({ width: 1600, height: 1600 });
  await modal.evaluate((dialog) => dialog.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' })));
  expect(await modal.boundingBox()).toMatchObject({ width: 900, height: 1200 });
  await page.setViewportSize({ width: 1280, height: 800 });

  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);
});

test('show: seasons, unaired episodes, progress bar and ring, Resume', async ({ page, site }) => {
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
});

test('without IMDb data the details still show; without data the modal hides itself', async ({ page, site }) => {
  await page.route('**/?destination=**', (route) => route.fulfill({ status: 502, body: '{"error":"upstream_unreachable"}' }));
  await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-19');
  const modal = detailsModal(page);
  await expect(modal.getByRole('heading', { name: 'Metropolis' })).toBeVisible();
  await expect(modal.getByTestId('details-rating')).toBeVisible();

  await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-123456789');
  await loadedCards(row(page, 'Now Playing'));
  await expect(detailsModal(page)).toHaveCount(0);
});

test('with the details-modal preference a card click opens the modal', async ({ page, site }) => {
  await seedSettings(page, { preferences: { enableDetailsModal: true } });
  await openDiscover(page, site.hostUrl);
  const card = (await loadedCards(row(page, 'Top Rated'))).first();
  await card.getByRole('link').click();
  await expect(detailsModal(page)).toBeVisible();
  await expect(page).toHaveURL(/\/discover\?m=details-tmdb-movie-\d+$/);
  await page.keyboard.press('Escape');
  await expect(detailsModal(page)).toHaveCount(0);
});
