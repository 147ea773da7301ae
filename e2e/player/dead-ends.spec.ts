/**
 * No failure screen of the watch route is a dead end. Unknown ids and a missing episode, a title without a
 * stream, an episode without one (chosen by hand or reached by autoplay) and a player remote that fails to
 * load all offer a way back and an alternative. What each screen offers in each case, its details and its
 * words in other languages are component tests (remote-player/src/features/player/failure-screens.test.tsx).
 */
import type { Page } from '@playwright/test';
import { MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { player, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const SHOW = '/media/tmdb-tv-910001';
// Public-domain films are also found by the archive provider: an invented title.
const NO_STREAM_MOVIE = MOVIES_WITHOUT_STREAM.find((id) => id >= 900000)!;

/** Episodes of the show 910001 whose library entry is taken away (no source finds a stream for them). */
async function withoutStream(page: Page, mediaOrigin: string, episodes: (n: number) => boolean) {
  await page.route(
    (url) =>
      url.href.startsWith(mediaOrigin) &&
      /^\/index\/tv\/910001\/1\/\d+$/.test(url.pathname) &&
      episodes(Number(url.pathname.split('/').pop())),
    (route) => route.fulfill({ status: 404, json: { error: 'not_found', message: 'No such episode in the catalog' } }),
  );
}

/** Lets the episode that plays reach its end. */
const toTheEnd = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.3));

test("unknown ids and a missing episode: the message, back, home, and the show's real episodes, from whose details it plays", async ({
  page,
  site,
}) => {
  const screen = page.getByTestId('watch-meta-error');

  await test.step('an unknown film: not found, no retry; back returns where the person came from', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-999999999?back=${encodeURIComponent('/discover')}`);
    await expect(screen).toHaveAttribute('data-kind', 'not-found');
    await expect(screen.getByRole('heading')).toHaveText('This title could not be found.');
    await expect(screen.getByTestId('way-out-retry')).toHaveCount(0);
    await expect(screen.getByTestId('way-out-home')).toBeVisible();
    await expect(screen.getByTestId('way-out-search')).toHaveAttribute('href', '/');
    await screen.getByTestId('way-out-back').click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover`);
  });

  await test.step('an unknown show: not found; home leads home', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-tv-999999999`);
    await expect(screen).toContainText('This title could not be found.');
    await screen.getByTestId('way-out-home').click();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
  });

  await test.step("at 390 px in Arabic, a missing episode says so inside the site's frame and leads to the show's episodes", async () => {
    await page.setViewportSize({ width: 390, height: 760 });
    await seedSettings(page, { language: 'ar' });
    await page.goto(`${site.hostUrl}/media/tmdb-show-910001-copper-station/99/99`);
    await expect(screen.getByRole('heading')).toHaveText('تعذّر العثور على هذه الحلقة.', { timeout: 20_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    const episodes = screen.getByRole('link', { name: /^عرض حلقات \S/ });
    await expect(episodes).toBeVisible();
    const box = (await episodes.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await episodes.click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover?m=details-tmdb-tv-910001`);
  });

  await test.step("the details' Play plays the show", async () => {
    await page.getByRole('dialog').getByTestId('details-play').click();
    await expect(page).toHaveURL(/\/media\/tmdb-tv-910001[^/]*\/\d+\/\d+/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  });
});

test('nothing found for a film: the not-found screen, with back, home and a search for its title', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${NO_STREAM_MOVIE}?back=${encodeURIComponent('/discover')}`);
  const screen = page.getByTestId('scrape-not-found');
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await expect(screen.getByRole('heading')).toHaveText("Couldn't find a stream");
  await expect(screen.getByTestId('way-out-home')).toBeVisible();
  await expect(screen.getByTestId('way-out-next')).toHaveCount(0); // a film has no episodes
  const search = screen.getByTestId('way-out-search');
  await expect(search).toHaveAttribute('href', /^\/browse\/.+/);
  await search.click();
  await expect(page).toHaveURL(/\/browse\/.+/);
  await page.goBack();
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await screen.getByTestId('way-out-back').click();
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);
});

test('an episode without a stream: autoplay passes over it and says so; chosen by hand, its screen offers the episodes around it', async ({
  page,
  site,
}) => {
  await withoutStream(page, site.services!.urls.media!, (n) => n === 2);
  await page.goto(`${site.hostUrl}${SHOW}`);
  await startPlayback(page, 0.2);
  await expect(page).toHaveTitle(/S1 E1/);

  await test.step('at the end of E1, autoplay passes over E2 and plays E3, naming the one it skipped', async () => {
    await toTheEnd(page);
    await expect(page).toHaveTitle(/S1 E3/, { timeout: 30_000 });
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect(page.getByTestId('autoplay-skipped')).toContainText('Skipped S1 E2: no stream was found.');
  });

  await test.step('E2 chosen by hand: the not-found screen, no autoplay message, the previous and next episodes', async () => {
    await page.keyboard.press('MediaTrackPrevious');
    await expect(page).toHaveTitle(/S1 E2/);
    const screen = page.getByTestId('scrape-not-found');
    await expect(screen).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('autoplay-stopped')).toHaveCount(0);
    await expect(screen.getByTestId('way-out-previous')).toBeVisible();
    await screen.getByTestId('way-out-next').click();
    await expect(page).toHaveTitle(/S1 E3/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  });
});

test('autoplay stops with a message when the following episodes have no stream', async ({ page, site }) => {
  await withoutStream(page, site.services!.urls.media!, (n) => n >= 2);
  await page.goto(`${site.hostUrl}${SHOW}`);
  await startPlayback(page, 0.2);
  await toTheEnd(page);
  const screen = page.getByTestId('scrape-not-found');
  await expect(page.getByTestId('autoplay-stopped')).toHaveText('Autoplay stopped: no stream was found for this episode.', {
    timeout: 45_000,
  });
  await expect(screen).toContainText('Skipped S1 E2, S1 E3, and S1 E4');
  await expect(page).toHaveTitle(/S1 E5/);
  await expect(screen.getByTestId('way-out-previous')).toBeVisible();
  await expect(screen.getByTestId('way-out-back')).toBeVisible();
});

test('the player remote fails to load on /media/…: retry, back and home', async ({ page, site }) => {
  await site.stopRemote('player');
  try {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu?back=${encodeURIComponent('/discover')}`);
    const slot = page.getByTestId('remote-error-player');
    await expect(slot).toBeVisible({ timeout: 15_000 });
    await expect(slot.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(slot.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await slot.getByTestId('remote-error-back').click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover`);
  } finally {
    await site.startRemote('player');
  }
});
