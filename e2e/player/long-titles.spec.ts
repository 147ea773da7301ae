/**
 * The library's long titles (services/src/media/long.ts: the clips repeated to the
 * catalog's runtime) let the journeys that need minutes of media be walked in the browser: resume and
 * Continue Watching (the prompt needs 20 s watched and more than 120 s left, docs/behaviour.md#player-resume), Skip Intro of a
 * real-sized intro, the Next episode button near the end, skip credits at 99% and autoplay of the next
 * episode at the end.
 */
import type { Page } from '@playwright/test';
import { movieById, showById } from 'services/catalog-data';
import { LONG_MOVIES, LONG_SHOW } from 'services/media-library';
import { introSkipSeconds } from 'services/skips';
import { withConfig } from '../support/config';
import { openDiscover } from '../support/discover.page';
import { currentTime, menu, openSettings, player, setTime, showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const MOON = movieById.get(775)!;
const INVENTED = movieById.get(Number(Object.keys(LONG_MOVIES).find((id) => Number(id) >= 900001)))!;
const SHOW = showById.get(LONG_SHOW.tmdbId)!;
const SEASON = SHOW.seasons.find((s) => s.number === 1)!;
const episodePath = (number: number) => `/media/tmdb-tv-${SHOW.id}/${SEASON.id}/${SEASON.episodes.find((e) => e.number === number)!.id}`;
const runtimeOf = (number: number) => SEASON.episodes.find((e) => e.number === number)!.runtime! * 60;

/** Watched seconds saved for a title (the progress store), 0 when none. */
const savedWatched = (page: Page, tmdbId: number) =>
  page.evaluate((id) => {
    const items = JSON.parse(localStorage.getItem('__MW::progress') ?? '{"state":{"items":{}}}').state.items as Record<
      string,
      { progress?: { watched: number } }
    >;
    return items[id]?.progress?.watched ?? 0;
  }, String(tmdbId));

/** The floating Next episode button (the control bar's icon button has the name but no text). */
const nextEpisodePill = (page: Page) => page.locator('button', { hasText: 'Next episode' });

// Minutes of media on a machine shared with other runs: page loads and seeks take their time.
test.describe.configure({ timeout: 120_000 });

test('A Trip to the Moon plays its 14 minutes: watched from minute 5, left, back from Continue Watching with the resume prompt', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOON.id}`);
  await startPlayback(page, 0.5);
  await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(MOON.runtime * 60, 0);

  // Minute 5 is the 19th repetition of the 16 s clip: it plays on from there.
  await setTime(page, 300);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(303);
  await expect.poll(() => savedWatched(page, MOON.id), { timeout: 15_000 }).toBeGreaterThan(300);

  await page.goto(`${site.hostUrl}/`);
  const card = page.getByTestId('continue-watching').locator('a', { hasText: MOON.title });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/media/tmdb-movie-${MOON.id}`));
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const prompt = page.getByTestId('resume-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(/Resumed at 0?5:0\d/);
  const big = page.getByTestId('big-play');
  if (await big.isVisible().catch(() => false)) await big.click();
  await expect.poll(() => currentTime(page)).toBeGreaterThan(300);

  // Start from beginning: back to 0, the prompt goes.
  await prompt.getByRole('button', { name: 'Start from beginning' }).click();
  await expect.poll(() => currentTime(page)).toBeLessThan(5);
  await expect(prompt).toHaveCount(0);
});

