/**
 * Automated accessibility audit (axe) of the player's screens over the real page
 * (docs/behaviour.md#product-accessibility), and the /dev/video test player that shows two of them: its
 * HLS and MP4 presets play, and a broken file ends on the playback error screen, whole on a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { BROKEN, MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { currentTime, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const violations = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('the playing screen with its settings menu, the not-found screen and the playback error screen have no axe violations', async ({
  page,
  site,
}) => {
  await test.step('the playing screen and its settings menu', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await startPlayback(page, 0.2);
    await page.keyboard.press('k');
    await openSettings(page);
    expect(await violations(page, '[data-testid="player"]')).toEqual([]);
  });

  await test.step('the not-found screen', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOVIES_WITHOUT_STREAM.find((id) => id >= 900000)}`);
    await expect(page.getByTestId('scrape-not-found')).toBeVisible({ timeout: 20_000 });
    expect(await violations(page, '[data-testid="player"]')).toEqual([]);
  });

  await test.step('/dev/video plays its HLS and MP4 presets; an MP4 has no audio tracks to choose', async () => {
    await page.goto(`${site.hostUrl}/dev/video`);
    await page.getByRole('button', { name: 'Test HLS' }).click();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Test MP4' }).click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('.mp4');
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    await openSettings(page);
    await expect(page.getByTestId('menu-quality')).toBeVisible();
    await expect(page.getByTestId('menu-audio')).toHaveCount(0);
  });

  await test.step('a broken file on /dev/video, on a phone: the playback error screen, whole', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${site.hostUrl}/dev/video`);
    await page.getByLabel('Stream URL').fill(`${site.services!.urls.media}${BROKEN.badMp4}`);
    await page.getByLabel('Type').selectOption('mp4');
    await page.getByRole('button', { name: 'Start stream' }).click();
    await expect(page.getByTestId('playback-error')).toBeVisible({ timeout: 20_000 });
    expect(await violations(page)).toEqual([]);
    // Its heading and its last button inside the player's box, nothing cut off.
    const frame = (await page.getByTestId('player').boundingBox())!;
    for (const part of [page.getByTestId('playback-error').getByRole('heading'), page.getByRole('button', { name: 'Reload page' })]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(frame.y);
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
  });
});
