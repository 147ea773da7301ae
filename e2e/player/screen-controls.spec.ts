/**
 * The player screen (docs/behaviour.md#player-controls-and-pointer): controls hide 3 s after the last mouse move, a click on the picture
 * plays and pauses, the 10 s skip buttons, the back link, the resume prompt and its thresholds.
 */
import type { Page } from '@playwright/test';
import { currentTime, paused, player, setTime, showControls, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu'; // a 16 s clip

test('the controls hide 3 s after the last mouse move and show on a move; a click on the picture plays and pauses; the 10 s buttons', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  const controls = page.getByTestId('controls');
  await showControls(page);
  const lastMove = Date.now();
  await expect(controls).toHaveCSS('opacity', '1');
  await expect(controls).toHaveCSS('opacity', '0', { timeout: 6000 });
  const hiddenAfter = Date.now() - lastMove;
  expect(hiddenAfter).toBeGreaterThanOrEqual(2900);
  expect(hiddenAfter).toBeLessThan(4500);
  const topBar = page.getByRole('link', { name: 'Back' }).locator('..');
  await expect(topBar).toHaveCSS('opacity', '0'); // the top bar goes with them
  await page.mouse.move(600, 400);
  await expect(controls).toHaveCSS('opacity', '1');
  await expect(topBar).toHaveCSS('opacity', '1');

  await video(page).click();
  await expect.poll(() => paused(page)).toBe(true);
  await video(page).click();
  await expect.poll(() => paused(page)).toBe(false);
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull(); // two single clicks are no double click

  await video(page).click();
  await expect.poll(() => paused(page)).toBe(true);
  await setTime(page, 3);
  await showControls(page);
  await page.getByRole('button', { name: 'Forward 10 seconds' }).click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(13, 1);
  await page.getByRole('button', { name: 'Back 10 seconds' }).click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(3, 1);
  await page.getByRole('button', { name: 'Back 10 seconds' }).click();
  await expect.poll(() => currentTime(page)).toBe(0);
  expect(await paused(page)).toBe(true);
});

test('the back link goes to the ?back= url, else home', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}?back=${encodeURIComponent('/discover')}`);
  await startPlayback(page, 0.2);
  await showControls(page);
  const link = page.getByRole('link', { name: 'Back' });
  await expect(link).toHaveAttribute('href', '/discover');
  await link.click();
  await expect(page).toHaveURL(`${site.hostUrl}/discover`);

  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await showControls(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/`);
});

const SEEDS = ['60/600', '5000/6000', '19/600', '481/600'];

/**
 * Saved progress of Nosferatu (host store) before the app starts, as the page's `?seed=<watched>/<duration>`
 * says (one of SEEDS). The MP4 source first: a seek past the end of an MP4 lands on its end, where the
 * resumed position shows.
 */
async function seedFromUrl(page: Page): Promise<void> {
  const mp4First = storedEntries({ settings: { preferences: { enableSourceOrder: true, sourceOrder: ['local-mp4'] } } });
  const saved = Object.fromEntries(
    SEEDS.map((seed) => {
      const [watched, duration] = seed.split('/').map(Number);
      return [seed, storedEntries({ lists: { inProgress: [{ tmdbId: '653', title: 'Nosferatu', year: 1922, watched, duration }] } })];
    }),
  );
  await page.addInitScript(
    ([always, bySeed]) => {
      const seed = /[?&]seed=(\d+\/\d+)/.exec(location.search)?.[1];
      for (const [key, value] of Object.entries({ ...always, ...(seed ? bySeed[seed] : {}) })) localStorage.setItem(key, value);
    },
    [mp4First, saved] as const,
  );
}
const prompt = (page: Page) => page.getByTestId('resume-prompt');

test('the resume prompt (20 s watched, 120 s left): saved progress is checked against the stream that plays', async ({ page, site }) => {
  await seedFromUrl(page);
  // 60 s watched of 10 minutes saved, but this stream is a 16 s clip: the position is clamped to its
  // end, which is within 120 s of the end, so no prompt and playback starts from the beginning.
  // (The prompt's own thresholds on long media: unit tests of core/player/resume.ts.)
  for (const seed of SEEDS) {
    await page.goto(`${site.hostUrl}${NOSFERATU}?seed=${seed}`);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect(page.getByTestId('big-play')).toBeVisible();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
    await expect(prompt(page), seed).toHaveCount(0);
    await expect.poll(() => currentTime(page), { message: seed }).toBe(0);
  }
});
