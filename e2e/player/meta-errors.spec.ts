/**
 * The watch page's metadata errors, one screen per kind with its own words: taken down, the movie database
 * failing (its retry loads the title), the scraping server's provider list failing (its retry plays), and
 * the extension without permission on this site. Not found: dead-ends.spec.ts. Which kind each failure is:
 * remote-player/src/features/watch/meta-checks.test.ts.
 */
import type { Page } from '@playwright/test';
import { withConfig } from '../support/config';
import { fakeExtensionMessages, installFakeExtension, player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const metaError = (page: Page) => page.getByTestId('watch-meta-error');
/** Drops what an earlier stage laid over config.json. */
const plainConfig = (page: Page) => page.unroute('**/config.json');

test('a title that cannot be shown says why: taken down, the movie database or the scraping server failing (a retry plays), the extension without permission', async ({
  page,
  site,
}) => {
  await test.step('a title on the takedown list says it was removed, with no retry', async () => {
    await withConfig(page, { disallowedIds: ['tmdb-movie-653'] });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(metaError(page)).toHaveAttribute('data-kind', 'takedown');
    await expect(metaError(page).getByRole('heading')).toHaveText('This title was removed due to a takedown notice.');
    await expect(metaError(page).getByTestId('way-out-retry')).toHaveCount(0);
    await plainConfig(page);
  });

  await test.step('the movie database failing: "failed to load", and its retry loads the title', async () => {
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

  await test.step('a scraping server that does not list its providers: its own message, and a retry that plays', async () => {
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
    await plainConfig(page);
  });

  await test.step('the extension without permission on this site asks for it', async () => {
    await installFakeExtension(page, { hasPermission: false });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(metaError(page)).toHaveAttribute('data-kind', 'extension-permission');
    await expect(metaError(page).getByRole('heading')).toHaveText('The extension needs permission for this site.');
    await metaError(page).getByRole('button', { name: 'Allow the extension' }).click();
    await expect
      .poll(async () => (await fakeExtensionMessages(page)).find((m) => m.name === 'openPage')?.body)
      .toEqual({ page: 'PermissionGrant', redirectUrl: `${site.hostUrl}${NOSFERATU}` });
  });
});
