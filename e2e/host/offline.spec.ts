import { expect, test } from '../support/site.fixture';

test.use({ serviceWorkers: 'allow' });

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
