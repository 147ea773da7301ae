/**
 * Playing adds no style rules. The seek bar's played and buffered fill and the volume fill are custom
 * properties on the element, not styled-components props (a prop makes a new class and CSS rule for every
 * value, several a second while a film plays, and every style recalculation grows with them).
 */
import { showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const ruleCount = (page: import('@playwright/test').Page) =>
  page.evaluate(() => [...document.styleSheets].reduce((sum, sheet) => sum + sheet.cssRules.length, 0));

test('while a title plays and the volume changes, the page gains no style rules; the bars still show the time and volume', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await startPlayback(page, 0.5);
  await showControls(page);
  const seek = page.getByTestId('seek-bar');
  await expect(seek).toBeVisible();
  // One volume step first: the volume indicator's own rules are inserted when it first shows.
  await page.mouse.move(400, 300);
  await page.mouse.wheel(0, 100);
  await expect(page.getByTestId('volume-indicator')).toBeVisible();
  const before = await ruleCount(page);
  const start = await videoProp(page, 'currentTime');
  for (let i = 0; i < 5; i++) {
    await page.mouse.wheel(0, 100); // volume down a step each time
    await page.waitForTimeout(400);
    await page.mouse.move(400 + i * 10, 300);
  }
  await expect.poll(() => videoProp(page, 'currentTime')).toBeGreaterThan(start + 2);
  expect(await ruleCount(page)).toBe(before);
  // The fill follows the playing time (within a second of it) and the volume.
  const [played, time, duration] = await seek.evaluate((el) => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!;
    return [parseFloat(el.style.getPropertyValue('--played')), v.currentTime, v.duration];
  });
  expect(Math.abs(played - (time / duration) * 100)).toBeLessThan((1 / duration) * 100 + 1);
  const level = await page
    .getByRole('slider', { name: 'Volume' })
    .evaluate((el) => parseFloat((el as HTMLElement).style.getPropertyValue('--level')));
  expect(level).toBeCloseTo((await videoProp(page, 'volume')) * 100, 0);
  expect(level).toBeLessThan(100);
});
