/**
 * The README's "try Skip Intro by watching Copper Station" with `npm start`'s configuration: the Febbox
 * token field is there, any token set in Settings > Connections turns the skips lookup on, and Copper
 * Station's first episode offers Skip Intro past its real-sized intro.
 */
import { showById } from 'services/catalog-data';
import { LONG_SHOW } from 'services/media-library';
import { introSkipSeconds } from 'services/skips';
import { START_CONFIG } from '../../scripts/site.ts';
import { withConfig } from '../support/config';
import { currentTime, startPlayback } from '../support/player.page';
import { saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

const SHOW = showById.get(LONG_SHOW.tmdbId)!;
const SEASON = SHOW.seasons.find((s) => s.number === 1)!;
const EPISODE = SEASON.episodes.find((e) => e.number === 1)!;

test.describe.configure({ timeout: 90_000 });

test('with npm start’s config, a token in Settings > Connections makes Copper Station offer Skip Intro', async ({ page, site }) => {
  const intro = introSkipSeconds(SHOW.imdbId, 1, 1)!;
  await withConfig(page, { ...START_CONFIG });
  await page.goto(`${site.hostUrl}/settings#settings-connections`);
  await expect(page.getByRole('heading', { name: 'Febbox token' })).toBeVisible();
  await page.getByLabel('Token', { exact: true }).fill('any-token');
  await saveSettings(page);

  await page.goto(`${site.hostUrl}/media/tmdb-tv-${SHOW.id}/${SEASON.id}/${EPISODE.id}`);
  await startPlayback(page, 0.2);
  await expect(page).toHaveTitle(new RegExp(`${SHOW.name}.*S1 E1`));
  const skip = page.getByTestId('skip-intro');
  await expect(skip).toBeVisible();
  await skip.click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(intro);
});
