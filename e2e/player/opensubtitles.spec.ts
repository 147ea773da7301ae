/**
 * External captions from OpenSubtitles (docs/behaviour.md#captions-sources) (its REST API, here the local stand-in serving real
 * subtitle files). Opening the captions menu searches the title; the files found are listed on the
 * OpenSubtitles page by language and release; choosing one downloads it and shows its cues. A failing
 * service (down, refusing the key, answering garbage) is said in the menu and playback goes on.
 */
import type { Page, Request } from '@playwright/test';
import { withConfig } from '../support/config';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

async function openOpenSubtitles(page: Page) {
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
  await page.getByTestId('caption-opensubtitles').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitles');
}

/** The stand-in's failure switch (its state is the worker's site's: always reset after). */
const breakService = (page: Page, origin: string, mode: 'down' | 'garbage' | 'reset') =>
  page.request.post(mode === 'reset' ? `${origin}/__control/reset` : `${origin}/__control/break?mode=${mode}`);

test('a caption found on OpenSubtitles is listed by language and release, downloaded when chosen, and its cue shows', async ({
  page,
  site,
}) => {
  const api = `${site.services!.urls.opensubtitles!}/api/v1`;
  const calls: Request[] = [];
  page.on('request', (r) => r.url().startsWith(api) && r.method() !== 'OPTIONS' && calls.push(r));
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  // The search runs as the captions menu opens: the OpenSubtitles row counts what it found.
  await expect(page.getByTestId('caption-opensubtitles')).toContainText('3');
  await page.getByTestId('caption-opensubtitles').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitles');

  const best = page.getByTestId('caption-opensubtitles-9200001');
  await expect(best).toContainText('English');
  await expect(best).toContainText('Nosferatu.1922.1080p.BluRay.x264');
  await expect(page.getByTestId('caption-opensubtitles-9200003')).toContainText('Nosferatu.1922.WEB · HI');
  const search = calls.find((r) => r.url().includes('/subtitles?'))!;
  expect(new URL(search.url()).search).toBe('?languages=en&tmdb_id=653&type=movie');
  expect(await search.headerValue('api-key')).toBe('movie-web-local-opensubtitles-key');

  await best.click();
  await expect(best).toHaveAttribute('aria-pressed', 'true');
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(page.getByTestId('caption-cue')).toHaveText('This is the first subtitle.');
  expect(calls.filter((r) => r.url().endsWith('/download') && r.method() === 'POST')).toHaveLength(1);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::subtitles')!).state))
    .toMatchObject({ isOpenSubtitles: true, lastSelectedLanguage: 'en' });

  // Another release: a UTF-16 file with a BOM, read like the others.
  await page.getByTestId('caption-opensubtitles-9200002').click();
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 2.6));
  await expect(page.getByTestId('caption-cue')).toHaveText(/This is the second subtitle\.\s*Second subtitle with second line\./);

  // Back on the captions page, the row names the chosen one; choosing the first again reuses its download.
  await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByTestId('caption-opensubtitles')).toContainText('English');
  await page.getByTestId('caption-opensubtitles').click();
  await best.click();
  await expect(best).toHaveAttribute('aria-pressed', 'true');
  expect(calls.filter((r) => r.url().endsWith('/download'))).toHaveLength(2);
  expect(calls.filter((r) => r.url().includes('/subtitles?'))).toHaveLength(1);
});

test('in Arabic, an episode: searched by its show’s ids, listed by the Arabic name of the language, the release kept left to right', async ({
  page,
  site,
}) => {
  const api = `${site.services!.urls.opensubtitles!}/api/v1`;
  const searches: string[] = [];
  page.on('request', (r) => r.url().startsWith(`${api}/subtitles`) && searches.push(r.url()));
  await page.goto(`${site.hostUrl}/media/tmdb-tv-910001?language=ar`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openOpenSubtitles(page);
  const option = page.getByTestId('caption-opensubtitles-9200005');
  await expect(option).toContainText('الإنجليزية');
  await expect(option.locator('bdi')).toHaveText('Files.of.the.Northern.Street.S01E01.WEB');
  expect(await option.locator('bdi').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  expect(new URL(searches[0]!).search).toBe('?episode_number=1&languages=ar%2Cen&parent_tmdb_id=910001&season_number=1&type=episode');
  await page.screenshot({ path: 'test-results/player-opensubtitles-search-ar-1280.png' });
  await option.click();
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(page.getByTestId('caption-cue')).toHaveText('This is the first subtitle.');
});

test('OpenSubtitles down: the menu says so, playback goes on, and "Try again" finds the captions once it is back', async ({
  page,
  site,
}) => {
  const origin = site.services!.urls.opensubtitles!;
  await breakService(page, origin, 'down');
  try {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.2);
    // Paused while the menu is looked at (a loaded machine would otherwise reach the 16 s clip's end).
    await page.keyboard.press('k');
    await openOpenSubtitles(page);
    await expect(page.getByTestId('opensubtitles-error')).toHaveText('OpenSubtitles could not be reached. Try again later.');
    await expect(page.getByTestId('opensubtitles-none')).toHaveCount(0);
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
    // The video is still there and plays on.
    const t = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.keyboard.press('k');
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t + 0.3);

    await breakService(page, origin, 'reset');
    await page.getByTestId('opensubtitles-retry').click();
    await expect(page.getByTestId('caption-opensubtitles-9200001')).toBeVisible();
    await expect(page.getByTestId('opensubtitles-error')).toHaveCount(0);
  } finally {
    await breakService(page, origin, 'reset');
  }
});

test('OpenSubtitles answering garbage: the menu says its answer could not be read', async ({ page, site }) => {
  const origin = site.services!.urls.opensubtitles!;
  await breakService(page, origin, 'garbage');
  try {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await openOpenSubtitles(page);
    await expect(page.getByTestId('opensubtitles-error')).toHaveText('OpenSubtitles sent an answer that could not be read.');
  } finally {
    await breakService(page, origin, 'reset');
  }
});

test('OpenSubtitles refusing the key: the menu says so', async ({ page, site }) => {
  await withConfig(page, { opensubtitlesApiKey: 'not-a-key' });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await openOpenSubtitles(page);
  await expect(page.getByTestId('opensubtitles-error')).toHaveText('OpenSubtitles refused this site’s API key.');
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
});

test('a title started after choosing an OpenSubtitles caption starts with one in that language from OpenSubtitles', async ({
  page,
  site,
}) => {
  // What choosing English from OpenSubtitles on an earlier title left.
  await seedSettings(page, { subtitles: { enabled: true, lastSelectedLanguage: 'en', isOpenSubtitles: true } });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  // Not the stream's own English caption: the most downloaded English file OpenSubtitles has.
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(page.getByTestId('caption-cue')).toHaveText('This is the first subtitle.');
  await openOpenSubtitles(page);
  await expect(page.getByTestId('caption-opensubtitles-9200001')).toHaveAttribute('aria-pressed', 'true');
});
