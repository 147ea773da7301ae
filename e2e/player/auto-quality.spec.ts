/**
 * Automatic quality starts from a bandwidth estimate (at least 720p on loopback, not hls.js's
 * 500 kbit/s default, which would start at 240p for seconds), and the Auto label names the level that plays.
 * The library's Meadow HLS has 240p, 360p, 720p and 4K levels.
 */
import { qualityFromHeight } from 'remote-player/quality';
import { openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu'; // public domain: the Meadow ladder

test('Auto starts at 720p or above on loopback and its label names the level that plays', async ({ page, site }) => {
  await seedSettings(page, { preferences: { enableSourceOrder: true, sourceOrder: ['local-hls'] } });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  // The first frames already come from a level of at least 720 lines.
  const height = await video(page).evaluate((v: HTMLVideoElement) => v.videoHeight);
  expect(height).toBeGreaterThanOrEqual(720);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await openSettings(page);
  const playing = qualityFromHeight(await video(page).evaluate((v: HTMLVideoElement) => v.videoHeight));
  await expect(page.getByTestId('menu-quality')).toContainText(`Auto (${playing})`);
  // The measured estimate is kept for the next stream.
  expect(Number(await page.evaluate(() => localStorage.getItem('__MW::player-bandwidth')))).toBeGreaterThan(0);
});
