import { slugify } from 'shared-contracts';
import { MOVIES, SHOWS } from 'services/catalog-data';
import { GUIDE_IMDB_ONLY_MOVIE_ID, GUIDE_ONLY_MOVIE_ID, guideIdOf } from 'services/streaming-guide';
import { header, openFromMenu } from '../support/host.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

test('static pages, titles and the footer', async ({ page, site }) => {
  for (const [path, testId, title] of [
    ['/about', 'about-page', 'About | movie-web'],
    ['/support', 'support-page', 'Support | movie-web'],
    ['/dmca', 'dmca-page', 'DMCA | movie-web'],
    ['/jip', 'jip-page', 'Credits | movie-web'],
  ] as const) {
    await page.goto(`${site.hostUrl}${path}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
  // /jip opens the author's code profile in a new tab.
  const button = page.getByRole('link', { name: "See the author's code" });
  await expect(button).toHaveAttribute('target', '_blank');
  await expect(button).toHaveAttribute('href', /^https:\/\/github\.com\//);
  await expect(page.getByRole('contentinfo')).toContainText('does not host any files');
  await expect(page.getByRole('contentinfo')).toContainText('Version 4.9.4');
  await page.getByRole('contentinfo').getByRole('link', { name: 'DMCA' }).click();
  await expect(page.getByTestId('dmca-page')).toBeVisible();
});

test('the not-found page for unknown paths, with chat link and reload', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/no/such/page`);
  const notFound = page.getByTestId('not-found-page');
  await expect(notFound).toContainText("Couldn't find that page");
  await expect(notFound).toContainText('This page is not available on the embed.');
  await expect(notFound.getByRole('link', { name: 'Join the community chat' })).toHaveAttribute('href', /^https?:\/\//);
  await expect(notFound.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expect(page).toHaveTitle('Not found | movie-web');
});

test('remote pages are routed to their remotes with titles', async ({ page, site }) => {
  for (const [path, testId, title] of [
    ['/discover', 'discover-page', 'Discover | movie-web'],
    ['/settings', 'settings-page', 'Settings | movie-web'],
    ['/login', 'login-page', 'Log in | movie-web'],
    ['/register', 'register-page', 'Register | movie-web'],
    ['/onboarding', 'onboarding-page', 'Setup | movie-web'],
    ['/migration', 'migration-page', 'Migrate account | movie-web'],
    ['/dev', 'dev-page', 'Developer tools | movie-web'],
    ['/admin', 'admin-page', 'Admin | movie-web'],
    ['/dev/video', 'dev-video-page', 'Test player | movie-web'],
  ] as const) {
    await page.goto(`${site.hostUrl}${path}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
});

test('legacy media links redirect, keeping the query and the trailing segments', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-show-910001-some-show/11/22?theme=teal`);
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-tv-910001-some-show/11/22?theme=teal`);
  await page.goto(`${site.hostUrl}/media/JWnonsense`);
  await expect(page.getByTestId('legacy-unresolvable')).toBeVisible();
  await page.goto(`${site.hostUrl}/media/not-a-media-id`);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('old streaming-guide links are looked up in the guide and open the title, or say why not', async ({ page, site, request }) => {
  const guide = site.services!.urls.guide!;
  const movie = MOVIES[1]!;
  const show = SHOWS[0]!;
  const season = show.seasons.find((s) => s.number === 2)!;
  const episode = season.episodes[1]!;
  // A movie: its TMDB path with a slug, the query string kept; the player opens it.
  await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}?theme=teal`);
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?theme=teal`);
  // An episode: the guide's season and episode ids become the catalog's.
  await page.goto(
    `${site.hostUrl}/media/JW-show-${guideIdOf.show(0)}/${guideIdOf.season(0, 2)}/${guideIdOf.episode(0, 2, episode.number)}?language=en`,
  );
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-tv-${show.id}-${slugify(show.name)}/${season.id}/${episode.id}?language=en`);
  // Unknown to the guide: the old-link page, with a way home.
  await page.goto(`${site.hostUrl}/media/JW-movie-1`);
  const notice = page.getByTestId('legacy-unresolvable');
  await expect(notice).toHaveAttribute('data-reason', 'not-found');
  await expect(notice).toContainText('no longer look up');
  // In the site's frame, and on a narrow phone its words keep off the screen's edges.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  const words = await notice.locator('p').first().boundingBox();
  expect(words!.x).toBeGreaterThanOrEqual(8);
  expect(words!.x + words!.width).toBeLessThanOrEqual(352);
  await page.setViewportSize({ width: 1280, height: 720 });
  // The guide unwell (errors, then an answer that is not its API): the same page says so and offers a retry.
  for (const mode of ['fail', 'garbage']) {
    await request.post(`${guide}/__control/mode?set=${mode}`);
    await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}`);
    await expect(notice).toHaveAttribute('data-reason', 'unavailable');
    await expect(notice).toContainText("didn't answer");
  }
  await request.post(`${guide}/__control/mode?set=normal`);
  await notice.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${movie.id}-${slugify(movie.title)}`);
  await page.goto(`${site.hostUrl}/media/JW-movie-1`);
  await notice.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/`);
  // Translated and right to left (the language parameter of watch routes applies here too).
  await request.post(`${guide}/__control/mode?set=fail`);
  await page.goto(`${site.hostUrl}/media/JW-movie-${guideIdOf.movie(1)}?language=ar`);
  await expect(notice).toContainText('لم تستجب الخدمة');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await request.post(`${guide}/__control/mode?set=normal`);
});

test('IMDb ids in a link, or from the guide, are looked up in the movie database', async ({ page, site }) => {
  const movie = MOVIES[1]!;
  await page.goto(`${site.hostUrl}/media/${movie.imdbId}?theme=teal`);
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?theme=teal`);
  // The guide names this title by its IMDb id only.
  await page.goto(`${site.hostUrl}/media/JW-movie-${GUIDE_IMDB_ONLY_MOVIE_ID}`);
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-movie-${MOVIES[0]!.id}-${slugify(MOVIES[0]!.title)}`);
  // An IMDb id the database does not know: the old-link page.
  await page.goto(`${site.hostUrl}/media/tt0999999`);
  await expect(page.getByTestId('legacy-unresolvable')).toHaveAttribute('data-reason', 'not-found');
});

test('an old link the guide knows but cannot place shows its name and the guide poster', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/JW-movie-${GUIDE_ONLY_MOVIE_ID}`);
  const notice = page.getByTestId('legacy-unresolvable');
  await expect(notice).toHaveAttribute('data-reason', 'not-found');
  await expect(notice.getByTestId('legacy-known-title')).toHaveText('A Film Only the Guide Knew');
  const poster = notice.getByTestId('legacy-poster');
  await expect(poster).toHaveAttribute('src', `${site.services!.urls.guide!}/poster/${GUIDE_ONLY_MOVIE_ID}/s166`);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(166);
});

