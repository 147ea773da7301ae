/**
 * Right to left (docs/behaviour.md#texts-languages) in the real layout: in Arabic and Hebrew the page runs
 * right to left, but media time does not: a press on the seek bar's left end goes to the start, the clock
 * runs left to right, the title is isolated (its own direction); menu rows read from the right and the
 * caption colours' arrows follow the mirrored row; the standalone player (what partners embed) honours
 * ?theme= and ?language= with the right direction. Texts and directions set by the player itself are
 * component tests (features/player/rtl.test.tsx).
 */
import type { Page } from '@playwright/test';
import { THEMES } from 'shared-contracts';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const SHOW = '/media/tmdb-tv-910001';

const direction = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).direction);

test('right to left: the standalone player in Hebrew with its theme; the watch page in Arabic with media time left to right', async ({
  page,
  site,
}) => {
  await test.step('the standalone player honours ?theme= and ?language= with the direction of the language', async () => {
    // A partner deploys the standalone player with its own config.json: here, the site's.
    const config = await (await fetch(`${site.hostUrl}/config.json`)).json();
    await page.route(`${site.remoteUrls.player}/config.json`, (route) => route.fulfill({ json: config }));
    await page.goto(`${site.remoteUrls.player}/media/tmdb-movie-653-nosferatu?theme=red&language=he`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    const play = page.getByTestId('big-play');
    await expect(play).toBeVisible({ timeout: 20_000 });
    await expect(play).toHaveAccessibleName('הפעלה');
    await expect(play).toHaveCSS('background-color', hexToRgb(THEMES.red.colors.primary));
    await page.goto(`${site.remoteUrls.player}/media/tmdb-movie-653-nosferatu?theme=blue&language=en`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('big-play')).toHaveAccessibleName('Play', { timeout: 20_000 });
    await expect(page.getByTestId('big-play')).toHaveCSS('background-color', hexToRgb(THEMES.blue.colors.primary));
  });

  await page.goto(`${site.hostUrl}${SHOW}?language=ar`);
  await startPlayback(page, 0.2);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());

  await test.step('the page runs right to left; the seek bar, the clock and the Latin title left to right', async () => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await direction(page, 'seek-bar')).toBe('ltr');
    expect(await direction(page, 'time-display')).toBe('ltr');
    await expect(page.getByTestId('time-display')).toHaveText(/^0:0\d \/ \d\d:\d\d$/);
    // The title (Latin script) keeps its own direction: truncated at its end, not its start.
    expect(
      await page
        .getByTestId('top-bar')
        .locator('h1')
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('ltr');
  });

  await test.step('a press near the left end of the seek bar goes near the start, near the right end near the end', async () => {
    const bar = (await page.getByTestId('seek-bar').boundingBox())!;
    const duration = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
    await page.mouse.click(bar.x + bar.width * 0.9, bar.y + bar.height / 2);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(duration * 0.75);
    await page.mouse.click(bar.x + bar.width * 0.1, bar.y + bar.height / 2);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(duration * 0.25);
  });

  await test.step("the settings menu's rows read from the right; ArrowLeft moves to the next caption colour", async () => {
    await openSettings(page);
    const row = menu(page).getByRole('button').nth(1);
    const [rowRight, textRight] = await row.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.querySelector('.label') ?? el);
      return [el.getBoundingClientRect().right, range.getBoundingClientRect().right];
    });
    expect(rowRight - textRight).toBeLessThan(24);
    await page.getByTestId('menu-captions').click();
    await page.getByTestId('caption-settings').click();
    const colours = menu(page).getByRole('radiogroup');
    await colours.getByRole('radio', { name: 'أبيض' }).click();
    await page.keyboard.press('ArrowLeft');
    await expect(colours.getByRole('radio', { name: 'أزرق' })).toHaveAttribute('aria-checked', 'true');
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
