/**
 * The library's long titles (services/src/media/long.ts: the clips repeated to the catalog's runtime)
 * let the journeys that need minutes of media be walked in the browser: resume and Continue Watching
 * (the prompt needs 20 s watched and more than 120 s left, docs/behaviour.md#player-resume), quality,
 * audio and captions an hour into a stream, a seek made offline, and a show's episodes: Skip Intro of a
 * real-sized intro, the Next episode button, skip credits at 99% and autoplay at the end.
 */
import type { Page } from '@playwright/test';
import { movieById, showById } from 'services/catalog-data';
import { LONG_MOVIES, LONG_SHOW } from 'services/media-library';
import { introSkipSeconds } from 'services/skips';
import { START_CONFIG } from '../../scripts/site.ts';
import { withConfig } from '../support/config';
import { openDiscover } from '../support/discover.page';
import { currentTime, menu, openSettings, player, setTime, showControls, startPlayback, video, videoProp } from '../support/player.page';
import { saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

const MOON = movieById.get(775)!;
const INVENTED = movieById.get(Number(Object.keys(LONG_MOVIES).find((id) => Number(id) >= 900001)))!;
const SHOW = showById.get(LONG_SHOW.tmdbId)!;
const SEASON = SHOW.seasons.find((s) => s.number === 1)!;
const episodePath = (number: number) => `/media/tmdb-tv-${SHOW.id}/${SEASON.id}/${SEASON.episodes.find((e) => e.number === number)!.id}`;
const runtimeOf = (number: number) => SEASON.episodes.find((e) => e.number === number)!.runtime! * 60;

/** The most watched seconds saved for a title (the progress store; of any episode for a show), 0 when none. */
const savedWatched = (page: Page, tmdbId: number) =>
  page.evaluate((id) => {
    type Item = { progress?: { watched: number }; episodes?: Record<string, { progress: { watched: number } }> };
    const items = JSON.parse(localStorage.getItem('__MW::progress') ?? '{"state":{"items":{}}}').state.items as Record<string, Item>;
    const item = items[id];
    return Math.max(item?.progress?.watched ?? 0, ...Object.values(item?.episodes ?? {}).map((e) => e.progress.watched));
  }, String(tmdbId));

/** The floating Next episode button (the control bar's icon button has the name but no text). */
const nextEpisodePill = (page: Page) => page.locator('button', { hasText: 'Next episode' });

/** Plays from `seconds` until that much is saved. */
async function watchFrom(page: Page, tmdbId: number, seconds: number) {
  await setTime(page, seconds);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(seconds + 2);
  await expect.poll(() => savedWatched(page, tmdbId), { timeout: 15_000 }).toBeGreaterThan(seconds);
}

// Minutes of media on a machine shared with other runs: page loads and seeks take their time.
test.describe.configure({ timeout: 150_000 });

test('come back to what was left: from Continue Watching and from the details, at the saved minute with the resume prompt', async ({
  page,
  site,
}) => {
  await test.step('A Trip to the Moon plays its 14 minutes; left at minute 5, back from Continue Watching with the prompt', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOON.id}`);
    await startPlayback(page, 0.5);
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(MOON.runtime * 60, 0);
    await watchFrom(page, MOON.id, 300); // minute 5 is the 19th repetition of the 16 s clip
    await page.goto(`${site.hostUrl}/`);
    const card = page.getByTestId('continue-watching').locator('a', { hasText: MOON.title });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/media/tmdb-movie-${MOON.id}`));
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    const prompt = page.getByTestId('resume-prompt');
    await expect(prompt).toContainText(/Resumed at 0?5:0\d/);
    const big = page.getByTestId('big-play');
    if (await big.isVisible().catch(() => false)) await big.click();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(300);
    await prompt.getByRole('button', { name: 'Start from beginning' }).click();
    await expect.poll(() => currentTime(page)).toBeLessThan(5);
    await expect(prompt).toHaveCount(0);
  });

  await test.step('an invented film an hour in: Resume in its details comes back there with the prompt', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${INVENTED.id}`);
    await startPlayback(page, 0.5);
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(INVENTED.runtime * 60, 0);
    await watchFrom(page, INVENTED.id, 3600);
    await openDiscover(page, site.hostUrl, `?m=details-tmdb-movie-${INVENTED.id}`);
    const play = page.getByTestId('details-play');
    await expect(play).toHaveText('Resume');
    await play.click();
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect(page.getByTestId('resume-prompt')).toContainText(/Resumed at 1:00:0\d/);
  });

  await test.step('an episode left at minute 10 shows in Continue Watching and resumes there, the prompt naming it', async () => {
    await page.goto(`${site.hostUrl}${episodePath(3)}`);
    await startPlayback(page, 0.2);
    await watchFrom(page, SHOW.id, 600);
    await page.goto(`${site.hostUrl}/`);
    await page.getByTestId('continue-watching').locator('a', { hasText: SHOW.name }).click();
    await expect(page).toHaveTitle(/S1 E3/);
    await expect(page.getByTestId('resume-prompt')).toContainText(/Resumed \u2068S1 E3\u2069 at 10:0\d/);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(599);
  });
});

test('minute 7 of A Trip to the Moon: quality, audio and captions switch and play on; offline, a seek keeps its place and plays once back', async ({
  page,
  context,
  site,
  consoleErrors,
}) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOON.id}`);
  await startPlayback(page, 0.5);
  await setTime(page, 420.5);
  // The film's time beside the page's clock, both read in the page: a slow round trip to it moves neither.
  const clocks = () => video(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, at: performance.now() / 1000 }));
  const start = await clocks();

  await test.step('quality and audio language switch and play on, without jumps', async () => {
    await openSettings(page);
    await page.getByTestId('menu-quality').click();
    let before = 0;
    for (const level of ['360', '4k']) {
      await page.getByTestId(`quality-${level}`).click();
      await expect(page.getByTestId(`quality-${level}`)).toHaveAttribute('aria-pressed', 'true');
      before = await currentTime(page);
      await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 1);
    }
    await expect.poll(() => videoProp(page, 'videoWidth')).toBe(1280); // the "4K" level is a 1280x720 encode
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('menu-audio').click();
    await page.getByTestId('audio-es').click();
    await expect(page.getByTestId('audio-es')).toHaveAttribute('aria-pressed', 'true');
    before = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 1);
    // Played on, without jumps: no further than the clock went.
    const now = await clocks();
    expect(now.time - start.time).toBeLessThan(now.at - start.at + 1);
  });

  await test.step("paused at 7:01, the captions file and the stream's own Spanish rendition show that minute's line", async () => {
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
    await page.keyboard.press('Escape');
    await page.keyboard.press('k');
    expect(consoleErrors).toEqual([]);
  });

  await test.step('offline: the banner says so; a seek at 70 % keeps its place on the bar, and plays from there once back online', async () => {
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toHaveText(/Check your internet connection/);
    // A click at 70 % of the bar, far past what is buffered: nothing can load there.
    await showControls(page);
    const seekBar = page.getByTestId('seek-bar');
    const box = (await seekBar.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height / 2);
    const target = MOON.runtime * 60 * 0.7;
    const shown = () => seekBar.evaluate((el: HTMLInputElement) => Number(el.value));
    await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThan(target - 30);
    // It stays there while the element goes on reporting its own time (several timeupdates, a second of
    // frames): the bar once went back to 0:01 until the connection returned.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let frames = 0;
          const tick = () => (++frames >= 60 ? resolve() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
    );
    expect(await shown()).toBeGreaterThan(target - 30);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
    expect(await shown()).toBeGreaterThan(target - 30);
    await context.setOffline(false);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(target - 29);
  });
});

