/**
 * Switching source with the source menu (`/source`, `/source/embeds`, docs/behaviour.md#scraping-source-menu)
 * against the local media library, run by the page's worker: mid-playback the time is kept and the new
 * source marked; a failed embed shows its error icon and another embed plays; a source with one embed
 * plays it at once. The same through the remote scraping server: scraping-progress.spec.ts. The menu's
 * states (noEmbeds, noStream, failed, extension disabled, a run left behind) are component tests
 * (remote-player/src/features/player/menus/source-menu.test.tsx).
 */
import type { Page } from '@playwright/test';
import { HOSTED_MOVIES, MIRRORED_MOVIES } from 'services/media-library';
import { currentTime, menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
// Invented titles (public-domain films are also on the archive); none of them on the mirrors.
const invented = (ids: readonly number[]) => ids.find((id) => id >= 900000 && !MIRRORED_MOVIES.includes(id))!;
const FIRST_HOST_REMOVED = invented(HOSTED_MOVIES.firstHostRemoved);
const ONE_HOST = invented(HOSTED_MOVIES.oneHost);

const src = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc);

async function openSource(page: Page, sourceId: string): Promise<void> {
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/source');
  // The embeds page opens and runs the source; with a single embed it may close again at once.
  await page.getByTestId(`source-${sourceId}`).click();
}

async function expectCurrentSource(page: Page, sourceId: string): Promise<void> {
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(page.getByTestId(`source-${sourceId}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(menu(page).locator('[aria-pressed="true"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
}

test('switching source: the time is kept and the new source marked; a failed embed is marked and another plays; one embed plays at once', async ({
  page,
  site,
}) => {
  const scraped = { server: [] as string[], index: [] as string[] };
  page.on('request', (r) => {
    if (r.url().startsWith(`${site.services!.urls.scraper}/scrape`)) scraped.server.push(r.url());
    if (r.url().startsWith(`${site.services!.urls.media}/index/`)) scraped.index.push(r.url());
  });

  await test.step('mid-playback, another source plays from the same time and is marked as the one playing', async () => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 3);
    await page.keyboard.press('k');
    const before = await currentTime(page);
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    await expect(page.getByTestId('source-local-hls')).toHaveAttribute('aria-pressed', 'true');
    await expect(menu(page).locator('[aria-pressed="true"]')).toHaveCount(1);
    await page.getByTestId('source-local-mp4').click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/clips\/meadow\/mp4\/\d+\.mp4$/);
    // The new source starts at 0 until its metadata is in and the player puts it at the kept time.
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before - 0.5);
    expect(await currentTime(page)).toBeLessThan(before + 3);
    await expectCurrentSource(page, 'local-mp4');
  });

  await test.step('a failed embed shows the error icon and the menu stays; another embed plays and the menu closes', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${FIRST_HOST_REMOVED}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    await openSource(page, 'local-hosts');
    const embeds = page.getByTestId('embed-option');
    await expect(embeds).toHaveCount(2);
    await embeds.nth(0).click();
    await expect(embeds.nth(0)).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(embeds.nth(0).getByTestId('embed-failed-icon')).toBeVisible();
    await expect(menu(page)).toHaveAttribute('data-route', '/source/embeds');
    expect(await src(page)).toBe(before);
    await embeds.nth(1).click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/mp4\/\d+\.mp4$/);
    expect(await src(page)).not.toBe(before);
    await expectCurrentSource(page, 'local-hosts');
  });

  await test.step('a source with exactly one embed scrapes it at once and the menu closes', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${ONE_HOST}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    await openSource(page, 'local-hosts');
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/mp4\/\d+\.mp4$/);
    expect(await src(page)).not.toBe(before);
    await expectCurrentSource(page, 'local-hosts');
  });

  // In the browser: nothing went to the remote scraping server.
  expect(scraped.server).toEqual([]);
  expect(scraped.index.length).toBeGreaterThan(0);
});
