import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

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
  await expect(page.getByTestId('player')).toBeVisible();
  // The watch link's language was for that page: the saved German is back.
  await page.goto(`${site.hostUrl}/about`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto(`${site.hostUrl}/settings`);
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ar');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Speichern' }).click();
  await page.goto(`${site.hostUrl}/about`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const main = page.locator('main');
  expect(await main.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});

for (const [saved, asked] of [
  ['en', 'ar'],
  ['ar', 'en'],
] as const) {
  test(`a watch link's ?language=${asked}&theme=red shows on that page only; the saved ${saved} and theme stay`, async ({ page, site }) => {
    await seedSettings(page, { language: saved });
    await page.goto(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', saved);
    const savedBackground = await bodyBackground(page);
    const storedBefore = await page.evaluate(() => [localStorage.getItem('__MW::locale'), localStorage.getItem('__MW::theme')]);

    await page.goto(`${site.hostUrl}/media/tmdb-movie-775?language=${asked}&theme=red`);
    await expect(page.locator('html')).toHaveAttribute('lang', asked);
    await expect(page.locator('html')).toHaveAttribute('dir', asked === 'ar' ? 'rtl' : 'ltr');
    await expect.poll(() => bodyBackground(page)).toBe('rgb(23, 11, 13)');
    await expect(page.getByTestId('player')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('__MW::locale'), localStorage.getItem('__MW::theme')])).toEqual(storedBefore);

    // Leaving the page in the app, then opening the site again: the saved language and theme.
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', saved);
    await expect.poll(() => bodyBackground(page)).toBe(savedBackground);
    await page.goto(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', saved);
    await expect(page.locator('html')).toHaveAttribute('dir', saved === 'ar' ? 'rtl' : 'ltr');
    expect(await bodyBackground(page)).toBe(savedBackground);
    expect(await page.evaluate(() => [localStorage.getItem('__MW::locale'), localStorage.getItem('__MW::theme')])).toEqual(storedBefore);
  });
}

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
