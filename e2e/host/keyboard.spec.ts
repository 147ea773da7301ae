/**
 * A keyboard-only journey — search → a result (it plays) → pause → the player's back control — with
 * a visible focus indicator on every control it lands on, at 1280 and 390 px.
 */
import type { Locator, Page } from '@playwright/test';
import { currentTime, paused, player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

/** Presses Tab until `target` has focus (at most `max` presses); fails otherwise. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element shows a focus ring (outline or box-shadow) that is actually drawn. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const rect = el.getBoundingClientRect();
    return {
      drawn: outline || shadow,
      inView: rect.width > 0 && rect.height > 0,
      visible: style.visibility !== 'hidden' && Number(style.opacity) > 0,
    };
  });
  expect(ring).toEqual({ drawn: true, inView: true, visible: true });
}

for (const width of [1280, 390]) {
  test(`at ${width} px: search → result → play → back, by keyboard only, focus always visible`, async ({ page, site }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.hostUrl}/`);

    const search = page.getByRole('searchbox');
    await tabTo(page, search);
    await expectVisibleFocus(search);
    await page.keyboard.type('Nosferatu');
    await expect(page).toHaveURL(`${site.hostUrl}/browse/Nosferatu`);

    const result = page
      .getByTestId('search-results')
      .getByRole('link', { name: /Nosferatu/ })
      .first();
    await expect(result).toBeVisible();
    await tabTo(page, result);
    await expectVisibleFocus(result);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/media\/tmdb-movie-653-[^?]*\?back=/);

    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    // The Enter on the result was the press: playback starts by itself, and the play control pauses it.
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
    const play = page.getByTestId('play-toggle');
    await tabTo(page, play);
    await expectVisibleFocus(play);
    await page.keyboard.press('Enter');
    await expect.poll(() => paused(page)).toBe(true);

    const back = page.getByRole('link', { name: 'Back' });
    await tabTo(page, back);
    await expectVisibleFocus(back);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site.hostUrl}/browse/Nosferatu`);
    await expect(search).toHaveValue('Nosferatu');
  });
}
