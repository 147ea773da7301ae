/**
 * The watch page on a phone (360 px, touch), where the real layout decides: every control of a show's
 * player lies inside the viewport with a 44 px touch target and without overlapping another, the page
 * does not scroll sideways, the subtitle menus fit; taps show and hide the controls without pausing, a
 * double tap seeks, and Subtitle settings is in view. (1280 px: controls.spec.ts; what a tap or double
 * tap does to the player: features/player/screen.test.tsx.)
 */
import { controlBoxes, currentTime, menu, overlappingControls, paused, player, setTime, sideways, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const SHOW = '/media/tmdb-tv-910001';
const WIDTH = 360;

test.use({ hasTouch: true, isMobile: true, viewport: { width: WIDTH, height: 640 } });

test('a show on a phone: the controls fit with 44 px touch targets, taps show and hide them, a double tap seeks, the subtitle menus fit', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${SHOW}`);
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await page.getByTestId('big-play').tap();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  const controls = page.getByTestId('controls');

  await test.step('a first tap on the picture shows the controls, a second hides them; taps do not pause', async () => {
    await expect(controls).toHaveCSS('opacity', '0');
    // Taps on either half of the picture: two quick taps on one half would be a double tap (a seek).
    await video(page).tap({ position: { x: 80, y: 200 } });
    await expect(controls).toHaveCSS('opacity', '1');
    expect(await paused(page)).toBe(false);
    await video(page).tap({ position: { x: 300, y: 200 } });
    await expect(controls).toHaveCSS('opacity', '0');
    expect(await paused(page)).toBe(false);
    // A tap on a control uses it and keeps the controls up.
    await video(page).tap({ position: { x: 80, y: 200 } });
    await page.getByTestId('play-toggle').tap();
    await expect.poll(() => paused(page)).toBe(true);
    await expect(controls).toHaveCSS('opacity', '1');
  });

  await test.step('every control inside the viewport, at least 44 px each way, none overlapping; no sideways scroll', async () => {
    const boxes = await controlBoxes(page);
    expect(boxes.map((b) => b.name)).toEqual(expect.arrayContaining(['Settings', 'Fullscreen', 'Back', 'Episodes']));
    for (const box of boxes) {
      expect.soft(box.left, `${box.name} left`).toBeGreaterThanOrEqual(0);
      expect.soft(box.right, `${box.name} right`).toBeLessThanOrEqual(WIDTH);
      expect.soft(box.height, `${box.name} height`).toBeGreaterThanOrEqual(44);
      expect.soft(box.width, `${box.name} width`).toBeGreaterThanOrEqual(44);
    }
    expect(overlappingControls(boxes)).toEqual([]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  await test.step('a double tap on the right half goes forward 10 s, on the left half back 10 s; paused stays paused', async () => {
    await setTime(page, 3);
    // Two taps in a row, as a finger does (the page dispatches both before anything else runs).
    const doubleTap = (x: number) =>
      video(page).evaluate((v: HTMLVideoElement, at) => {
        const rect = v.getBoundingClientRect();
        for (let i = 0; i < 2; i++)
          v.dispatchEvent(
            new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, clientX: rect.left + at, clientY: rect.top + 200 }),
          );
      }, x);
    await doubleTap(300);
    await expect.poll(() => currentTime(page)).toBeCloseTo(13, 0);
    await expect(page.getByTestId('tap-seek')).toHaveText('10 s');
    await doubleTap(40);
    await expect.poll(() => currentTime(page)).toBeCloseTo(3, 0);
    expect(await paused(page)).toBe(true);
  });

  await test.step('Subtitles and Subtitle settings fit in the viewport, Subtitle settings in view above the list', async () => {
    await page.getByTestId('settings-button').tap();
    await expect(menu(page)).toBeVisible();
    await page.getByTestId('menu-captions').tap();
    await expect(menu(page)).toHaveAttribute('data-route', '/captions');
    await expect(page.getByRole('dialog', { name: 'Subtitles' }).getByRole('button', { name: 'Subtitle settings' })).toBeInViewport({
      ratio: 1,
    });
    for (const route of ['/captions', '/captions/settings']) {
      if (route === '/captions/settings') await page.getByTestId('caption-settings').tap();
      await expect(menu(page)).toHaveAttribute('data-route', route);
      const fit = await menu(page).evaluate((card) => {
        const r = card.getBoundingClientRect();
        const overflowing = [...card.querySelectorAll<HTMLElement>('*')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          .map((el) => el.className);
        const outside = [...card.querySelectorAll<HTMLElement>('button, input, a, label')].filter((el) => {
          const b = el.getBoundingClientRect();
          return b.width > 0 && (b.left < r.left - 1 || b.right > r.right + 1);
        }).length;
        return { left: r.left, right: r.right, top: r.top, overflowing, outside };
      });
      expect(fit.left).toBeGreaterThanOrEqual(0);
      expect(fit.right).toBeLessThanOrEqual(WIDTH);
      expect(fit.top).toBeGreaterThanOrEqual(0);
      expect(fit.overflowing, `${route} scrolls sideways`).toEqual([]);
      expect(fit.outside, `${route} controls outside the card`).toBe(0);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
