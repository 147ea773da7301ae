/**
 * Watching a film from a link, against the local media library through the real worker and hls.js:
 * the progress view, the first frame on Play, the 4K level and the Spanish audio, the place kept across a
 * reload. A broken stream played directly ends on the playback-error screen, which says why.
 */
import { BROKEN } from 'services/media-library';
import { currentTime, menu, openSettings, player, setTime, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = 653; // public-domain: the full meadow ladder (4K level, en/es audio, subtitles)

test('a film from a link: the progress view, the first frame on Play, the 4K level and Spanish audio, the place kept across a reload', async ({
  page,
  site,
  consoleErrors,
}) => {
  await test.step('the link shows the progress view, then the found stream waits for Play', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${NOSFERATU}-nosferatu`);
    await expect(page.getByTestId('scraping-view').or(page.getByTestId('big-play'))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('big-play')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveTitle(/Nosferatu/);
    expect(await currentTime(page)).toBe(0);
  });

  await test.step('pressing Play presents the first frame, then plays on', async () => {
    const frame = await page.evaluate(
      () =>
        new Promise<{ presentedFrames: number; mediaTime: number }>((resolve) => {
          const v = document.querySelector('[data-testid="player-video"]') as HTMLVideoElement;
          v.requestVideoFrameCallback((_now, meta) => resolve({ presentedFrames: meta.presentedFrames, mediaTime: meta.mediaTime }));
          (document.querySelector('[data-testid="big-play"]') as HTMLButtonElement).click();
        }),
    );
    expect(frame.presentedFrames).toBeGreaterThan(0);
    await expect(page.getByTestId('big-play')).toBeHidden();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(frame.mediaTime + 0.2);
  });

  await test.step('the 4K level is chosen, plays on and is remembered', async () => {
    await openSettings(page);
    await page.getByTestId('menu-quality').click();
    await expect(menu(page)).toHaveAttribute('data-route', '/quality');
    await page.getByTestId('quality-4k').click();
    await expect(page.getByTestId('quality-4k')).toHaveAttribute('aria-pressed', 'true');
    const before = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
    expect(await page.evaluate(() => localStorage.getItem('__MW::quality'))).toContain('4k');
  });

  await test.step('the Spanish audio is chosen and plays on', async () => {
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('menu-audio').click();
    await expect(menu(page)).toHaveAttribute('data-route', '/audio');
    await page.getByTestId('audio-es').click();
    await expect(page.getByTestId('audio-es')).toHaveAttribute('aria-pressed', 'true');
    // Back towards the start (j = 10 s back, twice), then play (k) if it ended meanwhile.
    await page.keyboard.press('Escape');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    if (await video(page).evaluate((v: HTMLVideoElement) => v.paused)) await page.keyboard.press('k');
    const t = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(t + 0.5);
  });

  await test.step('the place is saved while playing, and a reload resumes there with the prompt', async () => {
    await setTime(page, 60);
    const watched = () =>
      page.evaluate((id) => {
        const raw = localStorage.getItem('__MW::progress') ?? '';
        const match = new RegExp(`"${id}":\\{.*?"watched":([\\d.]+)`).exec(raw);
        return match ? Number(match[1]) : 0;
      }, String(NOSFERATU));
    await expect.poll(watched, { timeout: 10_000 }).toBeGreaterThan(60);
    await page.reload();
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    // More than 20 s watched and more than 120 s left (docs/behaviour.md#player-resume): it resumes there, with the prompt.
    await expect(page.getByTestId('resume-prompt')).toBeVisible();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(59);
  });
  expect(consoleErrors).toEqual([]);
});

// Played directly on /dev/video (no validation, unlike scraping), each broken stream gives Chromium's own
// MediaError; the screen names it and offers the ways out.
const BROKEN_CODES: Array<[string, string, 'hls' | 'mp4', string]> = [
  ['missing segments', BROKEN.missingSegments, 'hls', '2'],
  ['garbage segments', BROKEN.garbageSegments, 'hls', '3'],
  ['a playlist that is not one', BROKEN.notAPlaylist, 'hls', '2'],
  ['a broken MP4', BROKEN.badMp4, 'mp4', '4'],
];

test('a broken stream played directly: the playback-error screen says why, with details, another source, back, home and search', async ({
  page,
  site,
}) => {
  const screen = page.getByTestId('playback-error');
  const start = async (url: string, type: 'hls' | 'mp4') => {
    await page.goto(`${site.hostUrl}/dev/video`);
    await page.getByLabel('Stream URL').fill(url);
    await page.getByLabel('Type').selectOption(type);
    await page.getByRole('button', { name: 'Start stream' }).click();
    await expect(screen).toBeVisible({ timeout: 30_000 });
  };
  for (const [name, path, type, code] of BROKEN_CODES) {
    await test.step(`${name}: MediaError ${code}`, async () => {
      await start(`${site.services!.urls.media}${path}`, type);
      await expect(screen).toHaveAttribute('data-code', code);
    });
  }

  await test.step('an HTML page given as HLS is said to be no video stream, not a network error', async () => {
    await start(`${site.hostUrl}/about`, 'hls');
    const message = page.getByTestId('playback-error-message');
    await expect(message).toHaveText(/web page/);
    await expect(message).not.toHaveText(/network/i);
  });

  await test.step('the ways out: the error on demand, reload, back, home, search, and another source opens the source menu', async () => {
    await expect(screen.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(screen.getByTestId('way-out-back')).toBeVisible();
    await expect(screen.getByTestId('way-out-search')).toBeVisible();
    await screen.getByRole('button', { name: 'Show error' }).click();
    await expect(page.getByTestId('playback-error-details')).not.toBeEmpty();
    await screen.getByTestId('way-out-source').click();
    await expect(page.locator('[data-router="settings"]')).toHaveAttribute('data-route', '/source');
  });
});
