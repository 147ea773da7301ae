/**
 * Links from elsewhere: old media links, streaming-guide and IMDb links, embed links with season and
 * episode numbers open the title, or a page that says why not (inside the site's frame, translated, with
 * a way home); the guide being unwell is said and retried.
 */
import { slugify } from 'shared-contracts';
import { MOVIES, SHOWS } from 'services/catalog-data';
import { GUIDE_IMDB_ONLY_MOVIE_ID, GUIDE_ONLY_MOVIE_ID, guideIdOf } from 'services/streaming-guide';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

const TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJsb2NhbC1jYXRhbG9nIiwic3ViIjoibW92aWUtd2ViLWxvY2FsIiwic2NvcGVzIjpbImFwaV9yZWFkIl0sInZlcnNpb24iOjF9.bG9jYWwtY2F0YWxvZy1ub3QtYS1zZWNyZXQ';

test('old, guide, IMDb and embed links open the title, or say why not with a way home', async ({ page, site, request }) => {
  test.setTimeout(120_000);
  const guide = site.services!.urls.guide!;
  const movie = MOVIES[1]!;
  const show = SHOWS[0]!;
  const season = show.seasons.find((s) => s.number === 2)!;
  const episode = season.episodes[1]!;
  const notice = page.getByTestId('legacy-unresolvable');

  await test.step('old media links redirect, keeping the query and the trailing segments', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-show-910001-some-show/11/22?theme=teal`);
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-tv-910001-some-show/11/22?theme=teal`);
    await page.goto(`${site.hostUrl}/media/JWnonsense`);
    await expect(notice).toBeVisible();
  });

  await test.step('streaming-guide links: a movie and an episode open; an unknown one says so, in the frame, within a phone screen', async () => {
    await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}?theme=teal`);
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?theme=teal`);
    await page.goto(
      `${site.hostUrl}/media/JW-show-${guideIdOf.show(0)}/${guideIdOf.season(0, 2)}/${guideIdOf.episode(0, 2, episode.number)}?language=en`,
    );
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-tv-${show.id}-${slugify(show.name)}/${season.id}/${episode.id}?language=en`);
    await page.goto(`${site.hostUrl}/media/JW-movie-1`);
    await expect(notice).toHaveAttribute('data-reason', 'not-found');
    await expect(notice).toContainText('no longer look up');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    const words = await notice.locator('p').first().boundingBox();
    expect(words!.x).toBeGreaterThanOrEqual(8);
    expect(words!.x + words!.width).toBeLessThanOrEqual(352);
    await page.setViewportSize({ width: 1280, height: 720 });
    await notice.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
  });

  await test.step("a title the guide knows but cannot place shows its name and the guide's poster", async () => {
    await page.goto(`${site.hostUrl}/media/JW-movie-${GUIDE_ONLY_MOVIE_ID}`);
    await expect(notice).toHaveAttribute('data-reason', 'not-found');
    await expect(notice.getByTestId('legacy-known-title')).toHaveText('A Film Only the Guide Knew');
    const poster = notice.getByTestId('legacy-poster');
    await expect(poster).toHaveAttribute('src', `${guide}/poster/${GUIDE_ONLY_MOVIE_ID}/s166`);
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(166);
  });

  await test.step('the guide unwell: the old-link page says so, in the language of the link, and Reload finds the title', async () => {
    await request.post(`${guide}/__control/mode?set=garbage`);
    await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}`);
    await expect(notice).toHaveAttribute('data-reason', 'unavailable');
    await expect(notice).toContainText("didn't answer");
    await request.post(`${guide}/__control/mode?set=fail`);
    await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}?language=ar`);
    await expect(notice).toContainText('لم تستجب الخدمة');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}`);
    await expect(notice).toHaveAttribute('data-reason', 'unavailable');
    await request.post(`${guide}/__control/mode?set=normal`);
    await notice.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${movie.id}-${slugify(movie.title)}`);
  });

  await test.step('IMDb ids, in a link or from the guide, are looked up in the movie database', async () => {
    await page.goto(`${site.hostUrl}/media/${movie.imdbId}?theme=teal`);
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?theme=teal`);
    await page.goto(`${site.hostUrl}/media/JW-movie-${GUIDE_IMDB_ONLY_MOVIE_ID}`);
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${MOVIES[0]!.id}-${slugify(MOVIES[0]!.title)}`);
    await page.goto(`${site.hostUrl}/media/tt0999999`);
    await expect(notice).toHaveAttribute('data-reason', 'not-found');
  });

  await test.step('embed links with season and episode numbers become media paths with ids; an unknown season is not found', async () => {
    const seasonOne = await (
      await request.get(`${site.services!.urls.catalog}/3/tv/910001/season/1`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).json();
    const second = seasonOne.episodes.find((e: { episode_number: number }) => e.episode_number === 2);
    await page.goto(`${site.hostUrl}/embed/tmdb-tv-910001/1/2?language=en`);
    await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-tv-910001/${seasonOne.id}/${second.id}?language=en`);
    await page.goto(`${site.hostUrl}/embed/tmdb-tv-910001/99/1`);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });

  await test.step("a watch path that does not parse: the not-found page inside the site's frame, in the person's language", async () => {
    await page.goto(`${site.hostUrl}/media/not-a-media-id`);
    const notFound = page.getByTestId('not-found-page');
    await expect(notFound.getByRole('heading')).toHaveText("Couldn't find that page");
    await writeNow(page, storedEntries({ settings: { language: 'ar' } }));
    await page.goto(`${site.hostUrl}/media/garbage`);
    await expect(notFound.getByRole('heading')).toHaveText('تعذّر العثور على هذه الصفحة');
    await expect(page.getByRole('banner')).toBeVisible();
    await notFound.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
  });
});
