/**
 * Right to left (docs/behaviour.md#texts-languages): in Arabic and Hebrew the page runs right to left, but media time does not:
 * the seek bar and the clock run left to right, the title is isolated (its own direction); the
 * standalone player (what partners embed) honours ?theme= and ?language= with the right direction.
 */
import type { Page } from '@playwright/test';
import { THEMES } from 'shared-contracts';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const SHOW = '/media/tmdb-tv-910001';

const direction = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).direction);

for (const language of ['ar', 'he'] as const) {
  test(`${language}: page right to left, seek bar and clock left to right, title isolated`, async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${SHOW}?language=${language}`);
    await startPlayback(page, 0.2);
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
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
    // A press near the left end of the seek bar goes near the start of the video, near the right end near its end.
    const bar = (await page.getByTestId('seek-bar').boundingBox())!;
    const duration = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
    await page.mouse.click(bar.x + bar.width * 0.9, bar.y + bar.height / 2);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(duration * 0.75);
    await page.mouse.click(bar.x + bar.width * 0.1, bar.y + bar.height / 2);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(duration * 0.25);
    // The settings menu's rows read from the right: the text starts at the row's right edge.
    await openSettings(page);
    const row = menu(page).getByRole('button').nth(1);
    const [rowRight, textRight] = await row.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.querySelector('.label') ?? el);
      return [el.getBoundingClientRect().right, range.getBoundingClientRect().right];
    });
    expect(rowRight - textRight).toBeLessThan(24);
  });
}

test('the standalone player honours ?theme= and ?language= with the direction of the language', async ({ page, site }) => {
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

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
