/**
 * Normal journeys print no console errors, not even the browser's own line for a failed request:
 * opening the details of a title whose IMDb page has no ratings asks nothing that answers 404,
 * `tmdb:{id}` does not also fetch a movie as a show, and the standalone player page asks only for
 * files it has.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { IMDB_PAGE_IDS, MOVIES } from 'services/catalog-data';
import { detailsModal } from '../support/discover.page';
import { player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedLists } from '../support/seed';

const now = Date.now();
const noImdbPage = MOVIES.find(
  (m) => !m.adult && m.imdbId && !IMDB_PAGE_IDS.includes(m.imdbId) && m.releaseDate && m.releaseDate < '2020',
)!;

function collect(page: Page) {
  const errors: string[] = [];
  const infos: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'info') infos.push(text);
    if (message.type() === 'error') errors.push(`${message.location().url}: ${text}`);
  });
  page.on('request', (r) => requests.push(r.url()));
  return { errors, infos, requests };
}

test('home, search, id look-up, details, Discover, a watch page and the standalone player print no console errors', async ({
  page,
  site,
}) => {
  test.setTimeout(120_000);
  const seen = collect(page);
  await seedLists(page, {
    bookmarked: [{ tmdbId: '653', title: 'Nosferatu', year: 1922, updatedAt: now }],
    inProgress: [{ tmdbId: '234', title: 'The Cabinet of Dr. Caligari', year: 1920, updatedAt: now, watched: 600, duration: 4500 }],
  });

  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('bookmarks')).toBeVisible();
  await expect(page.getByTestId('discover-home-section').getByTestId('carousel')).toHaveAttribute('data-status', 'ready');

  await page.getByRole('searchbox').fill('Nosferatu');
  await expect(page.getByTestId('search-results')).toBeVisible();
  await page.goto(`${site.hostUrl}/browse/${encodeURIComponent('tmdb:653')}`);
  await expect(page.getByTestId('media-card')).toHaveCount(1);
  expect(seen.requests.filter((u) => /\/3\/tv\/653\b/.test(u))).toEqual([]);

  // Details of a title whose IMDb page has no ratings: the modal shows, its IMDb page is read quietly.
  const imdbPage = page.waitForResponse((r) => r.url().includes(encodeURIComponent(`/title/${noImdbPage.imdbId}/`)));
  await page.goto(`${site.hostUrl}/discover?m=details-tmdb-movie-${noImdbPage.id}`);
  await expect(detailsModal(page).getByRole('heading', { name: noImdbPage.title })).toBeVisible();
  expect((await imdbPage).status()).toBe(200);
  await page.keyboard.press('Escape');

  for (const tab of ['', '?tab=tvshows', '?tab=editorpicks']) {
    await page.goto(`${site.hostUrl}/discover${tab}`);
    await expect(page.getByTestId('carousel').first()).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  }
  await page.goto(`${site.hostUrl}/discover?m=details-tmdb-tv-910001`);
  await expect(detailsModal(page).getByTestId('episode').first()).toBeVisible();

  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await page.goto(`${site.hostUrl}/about`);

  // The player remote's own page asks only for files it has.
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto(`${site.remoteUrls.player}/`);
  await expect(page.getByTestId('dev-video-page')).toBeVisible();
  await expect.poll(() => seen.requests.some((u) => u === `${site.remoteUrls.player}/config.json`)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  expect(seen.errors).toEqual([]);
});
