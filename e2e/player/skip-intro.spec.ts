/**
 * Skip Intro when the skips service fails (docs/behaviour.md#player-skip-intro), failures injected through
 * the service's /__control endpoint: the lookup is retried up to 3 times on HTTP 500, then given up
 * without a button; and without a febbox token no lookup is made at all. When the button shows (first
 * 10 s, then with the controls) is a component test (features/player/controls.test.tsx); the retries'
 * count is the lookup's unit test (features/watch/skips.test.ts).
 */
import type { Page } from '@playwright/test';
import { SHOWS } from 'services/catalog-data';
import { introSkipSeconds } from 'services/skips';
import { withConfig } from '../support/config';
import { currentTime, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

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

const skipsStatuses = (page: Page, skipsUrl: string) => {
  const statuses: number[] = [];
  page.on('response', (r) => r.url().startsWith(skipsUrl) && !r.url().includes('__control') && statuses.push(r.status()));
  return statuses;
};

test.afterEach(async ({ page, site }) => {
  await control(page, site.services!.urls.skips!, 'reset');
});

test('the skips service: no lookup without a token; four 500s, no Skip Intro; two 500s, retried until it answers', async ({
  page,
  site,
}) => {
  const skips = site.services!.urls.skips!;
  expect((await control(page, skips, 'reset')).ok()).toBe(true);
  await withConfig(page, { allowFebboxKey: true });
  const statuses = skipsStatuses(page, skips);

  await test.step('without a febbox token, no skip lookup is made', async () => {
    await page.goto(`${site.hostUrl}${EPISODE.path}`);
    await startPlayback(page, 1); // the lookup goes out as the stream starts
    expect(statuses).toEqual([]);
    await expect(page.getByTestId('skip-intro')).toHaveCount(0);
  });

  await test.step('with a token, a service that fails four times: the first try and 3 retries, then no Skip Intro', async () => {
    await writeNow(page, storedEntries({ settings: { preferences: { febboxKey: 'my-febbox-token' } } }));
    expect((await control(page, skips, 'fail?times=5')).ok()).toBe(true);
    await page.reload();
    await startPlayback(page, 0.2);
    await expect.poll(() => statuses.length).toBe(4);
    expect(statuses).toEqual([500, 500, 500, 500]);
    await expect(page.getByTestId('skip-intro')).toHaveCount(0);
  });

  await test.step('two 500s, then the skip time: Skip Intro shows and jumps past the intro', async () => {
    expect((await control(page, skips, 'reset')).ok()).toBe(true);
    expect((await control(page, skips, 'fail?times=2')).ok()).toBe(true);
    statuses.length = 0;
    await page.reload();
    await startPlayback(page, 0.2);
    const skip = page.getByTestId('skip-intro');
    await expect(skip).toBeVisible();
    expect(statuses).toEqual([500, 500, 200]);
    await skip.click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(EPISODE.skip);
    await expect(skip).toHaveCount(0);
  });
});
