/**
 * External captions from OpenSubtitles (docs/behaviour.md#captions-sources) (its REST API, here the local stand-in serving real
 * subtitle files). Opening the captions menu searches the title; the files found are listed on the
 * OpenSubtitles page by language and release; choosing one downloads it and shows its cues; the next title
 * starts with one from there. An episode in Arabic, and a failing service (down, refusing the key, answering
 * garbage) said in the menu while playback goes on: remote-player/src/features/player/menus/opensubtitles-menu.test.tsx.
 */
import type { Page, Request } from '@playwright/test';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

async function openOpenSubtitles(page: Page) {
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
  await page.getByTestId('caption-opensubtitles').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitles');
}

test('a caption found on OpenSubtitles is listed by language and release, downloaded when chosen, its cue shows, and the next title starts with one', async ({
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

  // The next title started after this choice starts with the English caption from OpenSubtitles, not the stream's own.
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(page.getByTestId('caption-cue')).toHaveText('This is the first subtitle.');
  await openOpenSubtitles(page);
  await expect(page.getByTestId('caption-opensubtitles-9200001')).toHaveAttribute('aria-pressed', 'true');
});
