/**
 * The watch page at phone, tablet and desktop widths, for a movie and a show. Every player
 * control lies inside the viewport, is at least 44 px tall and wide on touch devices, the watch route
 * does not scroll sideways, and the settings menu (Subtitles and their settings) fits.
 */
import type { Browser, Page } from '@playwright/test';
import { startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const MOVIE = '/media/tmdb-movie-653-nosferatu';
const SHOW = '/media/tmdb-tv-910001';
const SHOTS = process.env.MW_SHOTS_DIR;

const WIDTHS = [360, 390, 768, 1280] as const;

async function open(browser: Browser, width: number, url: string, language?: string): Promise<Page> {
  const touch = width < 1024;
  const context = await browser.newContext({
    viewport: { width, height: touch ? 780 : 800 },
    hasTouch: touch,
    isMobile: touch,
    ...(language ? { locale: language } : {}),
  });
  const page = await context.newPage();
  await page.goto(url);
  await startPlayback(page, 0.2);
  // Paused, the controls stay shown.
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByTestId('controls')).toHaveCSS('opacity', '1');
  return page;
}

/** Every button, link and input of the controls and the top bar, with its box. */
async function controlBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="player"] :is(button, a, input):not([tabindex="-1"])')]
      .filter((el) => el.closest('[data-testid="controls"]') || el.closest('[data-testid="top-bar"]'))
      .filter((el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
          width: r.width,
          height: r.height,
        };
      }),
  );
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of WIDTHS) {
  for (const [kind, url] of [
    ['movie', MOVIE],
    ['show', SHOW],
  ] as const) {
    test(`${kind} at ${width} px: every control inside the viewport${width < 1024 ? ', 44 px touch targets' : ''}, no sideways scroll`, async ({
      browser,
      site,
    }) => {
      const page = await open(browser, width, `${site.hostUrl}${url}`);
      const boxes = await controlBoxes(page);
      const names = boxes.map((b) => b.name);
      expect(names).toContain('Settings');
      expect(names).toContain('Fullscreen');
      expect(names).toContain('Back');
      if (kind === 'show') expect(names).toContain('Episodes');
      for (const box of boxes) {
        expect.soft(box.left, `${box.name} left`).toBeGreaterThanOrEqual(0);
        expect.soft(box.right, `${box.name} right`).toBeLessThanOrEqual(width);
        if (width < 1024) {
          expect.soft(box.height, `${box.name} height`).toBeGreaterThanOrEqual(44);
          expect.soft(box.width, `${box.name} width`).toBeGreaterThanOrEqual(44);
        }
      }
      // Controls on one row do not overlap each other.
      const row = boxes.filter((b) => b.name !== 'Seek' && b.name !== 'Back');
      for (let i = 0; i < row.length; i++)
        for (let j = i + 1; j < row.length; j++) {
          const a = row[i]!;
          const b = row[j]!;
          const overlap =
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
          expect.soft(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
        }
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/watch-${kind}-${width}.png` });

      // Settings › Subtitles and Subtitle settings fit in the viewport without sideways overflow.
      await page.getByTestId('settings-button').click();
      const menu = page.locator('[data-router="settings"]');
      await expect(menu).toBeVisible();
      await page.getByTestId('menu-captions').click();
      await expect(menu).toHaveAttribute('data-route', '/captions');
      for (const route of ['/captions', '/captions/settings']) {
        if (route === '/captions/settings') await page.getByTestId('caption-settings').click();
        await expect(menu).toHaveAttribute('data-route', route);
        const fit = await menu.evaluate((card) => {
          const r = card.getBoundingClientRect();
          const overflowing = [...card.querySelectorAll<HTMLElement>('*')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
            .map((el) => el.className);
          const outside = [...card.querySelectorAll<HTMLElement>('button, input, a, label')].filter((el) => {
            const b = el.getBoundingClientRect();
            return b.width > 0 && (b.left < r.left - 1 || b.right > r.right + 1);
          }).length;
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, overflowing, outside };
        });
        expect(fit.left).toBeGreaterThanOrEqual(0);
        expect(fit.right).toBeLessThanOrEqual(width);
        expect(fit.top).toBeGreaterThanOrEqual(0);
        expect(fit.overflowing, `${route} scrolls sideways`).toEqual([]);
        expect(fit.outside, `${route} controls outside the card`).toBe(0);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/watch-${kind}-${width}-menu${route.replaceAll('/', '-')}.png` });
      }
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
}
