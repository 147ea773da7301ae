/**
 * The watch page against the local media library: scrape with progress view, HLS playback with its
 * 4K level and audio languages, MP4 through the source menu, progress saved and resumed, error screens.
 */
import { BROKEN, BROKEN_MOVIES, MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { currentTime, menu, openSettings, player, setTime, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = 653; // public-domain: the full meadow ladder (4K level, en/es audio, subtitles)

test('plays HLS with the 4K level choosable and the audio language switchable', async ({ page, site, consoleErrors }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${NOSFERATU}-nosferatu`);
  await expect(page.getByTestId('scraping-view').or(player(page).and(page.locator('[data-status="playing"]')))).toBeVisible();
  await startPlayback(page);
  await expect(page).toHaveTitle(/Nosferatu/);
  await page.screenshot({ path: 'test-results/player-hls-1280.png' });

  await openSettings(page);
  await page.getByTestId('menu-quality').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/quality');
  const box = await menu(page).boundingBox();
  expect(Math.round(box!.width)).toBe(343);
  expect(Math.round(box!.height)).toBe(470);
  await page.getByTestId('quality-4k').click();
  await expect(page.getByTestId('quality-4k')).toHaveAttribute('aria-pressed', 'true');
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
  const stored = await page.evaluate(() => localStorage.getItem('__MW::quality'));
  expect(stored).toContain('4k');

  await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByTestId('menu-audio').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/audio');
  await page.getByTestId('audio-es').click();
  await expect(page.getByTestId('audio-es')).toHaveAttribute('aria-pressed', 'true');
  // The clip is 16 s long: back to the start (j = 10 s back, twice), then play (k) if it ended.
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  if (await video(page).evaluate((v: HTMLVideoElement) => v.paused)) await page.keyboard.press('k');
  const t2 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(t2 + 0.5);
  expect(consoleErrors).toEqual([]);
});

test('a title with no source ends on the not-found screen', async ({ page, site }) => {
  // Public-domain films are also found by the archive provider: take an invented title.
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOVIES_WITHOUT_STREAM.find((id) => id >= 900000)}`);
  await expect(page.getByTestId('scrape-not-found')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Couldn't find a stream")).toBeVisible();
});

test('pressing play on a found source presents the first frame, then plays on', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${NOSFERATU}`);
  await expect(page.getByTestId('big-play')).toBeVisible({ timeout: 20_000 });
  expect(await currentTime(page)).toBe(0);
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

// Scraping validates streams, so a title whose only stream is broken ends on not found...
test('a title whose only stream is broken ends on not found, with details', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${BROKEN_MOVIES.missingSegments}`);
  const screen = page.getByTestId('scrape-not-found');
  await expect(screen).toBeVisible({ timeout: 30_000 });
  await expect(screen.getByText("Couldn't find a stream")).toBeVisible();
  const details = page.getByTestId('scrape-error-details');
  await expect(details).toHaveCount(0);
  const show = screen.getByRole('button', { name: 'Show details' });
  await show.click();
  await expect(show).toHaveAttribute('aria-expanded', 'true');
  await expect(details).toHaveText('scrape/not-found: not found\nno source gave a playable stream');
  await show.click();
  await expect(details).toHaveCount(0);
});

// ...and the playback-error screen shows for the broken streams played directly (no validation).
const EXPECTED_CODE: Record<keyof typeof BROKEN, string> = { missingSegments: '2', garbageSegments: '3', notAPlaylist: '2', badMp4: '4' };
for (const [name, path] of Object.entries(BROKEN) as Array<[keyof typeof BROKEN, string]>) {
  test(`broken stream ${name}: the playback-error screen`, async ({ page, site }) => {
    await page.goto(`${site.hostUrl}/dev/video`);
    await page.getByLabel('Stream URL').fill(`${site.services!.urls.media}${path}`);
    await page.getByLabel('Type').selectOption(path.endsWith('.mp4') ? 'mp4' : 'hls');
    await page.getByRole('button', { name: 'Start stream' }).click();
    const screen = page.getByTestId('playback-error');
    await expect(screen).toBeVisible({ timeout: 30_000 });
    await expect(screen).toHaveAttribute('data-code', EXPECTED_CODE[name]);
    await expect(screen.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await screen.getByRole('button', { name: 'Show error' }).click();
    await expect(page.getByTestId('playback-error-details')).not.toBeEmpty();
  });
}

test('progress is saved while playing and resumed after reload', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${NOSFERATU}`);
  await startPlayback(page, 0.5);
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
