/** Page object of the player remote: watch page, progress view, controls, menus. */
import { expect, type Page } from '@playwright/test';

export const player = (page: Page) => page.getByTestId('player');
export const video = (page: Page) => page.getByTestId('player-video');

export const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits for a stream to be ready, presses the big play button, and waits until time advances past `seconds`. */
export async function startPlayback(page: Page, seconds = 1): Promise<void> {
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const big = page.getByTestId('big-play');
  if (await big.isVisible().catch(() => false)) await big.click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(seconds);
}

/** Shows the controls (mouse movement) and opens the settings menu at a route through its items. */
export async function openSettings(page: Page): Promise<void> {
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-menu')).toBeVisible();
}

export const menu = (page: Page) => page.locator('[data-router="settings"]');
