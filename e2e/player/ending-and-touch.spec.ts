/**
 * What a person expects at the ends of a video and on a touch screen: a movie that ended says so and
 * offers Watch again and Back; a double tap seeks 10 s (left half back, right half forward); Subtitle
 * settings is in view in the captions menu of a phone. (The resume prompt naming the episode is a
 * component test: screen.test.tsx.)
 */
import { currentTime, paused, player, setTime, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

test('a movie that ended says so, and offers Watch again and Back', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}?back=${encodeURIComponent('/browse/Nosferatu')}`);
  await startPlayback(page, 0.3);
  const duration = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
  await setTime(page, duration - 1);
  const ended = page.getByRole('group', { name: 'The movie has ended.' });
  await expect(ended).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'The movie has ended.' })).toBeAttached();
  await page.screenshot({ path: 'test-results/player-ended-1280.png' });

  await ended.getByRole('button', { name: 'Watch again' }).click();
  await expect(ended).toHaveCount(0);
  await expect.poll(() => paused(page)).toBe(false);
  expect(await currentTime(page)).toBeLessThan(duration - 2);

  await setTime(page, duration - 0.5);
  await expect(ended).toBeVisible({ timeout: 15_000 });
  await ended.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/browse/Nosferatu`);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 640 }, isMobile: true });

  test('a double tap on the right half goes forward 10 s, on the left half back 10 s', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await page.getByTestId('big-play').tap();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(true);
    await setTime(page, 3);
    // Two taps in a row, as a finger does (the page dispatches both before anything else runs).
    const doubleTap = (x: number) =>
      page.getByTestId('player-video').evaluate((v: HTMLVideoElement, at) => {
        const rect = v.getBoundingClientRect();
        for (let i = 0; i < 2; i++)
          v.dispatchEvent(
            new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, clientX: rect.left + at, clientY: rect.top + 200 }),
          );
      }, x);
    await doubleTap(300);
    await expect.poll(() => currentTime(page)).toBeCloseTo(13, 0);
    await expect(page.getByTestId('tap-seek')).toHaveText('10 s');
    await page.screenshot({ path: 'test-results/player-double-tap-360.png' });
    await doubleTap(40);
    await expect.poll(() => currentTime(page)).toBeCloseTo(3, 0);
    expect(await paused(page)).toBe(true); // a double tap seeks; it does not play or pause
  });

  test('Subtitle settings is in view in the captions menu, above the list', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${NOSFERATU}?r=settings%2FcaptionsOverlay`);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    const menu = page.getByRole('dialog', { name: 'Subtitles' });
    await expect(menu.getByRole('button', { name: 'Subtitle settings' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'test-results/player-captions-menu-360.png' });
  });
});
