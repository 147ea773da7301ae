/**
 * Keyboard shortcuts that need a real browser: ArrowUp's volume kept across a reload, Escape leaving
 * real fullscreen. Every key's effect on the player is a component test (shortcuts.test.tsx), typing
 * in a field included; the element's side is the engine's unit test.
 */
import { menu, openSettings, paused, player, showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

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
