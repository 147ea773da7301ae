/**
 * Keyboard shortcuts of spec §2 not covered by controls.spec.ts, checked on the <video> element
 * itself: < (speed down), ArrowLeft (−5 s), l (+10 s), . (1 s forward when paused), ArrowUp
 * (volume +0.15, kept across a reload), Escape (closes a menu, leaves fullscreen); none of them while
 * typing in an input.
 */
import { currentTime, menu, openSettings, paused, player, setTime, showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

test('< slows down, ArrowLeft goes back 5 s, l forward 10 s, . steps 1 s when paused', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);

  // Speed down through the spec's list (0.25, 0.5, 1, 1.5, 2), clamped at its lowest.
  await page.keyboard.press('<');
  await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.5);
  await page.keyboard.press('<');
  await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.25);
  await page.keyboard.press('<');
  await page.keyboard.press('>');
  await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.5);

  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
  await setTime(page, 2);
  await expect.poll(() => currentTime(page)).toBeCloseTo(2, 1);
  await page.keyboard.press('l');
  await expect.poll(() => currentTime(page)).toBeCloseTo(12, 1);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page)).toBeCloseTo(7, 1);
  await page.keyboard.press('.');
  await expect.poll(() => currentTime(page)).toBeCloseTo(8, 1);
  expect(await paused(page)).toBe(true); // stepping keeps a paused video paused
  // Seeks are clamped to the media: l near the end stops at the duration, ArrowLeft near 0 at 0.
  await setTime(page, (await videoProp(page, 'duration')) - 3);
  await page.keyboard.press('l');
  await expect.poll(() => currentTime(page)).toBeCloseTo(await videoProp(page, 'duration'), 0);
  await setTime(page, 2);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page)).toBe(0);

  // While playing, . is not a frame step (spec: only when paused).
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(false);
  const before = await currentTime(page);
  await page.keyboard.press('.');
  await page.waitForTimeout(150);
  expect(await currentTime(page)).toBeLessThan(before + 0.9);
});

test('ArrowUp raises the volume by 0.15 up to 1, and the volume is kept across a reload; Escape closes an open menu', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  // Two steps down (0.7), one up (0.85), then clamped at 1.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => videoProp(page, 'volume')).toBeCloseTo(0.7, 2);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => videoProp(page, 'volume')).toBeCloseTo(0.85, 2);
  await expect(page.getByTestId('volume-indicator')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => videoProp(page, 'volume')).toBe(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => videoProp(page, 'volume')).toBeCloseTo(0.7, 2);

  await openSettings(page);
  await page.getByTestId('menu-quality').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/quality');
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]r=/); // the overlay route is gone from the address too
  expect(await paused(page)).toBe(false);

  await page.reload();
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect.poll(() => videoProp(page, 'volume')).toBeCloseTo(0.7, 2);
  await showControls(page);
  await expect(page.getByRole('slider', { name: 'Volume' })).toHaveValue('0.7');
});

test('Escape leaves fullscreen when no menu is open', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  const fullscreen = () => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);
  await page.keyboard.press('f');
  await expect.poll(fullscreen).toBe('player');
  await page.keyboard.press('Escape');
  await expect.poll(fullscreen).toBeNull();
  await expect(page.getByTestId('player')).toHaveAttribute('data-fullscreen', 'false');
});

test('shortcuts are ignored while typing in an input, and work again once it is left', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  await page.getByRole('button', { name: 'Test HLS' }).click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const state = () =>
    page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => ({
      paused: v.paused,
      muted: v.muted,
      volume: v.volume,
      rate: v.playbackRate,
      fullscreen: !!document.fullscreenElement,
    }));
  const playing = { paused: false, muted: false, volume: 1, rate: 1, fullscreen: false };
  expect(await state()).toEqual(playing);

  const input = page.getByLabel('Stream URL');
  await input.click();
  await page.keyboard.type('k m f c <> jl., [] ');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue('k m f c <> jl., [] ');
  await expect(page.getByTestId('delay-indicator')).toHaveCount(0);
  await expect(page.getByTestId('volume-indicator')).toHaveCount(0);
  expect(await state()).toEqual(playing);
  expect(await currentTime(page)).toBeGreaterThan(0.5); // j did not go back to 0

  // The same keys outside the input do act: the shortcuts were live on this page.
  await input.blur();
  await page.keyboard.press('m');
  await page.keyboard.press('k');
  await expect.poll(state).toMatchObject({ paused: true, muted: true });
});
