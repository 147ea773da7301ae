/**
 * Skip Intro against the skips service (docs/behaviour.md#player-skip-intro): the lookup is retried up to 3 times on HTTP 500
 * (failures injected through the service's /__control endpoint); the button shows at all times in the
 * first 10 s ('always') and after that only with the controls visible ('hover').
 */
import type { Page } from '@playwright/test';
import { SHOWS } from 'services/catalog-data';
import { introSkipSeconds } from 'services/skips';
import { withConfig } from '../support/config';
import { currentTime, setTime, showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

// An aired episode of the first shows (16 s clips) with the latest intro end, so that there is time to
// see the button between 10 s and that end.
const today = new Date().toISOString().slice(0, 10);
const EPISODE = SHOWS.slice(0, 4)
  .flatMap((show) =>
    show.seasons
      .filter((s) => s.number > 0)
      .flatMap((season) =>
        season.episodes
          .filter((e) => e.number % 5 !== 0 && e.airDate && e.airDate <= today)
          .map((episode) => ({
            path: `/media/tmdb-tv-${show.id}/${season.id}/${episode.id}`,
            skip: introSkipSeconds(show.imdbId, season.number, episode.number) ?? 0,
          })),
      ),
  )
  .sort((a, b) => b.skip - a.skip)[0]!;

const control = (page: Page, skipsUrl: string, path: string) => page.request.post(`${skipsUrl}/__control/${path}`);

test.beforeEach(async ({ page, site }) => {
  // The config allows the febbox key, and the user has set a token.
  await withConfig(page, { allowFebboxKey: true });
  await seedSettings(page, { preferences: { febboxKey: 'my-febbox-token' } });
  expect((await control(page, site.services!.urls.skips!, 'reset')).ok()).toBe(true);
});
test.afterEach(async ({ page, site }) => {
  await control(page, site.services!.urls.skips!, 'reset');
});

const skipsStatuses = (page: Page, skipsUrl: string) => {
  const statuses: number[] = [];
  page.on('response', (r) => r.url().startsWith(skipsUrl) && !r.url().includes('__control') && statuses.push(r.status()));
  return statuses;
};

test("two 500s, then the skip time: Skip Intro shows always in the first 10 s, after that only with the controls ('hover')", async ({
  page,
  site,
}) => {
  expect(EPISODE.skip).toBeGreaterThanOrEqual(11);
  const skips = site.services!.urls.skips!;
  expect((await control(page, skips, 'fail?times=2')).ok()).toBe(true);
  const statuses = skipsStatuses(page, skips);
  await page.goto(`${site.hostUrl}${EPISODE.path}`);
  await startPlayback(page, 0.2);
  const skip = page.getByTestId('skip-intro');
  const controls = page.getByTestId('controls');
  await expect(skip).toBeVisible();
  expect(statuses).toEqual([500, 500, 200]); // retried on HTTP 500

  // Slower, so that 10 s .. the intro's end lasts several seconds here.
  await page.keyboard.press('<');
  await page.keyboard.press('<');
  await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.25);
  await expect(controls).toHaveCSS('opacity', '0', { timeout: 6000 });
  await expect(skip).toBeVisible(); // first 10 s: without the controls

  await setTime(page, 10.2);
  await expect(skip).toHaveCount(0); // controls hidden after 10 s: not shown
  await expect(controls).toHaveCSS('opacity', '0');
  await showControls(page);
  await expect(controls).toHaveCSS('opacity', '1');
  await expect(skip).toBeVisible();
  expect(await currentTime(page)).toBeLessThan(EPISODE.skip);
  await skip.click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(EPISODE.skip);
  expect(await currentTime(page)).toBeLessThan(EPISODE.skip + 1);
  await expect(skip).toHaveCount(0);
});

test('after 3 retries that all fail, there is no Skip Intro', async ({ page, site }) => {
  const skips = site.services!.urls.skips!;
  expect((await control(page, skips, 'fail?times=5')).ok()).toBe(true);
  const statuses = skipsStatuses(page, skips);
  await page.goto(`${site.hostUrl}${EPISODE.path}`);
  await startPlayback(page, 0.2);
  await expect.poll(() => statuses.length).toBe(4); // the first try and 3 retries
  await page.waitForTimeout(300);
  expect(statuses).toEqual([500, 500, 500, 500]);
  await expect(page.getByTestId('skip-intro')).toHaveCount(0);
});
