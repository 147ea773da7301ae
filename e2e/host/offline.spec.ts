/**
 * The site keeps working offline through its service worker: the pages the person used open again, the
 * rest say You're offline (in the person's language, with the way back) and open once the connection is
 * back; a new version of the site is offered with a reload prompt.
 */
import type { Page } from '@playwright/test';
import { player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedLists, seedSettings } from '../support/seed';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (a first visit installs it). */
const untilControlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });

test("offline: a search and a page never opened say You're offline and recover; the pages used open again; the banner, once", async ({
  page,
  context,
  site,
}) => {
  test.setTimeout(120_000);
  await seedLists(page, { bookmarked: [{ tmdbId: '653', title: 'Nosferatu', year: 1922 }] });
  const banner = page.getByTestId('offline-banner');

  await test.step('online: Settings, the first page (it loads before the worker controls the page)', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await untilControlled(page);
    // What Settings loaded before is kept once the worker controls the page.
    await expect
      .poll(() => page.evaluate((origin) => caches.match(`${origin}/remoteEntry.js`).then(Boolean), site.remoteUrls.settings))
      .toBe(true);
  });

  await test.step("a search, Discover never opened: You're offline, and it finds once the connection is back", async () => {
    await context.setOffline(true);
    await page.goto(`${site.hostUrl}/browse/nosferatu`);
    await expect(page.getByRole('alert')).toHaveText(/You're offline/);
    await context.setOffline(false);
    await expect(page.getByTestId('search-results')).toContainText('Nosferatu', { timeout: 15_000 });
  });

  await test.step('online: a watch page and the home', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await expect(player(page)).toBeVisible({ timeout: 20_000 });
    await page.goto(`${site.hostUrl}/`);
    await expect(page.getByTestId('bookmarks')).toContainText('Nosferatu');
  });

  await test.step('offline: the banner; Settings, the home with Bookmarks and the player open from the worker', async () => {
    await context.setOffline(true);
    await expect(banner).toHaveText(/Check your internet connection/);
    for (const [path, shown] of [
      ['/settings', page.getByTestId('settings-page')],
      ['/', page.getByTestId('bookmarks').getByRole('heading', { name: 'Nosferatu' })],
      // The player's own screen: the title's details need the network.
      ['/media/tmdb-movie-653-nosferatu', page.locator('[data-remote="player"]').getByRole('alert')],
    ] as const) {
      await page.goto(`${site.hostUrl}${path}`);
      await expect(shown, path).toBeVisible();
      await expect(page.locator('[data-testid^="remote-error-"]'), path).toHaveCount(0);
    }
    // Discover's remote came with the home, but not the code of its Discover page: offline, not broken.
    await page.goto(`${site.hostUrl}/discover`);
    await expect(page.getByTestId('remote-error-discover')).toHaveAttribute('data-kind', 'offline');
    await page.goto(`${site.hostUrl}/about`);
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
  });

  await test.step("a page never opened says You're offline with the way back, and opens once online", async () => {
    // The account remote was never loaded: nothing of it is kept.
    await page.goto(`${site.hostUrl}/login`);
    const slot = page.getByTestId('remote-error-account');
    await expect(slot).toHaveAttribute('data-kind', 'offline');
    await expect(slot.getByRole('heading')).toHaveText("You're offline");
    expect(await slot.innerText()).not.toMatch(/RUNTIME|mf-manifest|Failed to fetch|http/);
    await expect(slot.getByRole('link', { name: 'Back' })).toBeVisible();
    await expect(slot.getByRole('link', { name: 'Home' })).toBeVisible();
    // The dismissal holds across loads: the site knows it is offline, and the banner stays away.
    await expect(banner).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByTestId('login-submit')).toBeVisible({ timeout: 15_000 });
    await expect(slot).toHaveCount(0);
  });
});

test("offline in Arabic: a title's page, Discover's rows and an embed link say You're offline, and load once online", async ({
  page,
  context,
  site,
}) => {
  test.setTimeout(120_000);
  await seedSettings(page, { language: 'ar' });
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
  // Opened once the worker controls the page, so their files are kept as they load.
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await expect(player(page)).toBeVisible({ timeout: 20_000 });
  await page.goto(`${site.hostUrl}/discover`);
  await expect(page.getByTestId('carousel').first()).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });

  await test.step("a title's page", async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await expect(player(page)).toBeVisible({ timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    const error = page.getByTestId('watch-meta-error');
    await expect(error.getByRole('heading')).toHaveText('أنت غير متصل بالإنترنت');
    await expect(error).toContainText('سيُفتح هذا العنوان عند عودة اتصالك بالإنترنت.');
    await expect(error.getByTestId('way-out-back')).toBeVisible();
    await context.setOffline(false);
    await expect(error).toHaveCount(0, { timeout: 15_000 });
    await expect(page).toHaveTitle(/Nosferatu/);
  });

  await test.step("Discover's rows", async () => {
    await context.setOffline(true);
    await page.goto(`${site.hostUrl}/discover`);
    const first = page.getByTestId('carousel').first();
    await expect(first.getByTestId('carousel-failed')).toHaveText('أنت غير متصل بالإنترنت. ستُحمَّل هذه القائمة عند عودة اتصالك.', {
      timeout: 15_000,
    });
    await context.setOffline(false);
    await expect(first).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  });

  await test.step('an embed link to an episode: offline, not a page that does not exist', async () => {
    await context.setOffline(true);
    await page.goto(`${site.hostUrl}/embed/tmdb-tv-910001/1/2`);
    const offline = page.getByTestId('player-offline');
    await expect(offline.getByRole('heading')).toHaveText('أنت غير متصل بالإنترنت');
    await expect(offline.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
    await expect(page.getByTestId('not-found-page')).toHaveCount(0);
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/media\/tmdb-tv-910001\/\d+\/\d+$/, { timeout: 15_000 });
  });
});

test('a new version of the site is offered with a reload prompt', async ({ page, context, site }) => {
  let version = 1;
  await context.route('**/sw.js', async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}\n// deploy ${version}\n`;
    await route.fulfill({
      response,
      body,
      headers: { ...response.headers(), 'content-type': 'text/javascript', 'content-length': String(Buffer.byteLength(body)) },
    });
  });
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
  // A deploy changes the worker; the hourly check finds it (run now instead of waiting an hour).
  version = 2;
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const banner = page.getByTestId('update-banner');
  await expect(banner).toContainText('A new version of the site is ready.');
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByTestId('about-page')).toBeVisible();
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
});
