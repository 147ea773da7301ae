/**
 * The r easter egg (docs/behaviour.md#player-keyboard): the picture turns for about a second while the same <video>
 * element keeps playing. Wrapping the element in a new parent would make React replace it with an empty
 * one and stop playback: this journey guards against that.
 */
import { currentTime, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

type RollWindow = Window & { __rollVideo?: Element | null; __rollChanges?: Array<{ rolling: string | null; at: number }> };

test('r rolls the picture for about 1 s; the same <video> keeps playing and its time keeps advancing', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  const layer = page.getByTestId('roll-layer');
  await expect(layer).toHaveAttribute('data-rolling', 'false');

  // Remember the element, and time the roll in the page (attribute changes), not across the test's round trips.
  await page.evaluate(() => {
    const w = window as RollWindow;
    w.__rollVideo = document.querySelector('[data-testid="player-video"]');
    w.__rollChanges = [];
    const target = document.querySelector('[data-testid="roll-layer"]')!;
    new MutationObserver(() => w.__rollChanges!.push({ rolling: target.getAttribute('data-rolling'), at: performance.now() })).observe(
      target,
      {
        attributes: true,
        attributeFilter: ['data-rolling'],
      },
    );
  });
  const before = await currentTime(page);

  await page.keyboard.press('r');
  await expect(layer).toHaveAttribute('data-rolling', 'true');
  // The roll shows: the wrapper of the picture is rotated while it lasts.
  await expect.poll(() => layer.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(/);
  await expect(layer).toHaveAttribute('data-rolling', 'false', { timeout: 3000 });

  const changes = await page.evaluate(() => (window as RollWindow).__rollChanges!);
  expect(changes.map((c) => c.rolling)).toEqual(['true', 'false']);
  expect(changes[1]!.at - changes[0]!.at).toBeGreaterThan(900);
  expect(changes[1]!.at - changes[0]!.at).toBeLessThan(1600);
  expect(await layer.evaluate((el) => getComputedStyle(el).transform)).toBe('none');

  // The very element the engine drives is still in the page, playing on.
  expect(
    await page.evaluate(() => {
      const w = window as RollWindow;
      return w.__rollVideo === document.querySelector('[data-testid="player-video"]') && !!w.__rollVideo?.isConnected;
    }),
  ).toBe(true);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  expect(await currentTime(page)).toBeGreaterThan(before + 0.8);
  const after = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(after + 0.5);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
});