test("minute 7 of A Trip to the Moon: quality and audio language switch and play on; the captions file and the HLS subtitle rendition show that minute's line", async ({
  page,
  site,
  consoleErrors,
}) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOON.id}`);
  await startPlayback(page, 0.5);
  await setTime(page, 420.5);
  const started = Date.now();
  await openSettings(page);
  await page.getByTestId('menu-quality').click();
  await page.getByTestId('quality-360').click();
  await expect(page.getByTestId('quality-360')).toHaveAttribute('aria-pressed', 'true');
  let before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 1);
  await page.getByTestId('quality-4k').click();
  await expect(page.getByTestId('quality-4k')).toHaveAttribute('aria-pressed', 'true');
  before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 1);
  await expect.poll(() => videoProp(page, 'videoWidth')).toBe(1280); // the "4K" level is a 1280x720 encode
  await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByTestId('menu-audio').click();
  await page.getByTestId('audio-es').click();
  await expect(page.getByTestId('audio-es')).toHaveAttribute('aria-pressed', 'true');
  before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 1);
  // Played on, without jumps: no further than the wall clock went.
  const played = (await currentTime(page)) - 420.5;
  expect(played).toBeLessThan((Date.now() - started) / 1000 + 1);

  // Paused at 7:01 (cue 211 of the 2 s lines): the captions file, then the stream's own Spanish rendition.
  await page.keyboard.press('Escape');
  await page.keyboard.press('k');
  await expect.poll(() => videoProp(page, 'paused')).toBe(true);
  await setTime(page, 421);
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await page.getByTestId('caption-meadow-fr-vtt').click();
  await expect(page.getByTestId('caption-cue')).toHaveText('Ligne de sous-titre 211 (fr)');
  await page.getByTestId('caption-hls-1').click();
  await expect(page.getByTestId('caption-cue')).toHaveText('Línea de subtítulo 211 (es)');
  expect(consoleErrors).toEqual([]);
});

test('an invented film plays its runtime: an hour in, Resume in its details comes back there; within 120 s of the end, no prompt and from the start', async ({
  page,
  site,
}) => {
  const length = INVENTED.runtime * 60;
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${INVENTED.id}`);
  await startPlayback(page, 0.5);
  await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(length, 0);
  // An hour in, in the middle of the film: it plays and its progress is saved.
  await setTime(page, 3600);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(3602);
  await expect.poll(() => savedWatched(page, INVENTED.id), { timeout: 15_000 }).toBeGreaterThan(3600);
  // The details modal offers Resume (docs/behaviour.md#details-content), which comes back an hour in with the prompt.
  await openDiscover(page, site.hostUrl, `?m=details-tmdb-movie-${INVENTED.id}`);
  const play = page.getByTestId('details-play');
  await expect(play).toHaveText('Resume');
  await play.click();
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect(page.getByTestId('resume-prompt')).toContainText(/Resumed at 1:00:0\d/);

  // Near the end (under 120 s left): saved, then the next visit starts over without a prompt.
  await setTime(page, length - 100);
  const big = page.getByTestId('big-play');
  if (await big.isVisible().catch(() => false)) await big.click();
  await expect.poll(() => savedWatched(page, INVENTED.id), { timeout: 15_000 }).toBeGreaterThan(length - 100);
  await page.reload();
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect.poll(() => currentTime(page)).toBeLessThan(5);
  await expect(page.getByTestId('resume-prompt')).toHaveCount(0);
});

