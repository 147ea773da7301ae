/** Genre, provider and editor-pick failures are logged and leave that list empty (docs/behaviour.md#failures-logged-only). */
import { expect, test } from '../support/site.fixture';
import { loadedCards, openDiscover, providerPills, row, tab } from '../support/discover.page';

test('failing genre, provider and editor-pick fetches leave those lists empty', async ({ page, site }) => {
  const logged: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  await page.route('**/3/genre/movie/list**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.route('**/3/discover/movie?**with_watch_providers**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.route('**/3/movie/653?**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await openDiscover(page, site.hostUrl);
  await loadedCards(row(page, 'Now Playing'));
  await expect(page.getByTestId('carousel')).toHaveCount(3); // no genre rows
  await expect.poll(() => logged.some((l) => l.includes('genres failed'))).toBe(true);

  await providerPills(page).filter({ hasText: 'Hulu' }).click();
  await expect(row(page, 'On Hulu')).toHaveAttribute('data-status', 'failed');
  await expect(row(page, 'On Hulu').getByTestId('media-card')).toHaveCount(0);

  await tab(page, 'Editor Picks').click();
  const movies = await loadedCards(row(page, 'Editor Picks: Movies'));
  await expect(movies).toHaveCount(30); // Nosferatu failed and is left out
  await expect(page.locator('[data-media-id^="tmdb-movie-653"]')).toHaveCount(0);
  await tab(page, 'Movies').click();
  await loadedCards(row(page, 'Top Rated'));
});
