/**
 * No failure screen of the watch route is a dead end. Unknown ids, titles and episodes
 * without a stream, a playback error and a player remote that fails to load all offer a way back and
 * an alternative; autoplay of the next episode passes over episodes without a stream, or stops with a message.
 */
import type { Page } from '@playwright/test';
import { MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { player, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const SHOW = '/media/tmdb-tv-910001';
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

test('an unknown media id: a message, back to where the person came from, home and search', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-999999999?back=${encodeURIComponent('/discover')}`);
  const screen = page.getByTestId('watch-meta-error');
  await expect(screen).toContainText('This title could not be found.');
  await expect(screen.getByTestId('way-out-home')).toBeVisible();
  await expect(screen.getByTestId('way-out-search')).toHaveAttribute('href', '/');
  await screen.getByTestId('way-out-back').click();
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);

  await page.goto(`${site.hostUrl}/media/tmdb-tv-999999999`);
  await expect(page.getByTestId('watch-meta-error')).toContainText('This title could not be found.');
  await page.getByTestId('way-out-home').click();
  await expect(page).toHaveURL(`${site.hostUrl}/`);
});

test('no stream for a movie: back, home and a search for its title', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${NO_STREAM_MOVIE}?back=${encodeURIComponent('/discover')}`);
  const screen = page.getByTestId('scrape-not-found');
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await expect(screen.getByTestId('way-out-back')).toBeVisible();
  await expect(screen.getByTestId('way-out-home')).toBeVisible();
  await expect(screen.getByTestId('way-out-next')).toHaveCount(0); // a movie has no episodes
  const search = screen.getByTestId('way-out-search');
  await expect(search).toHaveAttribute('href', /^\/browse\/.+/);
  await search.click();
  await expect(page).toHaveURL(/\/browse\/.+/);
  await page.goBack();
  await expect(page.getByTestId('scrape-not-found')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('way-out-back').click();
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);
});

test('no stream for an episode: the next and previous episodes are offered', async ({ page, site }) => {
  await withoutStream(page, site.services!.urls.media!, (n) => n === 2);
  await page.goto(`${site.hostUrl}${SHOW}`);
  await expect(page).toHaveURL(/\/media\/tmdb-tv-910001[^/]*\/\d+\/\d+/);
  await startPlayback(page, 0.2);
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 320);
  await page.getByRole('button', { name: 'Next episode' }).first().click();
  await expect(page).toHaveTitle(/S1 E2/);
  const screen = page.getByTestId('scrape-not-found');
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('autoplay-stopped')).toHaveCount(0); // chosen by hand: no autoplay message
  await expect(screen.getByTestId('way-out-previous')).toBeVisible();
  await screen.getByTestId('way-out-next').click();
  await expect(page).toHaveTitle(/S1 E3/);
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
});

test('autoplay passes over an episode without a stream and says so', async ({ page, site }) => {
  await withoutStream(page, site.services!.urls.media!, (n) => n === 2);
  await page.goto(`${site.hostUrl}${SHOW}`);
  await startPlayback(page, 0.2);
  await expect(page).toHaveTitle(/S1 E1/);
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.3));
  await expect(page).toHaveTitle(/S1 E3/, { timeout: 30_000 });
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect(page.getByTestId('autoplay-skipped')).toContainText('Skipped S1 E2: no stream was found.');
});

test('in German the passed-over episode is written the German way', async ({ page, site }) => {
  await withoutStream(page, site.services!.urls.media!, (n) => n === 2);
  await page.goto(`${site.hostUrl}${SHOW}?language=de`);
  await startPlayback(page, 0.2);
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.3));
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
  await expect(page.getByTestId('autoplay-skipped')).toContainText('S1 F2 übersprungen: kein Stream gefunden.', { timeout: 30_000 });
});

test('autoplay stops with a message when the following episodes have no stream', async ({ page, site }) => {
  await withoutStream(page, site.services!.urls.media!, (n) => n >= 2);
  await page.goto(`${site.hostUrl}${SHOW}`);
  await startPlayback(page, 0.2);
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.3));
  const screen = page.getByTestId('scrape-not-found');
  await expect(page.getByTestId('autoplay-stopped')).toHaveText('Autoplay stopped: no stream was found for this episode.', {
    timeout: 45_000,
  });
  await expect(screen).toContainText('Skipped S1 E2, S1 E3, and S1 E4');
  await expect(page).toHaveTitle(/S1 E5/);
  await expect(screen.getByTestId('way-out-previous')).toBeVisible();
  await expect(screen.getByTestId('way-out-back')).toBeVisible();
});

test('a playback error offers another source, back, home and search', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  await page.getByLabel('Stream URL').fill(`${site.services!.urls.media}/not-here/index.m3u8`);
  await page.getByLabel('Type').selectOption('hls');
  await page.getByRole('button', { name: 'Start stream' }).click();
  const screen = page.getByTestId('playback-error');
  await expect(screen).toBeVisible({ timeout: 30_000 });
  await expect(screen.getByTestId('way-out-back')).toBeVisible();
  await expect(screen.getByTestId('way-out-search')).toBeVisible();
  await screen.getByTestId('way-out-source').click();
  await expect(page.locator('[data-router="settings"]')).toHaveAttribute('data-route', '/source');
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

for (const language of ['en', 'ar'] as const) {
  const words =
    language === 'en'
      ? { start: 'Start stream', notAStream: /web page/, network: /network/i }
      : { start: 'بدء البث', notAStream: /صفحة ويب/, network: /الشبكة/ };
  test(`${language}: /dev/video says an HTML page is not a video stream (not a network error)`, async ({ page, site }) => {
    await seedSettings(page, { language });
    await page.goto(`${site.hostUrl}/dev/video`);
    await page.locator('input[type="url"]').fill(`${site.hostUrl}/about`);
    await page.locator('select').first().selectOption('hls');
    await page.getByRole('button', { name: words.start }).click();
    const message = page.getByTestId('playback-error-message');
    await expect(message).toBeVisible({ timeout: 30_000 });
    await expect(message).toHaveText(words.notAStream);
    await expect(message).not.toHaveText(words.network);
  });
}

for (const language of ['en', 'ar'] as const) {
  const words =
    language === 'en'
      ? { missing: 'This episode could not be found.', episodes: /^See the episodes of \S/ }
      : { missing: 'تعذّر العثور على هذه الحلقة.', episodes: /^عرض حلقات \S/ };
  test(`${language}: a missing episode says so inside the site's frame and leads to the show's real episodes`, async ({ page, site }) => {
    await page.setViewportSize({ width: 390, height: 760 });
    await seedSettings(page, { language });
    await page.goto(`${site.hostUrl}/media/tmdb-show-910001-copper-station/99/99`);
    const screen = page.getByTestId('watch-meta-error');
    await expect(screen.getByRole('heading')).toHaveText(words.missing, { timeout: 20_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    const episodes = screen.getByRole('link', { name: words.episodes });
    await expect(episodes).toBeVisible();
    const box = (await episodes.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await episodes.click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover?m=details-tmdb-tv-910001`);
    await expect(page.getByRole('dialog').getByTestId('details-play')).toBeVisible();
  });
}
