/**
 * The iOS home-screen app alert (docs/behaviour.md#player-ios-home-screen-app): in the web app installed on
 * an iOS home screen, Picture-in-Picture and fullscreen are not available; pressing either says so, and
 * playback goes on. In Safari itself (not started from the home screen) nothing is refused up front
 * (controls.spec covers the browser's own answers; the decision is a component test, features/player/controls.test.tsx).
 */
import type { Page } from '@playwright/test';
import { player, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const MESSAGE = 'Picture-in-Picture and fullscreen are disabled in the web app on iOS. Open the site in Safari to use them.';

const showControls = async (page: Page) => {
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
};

test.use({ userAgent: IPHONE });

test('on an iPhone: from the home screen, fullscreen and Picture-in-Picture say they are disabled and playback goes on; in Safari fullscreen is asked for', async ({
  page,
  site,
  context,
}) => {
  await test.step('started from the home screen: both say they are disabled; playback goes on', async () => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true, configurable: true }));
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.3);
    const notice = page.getByTestId('player-notice');
    await showControls(page);
    await page.getByRole('button', { name: 'Fullscreen', exact: true }).click();
    await expect(notice).toHaveText(MESSAGE);
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect(notice).toBeHidden({ timeout: 6000 });
    await showControls(page);
    await page.getByRole('button', { name: 'Picture-in-Picture' }).click();
    await expect(notice).toHaveText(MESSAGE);
    expect(await page.evaluate(() => document.pictureInPictureElement)).toBeNull();
    await expect(player(page)).toHaveAttribute('data-status', 'playing');
  });

  await test.step('in Safari (not started from the home screen) fullscreen is asked for as usual', async () => {
    const tab = await context.newPage();
    await tab.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(tab, 0.3);
    await showControls(tab);
    await tab.getByRole('button', { name: 'Fullscreen', exact: true }).click();
    await expect.poll(() => tab.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('player');
    await expect(tab.getByTestId('player-notice')).toBeHidden();
    await tab.close();
  });
});
