import { expect, test } from '../support/site.fixture';

test('search with the catalog: results, URL, empty search returns home', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/`);
  const box = page.getByRole('searchbox', { name: 'Search for movies and shows' });
  await box.fill('Nosferatu');
  await expect(page).toHaveURL(`${site.hostUrl}/browse/Nosferatu`);
  const results = page.getByTestId('search-results');
  await expect(results.getByTestId('media-card').first()).toContainText('Nosferatu');
  await expect(page).toHaveTitle('Nosferatu | movie-web');
  await box.fill('');
  await expect(page).toHaveURL(`${site.hostUrl}/`);
  await expect(page.getByTestId('search-results')).toHaveCount(0);
});

test('tmdb:{id}, tmdb:{id}:type and year:{YYYY} look-ups; URL-decoded', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/browse/${encodeURIComponent('tmdb:653:movie')}`);
  await expect(page.getByTestId('media-card')).toHaveCount(1);
  await expect(page.getByTestId('media-card')).toHaveAttribute('data-media-id', 'tmdb-movie-653');
  await page.goto(`${site.hostUrl}/browse/${encodeURIComponent('Nosferatu year:1922')}`);
  const cards = page.getByTestId('media-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toContain('1922');
  await page.goto(`${site.hostUrl}/browse/Nosferatu%20year%3A1700`);
  await expect(page.getByText("We couldn't find anything!")).toBeVisible();
});

test('results with posters come first; a failing catalog says so and retries', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/browse/the`);
  const cards = page.getByTestId('media-card');
  await expect(cards.first()).toBeVisible();
  const hasPoster = await cards.evaluateAll((els) => els.map((el) => Boolean(el.querySelector('img'))));
  const firstWithout = hasPoster.indexOf(false);
  if (firstWithout >= 0) expect(hasPoster.slice(firstWithout).every((p) => !p)).toBe(true);

  let fail = true;
  await page.route('**/3/search/multi**', (route) => (fail ? route.fulfill({ status: 503, body: '{}' }) : route.fallback()));
  await page.goto(`${site.hostUrl}/browse/Metropolis`);
  await expect(page.getByRole('alert')).toContainText('Failed to find media, try again!');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('media-card').first()).toContainText('Metropolis');
});

test('the first search adds one history entry, later keystrokes replace it: Back returns to the home as it was', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await page.goto(`${site.hostUrl}/`);
  const box = page.getByRole('searchbox');
  await box.pressSequentially('cop');
  await expect(page).toHaveURL(`${site.hostUrl}/browse/cop`);
  await box.pressSequentially('per');
  await expect(page).toHaveURL(`${site.hostUrl}/browse/copper`);
  await expect(page.getByTestId('search-results').getByTestId('media-card').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${site.hostUrl}/`);
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Discover', exact: true })).toBeVisible();
  // One entry for the whole search: the one before the home is the page before it.
  await page.goBack();
  await expect(page).toHaveURL(`${site.hostUrl}/about`);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Discover', exact: true })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(`${site.hostUrl}/browse/copper`);
  await expect(box).toHaveValue('copper');

  // Clearing the box goes Back to that home instead of stacking another.
  await box.fill('');
  await expect(page).toHaveURL(`${site.hostUrl}/`);
  await page.goBack();
  await expect(page).toHaveURL(`${site.hostUrl}/about`);
});