test('embed links with season and episode numbers become media paths with ids', async ({ page, site, request }) => {
  // The first show of the local catalog has several seasons; find the ids of season 1 episode 2.
  const token =
    'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJsb2NhbC1jYXRhbG9nIiwic3ViIjoibW92aWUtd2ViLWxvY2FsIiwic2NvcGVzIjpbImFwaV9yZWFkIl0sInZlcnNpb24iOjF9.bG9jYWwtY2F0YWxvZy1ub3QtYS1zZWNyZXQ';
  const season = await (
    await request.get(`${site.services!.urls.catalog}/3/tv/910001/season/1`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const episode = season.episodes.find((e: { episode_number: number }) => e.episode_number === 2);
  await page.goto(`${site.hostUrl}/embed/tmdb-tv-910001/1/2?language=en`);
  await expect(page).toHaveURL(`${site.hostUrl}/media/tmdb-tv-910001/${season.id}/${episode.id}?language=en`);
  await page.goto(`${site.hostUrl}/embed/tmdb-tv-910001/99/1`);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('header: logo, Discover link and user menu; mobile layout below 1024 px', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  const chat = header(page).getByRole('link', { name: 'Community chat' });
  await expect(chat).toHaveAttribute('href', 'https://discord.movie-web.app');
  await expect(chat).toHaveAttribute('target', '_blank');
  await header(page).getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('discover-page')).toBeVisible();
  await openFromMenu(page, 'About us');
  await expect(page.getByTestId('about-page')).toBeVisible();
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  for (const item of ['Settings', 'Discover', 'About us', 'Support', 'Sync to cloud']) {
    await expect(page.getByRole('link', { name: item, exact: true }).last()).toBeVisible();
  }
  // The tip link is one of the menu's items (docs/behaviour.md#routes-site-frame) by default (a deploy sets its own page).
  const tip = page.getByRole('link', { name: 'Tip the developers', exact: true });
  await expect(tip).toHaveAttribute('href', /^https:\/\//);
  await expect(tip).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(header(page).getByRole('link', { name: 'Discover' })).toBeHidden();
  await expect(chat).toBeHidden();
  await openFromMenu(page, 'Discover');
  await expect(page.getByTestId('discover-page')).toBeVisible();
});

for (const language of ['en', 'ar'] as const) {
  const words =
    language === 'en'
      ? { home: 'Go home', notFound: "Couldn't find that page" }
      : { home: 'العودة إلى الرئيسية', notFound: 'تعذّر العثور على هذه الصفحة' };
  test(`${language}: a watch path that does not parse shows the not-found page inside the site's frame`, async ({ page, site }) => {
    await seedSettings(page, { language });
    await page.goto(`${site.hostUrl}/media/garbage`);
    const notFound = page.getByTestId('not-found-page');
    await expect(notFound).toBeVisible();
    await expect(notFound.getByRole('heading')).toHaveText(words.notFound);
    await expect(page.getByRole('banner')).toBeVisible();
    await notFound.getByRole('link', { name: words.home }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
  });
}
