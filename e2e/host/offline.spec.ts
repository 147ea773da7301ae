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

test('offline: banner, dismissible and remembered; the shell still loads from the service worker', async ({ page, context, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await expect(page.getByTestId('about-page')).toBeVisible();
  // Wait until the service worker controls the page (first visit installs it).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(/Check your internet connection/);
  await page.reload();
  await expect(page.getByTestId('about-page')).toBeVisible();
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('about-page')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(banner).toHaveCount(0);
  await context.setOffline(false);
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
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
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

test('offline, the pages the person used open again: Settings, the home with Bookmarks, the player', async ({ page, context, site }) => {
  await seedLists(page, { bookmarked: [{ tmdbId: '653', title: 'Nosferatu', year: 1922 }] });
  // Settings is the first page: it loads before the service worker controls the page.
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await untilControlled(page);
  // What Settings loaded before is kept once the worker controls the page.
  await expect
    .poll(() => page.evaluate((origin) => caches.match(`${origin}/remoteEntry.js`).then(Boolean), site.remoteUrls.settings))
    .toBe(true);
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await expect(player(page)).toBeVisible({ timeout: 20_000 });
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('bookmarks')).toContainText('Nosferatu');

  await context.setOffline(true);
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
  await context.setOffline(false);
});

test("offline, a page never opened says You're offline in the person's language, with the way back; it opens once online", async ({
  page,
  context,
  site,
}) => {
  await seedSettings(page, { language: 'ar' });
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
  await context.setOffline(true);
  // The account remote was never loaded: nothing of it is kept.
  await page.goto(`${site.hostUrl}/login`);
  const slot = page.getByTestId('remote-error-account');
  await expect(slot).toHaveAttribute('data-kind', 'offline');
  await expect(slot.getByRole('heading')).toHaveText('أنت غير متصل بالإنترنت');
  expect(await slot.innerText()).not.toMatch(/RUNTIME|mf-manifest|Failed to fetch|http/);
  await expect(slot.getByRole('link', { name: 'رجوع' })).toBeVisible();
  await expect(slot.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('login-submit')).toBeVisible({ timeout: 15_000 });
  await expect(slot).toHaveCount(0);
});

test("offline, a search says You're offline, and finds once the connection is back", async ({ page, context, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
  await context.setOffline(true);
  await page.goto(`${site.hostUrl}/browse/nosferatu`);
  await expect(page.getByRole('alert')).toHaveText(/You're offline/);
  await context.setOffline(false);
  await expect(page.getByTestId('search-results')).toContainText('Nosferatu', { timeout: 15_000 });
});

test("offline, a title's page says You're offline in the person's language, with the way back; it loads once online", async ({
  page,
  context,
  site,
}) => {
  await seedSettings(page, { language: 'ar' });
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
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

test("offline, Discover's rows say they need the connection, and load once it is back", async ({ page, context, site }) => {
  // Discover opened once the service worker controls the page, so its files are kept as they load.
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
  await page.goto(`${site.hostUrl}/discover`);
  await expect(page.getByTestId('carousel').first()).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await context.setOffline(true);
  await page.reload();
  const first = page.getByTestId('carousel').first();
  await expect(first.getByTestId('carousel-failed')).toHaveText("You're offline. This list will load once you're back online.", {
    timeout: 15_000,
  });
  await context.setOffline(false);
  await expect(first).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
});

test("offline, an embed link to an episode says You're offline, not that the page does not exist; it opens once online", async ({
  page,
  context,
  site,
}) => {
  await page.goto(`${site.hostUrl}/about`);
  await untilControlled(page);
  await context.setOffline(true);
  await page.goto(`${site.hostUrl}/embed/tmdb-tv-910001/1/2`);
  const offline = page.getByTestId('player-offline');
  await expect(offline.getByRole('heading')).toHaveText("You're offline");
  await expect(offline.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/media\/tmdb-tv-910001\/\d+\/\d+$/, { timeout: 15_000 });
});
