import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

const bodyBackground = (page: import('@playwright/test').Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('theme switch is instant, persisted, and honours ?theme= on watch routes', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await pickTheme(page, 'Red');
  await saveSettings(page);
  expect(await bodyBackground(page)).toBe('rgb(23, 11, 13)');
  await page.reload();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  expect(await bodyBackground(page)).toBe('rgb(23, 11, 13)');
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu?theme=blue`);
  await expect.poll(() => bodyBackground(page)).toBe('rgb(11, 18, 32)');
});

test('language switch translates the UI; Arabic lays out right to left', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await saveSettings(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto(`${site.hostUrl}/no-such-page`);
  await expect(page.getByTestId('not-found-page')).not.toContainText("Couldn't find that page");
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653?language=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${site.hostUrl}/about`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const main = page.locator('main');
  expect(await main.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});

test('the language is detected on the first visit', async ({ browser, site }) => {
  const context = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${site.hostUrl}/about`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});

test("the page reads in the visitor's language from its first frame, before the app has run", async ({ browser, site }) => {
  const context = await browser.newContext({ locale: 'ar-EG', serviceWorkers: 'block' });
  const page = await context.newPage();
  // The app's scripts held back: what shows is the page's own first frame.
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto(`${site.hostUrl}/discover`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('#boot')).toHaveText('جارٍ التحميل…');
  await context.close();
});