test.describe('a show with long episodes', () => {
  test.beforeEach(async ({ page }) => {
    // Skip Intro needs the febbox flag and a token (docs/behaviour.md#player-skip-intro), as in skip-intro.spec.ts.
    await withConfig(page, { allowFebboxKey: true });
  });

  test('Skip Intro of a real-sized intro: always in the first 10 s, then with the controls, jumps over it; near the end the Next episode button shows; at 99% skip credits plays the next episode', async ({
    page,
    site,
  }) => {
    await seedSettings(page, { preferences: { febboxKey: 'my-febbox-token' } });
    const intro = introSkipSeconds(SHOW.imdbId, 1, 1)!;
    expect(intro).toBeGreaterThanOrEqual(45);
    await page.goto(`${site.hostUrl}${episodePath(1)}`);
    await startPlayback(page, 0.2);
    await expect(page).toHaveTitle(/S1 E1/);
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(runtimeOf(1), 0);

    // Slower, so that where the skip lands can be read before playback moves on.
    await page.keyboard.press('<');
    await page.keyboard.press('<');
    await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.25);
    // Always in the first 10 s; after that, within the intro, only with the controls.
    const skip = page.getByTestId('skip-intro');
    await expect(skip).toBeVisible();
    await setTime(page, 30);
    await expect(page.getByTestId('controls')).toHaveCSS('opacity', '0', { timeout: 8000 });
    await expect(skip).toHaveCount(0);
    await showControls(page);
    await expect(skip).toBeVisible();
    expect(await currentTime(page)).toBeLessThan(intro);
    // The controls hide again 3 s after the mouse stops: on a slow machine, show them again and retry.
    await expect(async () => {
      await showControls(page);
      await skip.click({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(intro);
    expect(await currentTime(page)).toBeLessThan(intro + 2);
    await expect(skip).toHaveCount(0);
    await expect(nextEpisodePill(page)).toHaveCount(0);

    // Half a minute before the end: the Next episode button, and still this episode.
    await setTime(page, runtimeOf(1) - 28);
    await expect(nextEpisodePill(page)).toBeVisible();
    await expect(page).toHaveTitle(/S1 E1/);
    // 99% (skip credits on by default, docs/behaviour.md#player-next-episode): the next episode, from its beginning.
    await setTime(page, runtimeOf(1) * 0.99 - 1.5);
    await expect(page).toHaveTitle(/S1 E2/, { timeout: 15_000 });
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(runtimeOf(2), 0);
    expect(await currentTime(page)).toBeLessThan(10);
  });

  test('skip credits off: the episode plays to its end, then autoplay starts the next one', async ({ page, site }) => {
    await seedSettings(page, { preferences: { enableSkipCredits: false } });
    // Which episode's video ended (the next one replaces the element at once, so its `ended` is gone).
    await page.addInitScript(() => {
      const w = window as unknown as { endedIn: string[] };
      w.endedIn = [];
      document.addEventListener('ended', () => w.endedIn.push(document.title), true);
    });
    await page.goto(`${site.hostUrl}${episodePath(2)}`);
    await startPlayback(page, 0.2);
    await expect(page).toHaveTitle(/S1 E2/);
    await setTime(page, runtimeOf(2) * 0.99 + 2);
    // Past 99% without skip credits: still episode 2, playing on.
    await expect.poll(() => currentTime(page)).toBeGreaterThan(runtimeOf(2) * 0.99 + 3);
    await expect(page).toHaveTitle(/S1 E2/);
    await setTime(page, runtimeOf(2) - 3);
    await expect(page).toHaveTitle(/S1 E3/, { timeout: 15_000 });
    // It went there by reaching the end of episode 2 (not at 99%).
    expect(await page.evaluate(() => (window as unknown as { endedIn: string[] }).endedIn)).toEqual([expect.stringMatching(/S1 E2/)]);
    // Autoplay: it plays without the big play button.
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(runtimeOf(3), 0);
  });

  test('an episode left at minute 10 shows in Continue Watching and resumes there with the prompt', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${episodePath(3)}`);
    await startPlayback(page, 0.2);
    await setTime(page, 600);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(602);
    const savedEpisode = () =>
      page.evaluate((id) => {
        const items = JSON.parse(localStorage.getItem('__MW::progress') ?? '{"state":{"items":{}}}').state.items as Record<
          string,
          { episodes: Record<string, { progress: { watched: number } }> }
        >;
        return Math.max(0, ...Object.values(items[id]?.episodes ?? {}).map((e) => e.progress.watched));
      }, String(SHOW.id));
    await expect.poll(savedEpisode, { timeout: 15_000 }).toBeGreaterThan(600);
    await page.goto(`${site.hostUrl}/`);
    const card = page.getByTestId('continue-watching').locator('a', { hasText: SHOW.name });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveTitle(/S1 E3/);
    await expect(page.getByTestId('resume-prompt')).toContainText(/Resumed \u2068S1 E3\u2069 at 10:0\d/); // it names the episode
    await expect.poll(() => currentTime(page)).toBeGreaterThan(599);
  });
});

test('a seek made offline keeps its place on the bar, and plays from there once back online', async ({ page, context, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOON.id}`);
  await startPlayback(page, 0.5);
  await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(MOON.runtime * 60, 0);

  // Offline, a click at 70 % of the bar, far past what is buffered: nothing can load there.
  await context.setOffline(true);
  await showControls(page);
  const seekBar = page.getByTestId('seek-bar');
  const box = (await seekBar.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height / 2);
  const target = MOON.runtime * 60 * 0.7;
  const shown = () => seekBar.evaluate((el: HTMLInputElement) => Number(el.value));
  await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThan(target - 30);
  // It stays there while nothing arrives (the bar once went back to 0:01 until the connection returned).
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(1000);
    expect(await shown()).toBeGreaterThan(target - 30);
  }
  await context.setOffline(false);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(target - 29);
});
