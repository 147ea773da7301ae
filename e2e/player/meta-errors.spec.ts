/**
 * The watch page's metadata errors, one screen per kind with its own words: taken down, the extension
 * without permission, the scraping server's provider list failed, the movie database failed (with a
 * retry that loads the title), and not found.
 */
import { withConfig } from '../support/config';
import { fakeExtensionMessages, installFakeExtension, player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const metaError = (page: import('@playwright/test').Page) => page.getByTestId('watch-meta-error');

test('a title on the takedown list says it was removed, with no retry', async ({ page, site }) => {
  await withConfig(page, { disallowedIds: ['tmdb-movie-653'] });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(metaError(page)).toHaveAttribute('data-kind', 'takedown');
  await expect(metaError(page).getByRole('heading')).toHaveText('This title was removed due to a takedown notice.');
  await expect(metaError(page).getByTestId('way-out-retry')).toHaveCount(0);
});

test('the extension without permission on this site asks for it', async ({ page, site }) => {
  await installFakeExtension(page, { hasPermission: false });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(metaError(page)).toHaveAttribute('data-kind', 'extension-permission');
  await expect(metaError(page).getByRole('heading')).toHaveText('The extension needs permission for this site.');
  await metaError(page).getByRole('button', { name: 'Allow the extension' }).click();
  await expect
    .poll(async () => (await fakeExtensionMessages(page)).find((m) => m.name === 'openPage')?.body)
    .toEqual({ page: 'PermissionGrant', redirectUrl: `${site.hostUrl}${NOSFERATU}` });
});

test('a scraping server that does not list its providers: its own message, and a retry that plays', async ({ page, site }) => {
  const scraper = site.services!.urls.scraper!;
  await withConfig(page, { proxyUrls: [`api:${scraper}`] });
  const down = (url: URL) => url.origin === new URL(scraper).origin && (url.pathname === '/metadata' || url.pathname === '/');
  await page.route(down, (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(metaError(page)).toHaveAttribute('data-kind', 'api-failed');
  await expect(metaError(page).getByRole('heading')).toHaveText('The scraping server did not answer.');
  await page.unroute(down);
  await metaError(page).getByTestId('way-out-retry').click();
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
});

test('the movie database failing: "failed to load", and its retry loads the title', async ({ page, site }) => {
  const catalog = (url: URL) => url.origin === new URL(site.services!.urls.catalog!).origin && url.pathname === '/3/movie/653';
  await page.route(catalog, (route) => route.fulfill({ status: 500, json: { status_code: 11, status_message: 'Internal error' } }));
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(metaError(page)).toHaveAttribute('data-kind', 'failed', { timeout: 20_000 });
  await expect(metaError(page).getByRole('heading')).toHaveText('Failed to load from the movie database.');
  await page.unroute(catalog);
  await metaError(page).getByTestId('way-out-retry').click();
  await expect(metaError(page)).toHaveCount(0);
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect(page).toHaveTitle(/Nosferatu/);
});

test('an id the movie database does not know is not found, with no retry', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-999999999`);
  await expect(metaError(page)).toHaveAttribute('data-kind', 'not-found');
  await expect(metaError(page).getByRole('heading')).toHaveText('This title could not be found.');
  await expect(metaError(page).getByTestId('way-out-retry')).toHaveCount(0);
});