test("a show's long episodes: a token set in Settings, Skip Intro over a real-sized intro, Next episode near the end, skip credits at 99%, or autoplay at the end", async ({
  page,
  site,
}) => {
  const intro = introSkipSeconds(SHOW.imdbId, 1, 1)!;
  expect(intro).toBeGreaterThanOrEqual(45);
  // npm start's configuration, as in the README's "try Skip Intro by watching Copper Station".
  await withConfig(page, { ...START_CONFIG });
  const skipsRequests: string[] = [];
  page.on('request', (r) => r.url().startsWith(site.services!.urls.skips!) && skipsRequests.push(r.url()));

  await test.step('any token set in Settings > Connections turns the skips lookup on', async () => {
    await page.goto(`${site.hostUrl}/settings#settings-connections`);
    await expect(page.getByRole('heading', { name: 'Febbox token' })).toBeVisible();
    await page.getByLabel('Token', { exact: true }).fill('any-token');
    await saveSettings(page);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::preferences')!).state.febboxKey)).toBe('any-token');
  });

  await test.step('episode 1 offers Skip Intro, which jumps over the intro; the token stays on this device', async () => {
    await page.goto(`${site.hostUrl}${episodePath(1)}`);
    await startPlayback(page, 0.2);
    await expect(page).toHaveTitle(new RegExp(`${SHOW.name}.*S1 E1`));
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(runtimeOf(1), 0);
    // Slower, so that where the skip lands can be read before playback moves on.
    await page.keyboard.press('<');
    await page.keyboard.press('<');
    await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.25);
    const skip = page.getByTestId('skip-intro');
    await skip.click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(intro);
    expect(await currentTime(page)).toBeLessThan(intro + 2);
    await expect(skip).toHaveCount(0);
    expect(skipsRequests.length).toBeGreaterThan(0);
    expect(skipsRequests.join()).not.toContain('any-token');
    await expect(nextEpisodePill(page)).toHaveCount(0);
  });

  await test.step('half a minute before the end the Next episode button shows; at 99% the next episode plays from its start', async () => {
    await setTime(page, runtimeOf(1) - 28);
    await expect(nextEpisodePill(page)).toBeVisible();
    await expect(page).toHaveTitle(/S1 E1/);
    await setTime(page, runtimeOf(1) * 0.99 - 1.5);
    await expect(page).toHaveTitle(/S1 E2/, { timeout: 15_000 });
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(runtimeOf(2), 0);
    expect(await currentTime(page)).toBeLessThan(10);
  });

  await test.step('skip credits off: episode 2 plays past 99% to its end, then autoplay starts episode 3', async () => {
    await writeNow(page, storedEntries({ settings: { preferences: { enableSkipCredits: false, febboxKey: 'any-token' } } }));
    // Which episode's video ended (the next one replaces the element at once, so its `ended` is gone).
    await page.addInitScript(() => {
      const w = window as unknown as { endedIn: string[] };
      w.endedIn = [];
      document.addEventListener('ended', () => w.endedIn.push(document.title), true);
    });
    await page.reload();
    await startPlayback(page, 0.2);
    await expect(page).toHaveTitle(/S1 E2/);
    await setTime(page, runtimeOf(2) * 0.99 + 2);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(runtimeOf(2) * 0.99 + 3);
    await expect(page).toHaveTitle(/S1 E2/);
    await setTime(page, runtimeOf(2) - 3);
    await expect(page).toHaveTitle(/S1 E3/, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { endedIn: string[] }).endedIn)).toEqual([expect.stringMatching(/S1 E2/)]);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5); // no second press
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(runtimeOf(3), 0);
  });

  await test.step("the control bar's Next episode button plays the next one", async () => {
    await showControls(page);
    await page.getByRole('button', { name: 'Next episode' }).first().click();
    await expect(page).toHaveTitle(/S1 E4/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  });
});
