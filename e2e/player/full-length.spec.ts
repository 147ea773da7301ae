/**
 * Every title of the local library plays for its catalog runtime (docs/services.md "Long titles"), not
 * only the three long titles: an editor pick and an episode of an editor-pick show, once 12-16 s clips,
 * last their runtime and play on from near their end.
 */
import { movieById, showById, EDITOR_PICK_MOVIE_IDS, EDITOR_PICK_SHOW_IDS } from 'services/catalog-data';
import { LONG_MOVIES, MOVIES_WITHOUT_STREAM, episodeEntry } from 'services/media-library';
import { currentTime, player, setTime, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

// A real film of the editor picks (not public domain, not one of the long titles) that the library has.
const MOVIE = EDITOR_PICK_MOVIE_IDS.map((id) => movieById.get(id)!).find(
  (m) => !m.publicDomain && !(m.id in LONG_MOVIES) && !MOVIES_WITHOUT_STREAM.includes(m.id),
)!;
// The first episode with a stream of an editor-pick show.
const EPISODE = EDITOR_PICK_SHOW_IDS.flatMap((id) => {
  const show = showById.get(id)!;
  const season = show.seasons[0]!;
  const episode = season.episodes[0]!;
  return episodeEntry(show.id, season.number, episode.number, '')?.available ? [{ show, season, episode }] : [];
})[0]!;

test.describe.configure({ timeout: 90_000 });

test("an editor-pick film and an episode of an editor-pick show last their runtime and play on past the clip's length", async ({
  page,
  site,
}) => {
  await test.step('the film plays on from a minute before its end', async () => {
    const length = MOVIE.runtime * 60;
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOVIE.id}`);
    await startPlayback(page, 0.5);
    await expect(page).toHaveTitle(new RegExp(MOVIE.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(length, 0);
    await setTime(page, length - 60);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(length - 58);
    await expect(player(page)).toHaveAttribute('data-status', 'playing');
  });

  await test.step('the episode plays on from its middle', async () => {
    const { show, season, episode } = EPISODE;
    const length = episode.runtime! * 60;
    await page.goto(`${site.hostUrl}/media/tmdb-tv-${show.id}/${season.id}/${episode.id}`);
    await startPlayback(page, 0.5);
    await expect(page).toHaveTitle(/S1 E1/);
    await expect.poll(() => videoProp(page, 'duration')).toBeCloseTo(length, 0);
    await setTime(page, length / 2);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(length / 2 + 2);
  });
});
