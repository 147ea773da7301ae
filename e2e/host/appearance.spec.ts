/**
 * How the site looks and reads: a theme picked in Settings is previewed on the whole site before Save,
 * dropped by Reset or by leaving, and kept after Save; a language saved in Settings translates every
 * remote and Arabic lays out right to left; a watch link's ?theme= and ?language= show on that page only;
 * a first visit reads in the browser's language from the page's first frame.
 */
import type { Page } from '@playwright/test';
import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const storedLook = (page: Page) => page.evaluate(() => [localStorage.getItem('__MW::locale'), localStorage.getItem('__MW::theme')]);

const DEFAULT = 'rgb(15, 13, 24)';
const GREEN = 'rgb(10, 20, 11)';
const RED = 'rgb(23, 11, 13)';
const BLUE = 'rgb(11, 18, 32)';

test("a theme and a language from Settings across the site; a watch link's for that page only; a first visit in the browser's", async ({
  browser,
  page,
  site,
}) => {
  test.setTimeout(120_000);

  await test.step('the theme: previewed on the whole site before Save, dropped by Reset or by leaving, kept after Save', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await pickTheme(page, 'Green');
    await expect(page.getByTestId('theme-preview')).toHaveCSS('background-color', GREEN);
    await expect.poll(() => bodyBackground(page)).toBe(GREEN);
    expect(await page.evaluate(() => localStorage.getItem('__MW::theme') ?? '')).not.toContain('green');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('save-bar')).toHaveCount(0);
    await expect.poll(() => bodyBackground(page)).toBe(DEFAULT);
    await pickTheme(page, 'Green');
    await expect.poll(() => bodyBackground(page)).toBe(GREEN);
    await page.getByRole('banner').getByRole('link', { name: 'Discover' }).click();
    await expect.poll(() => bodyBackground(page)).toBe(DEFAULT);
    await page.goBack();
    await pickTheme(page, 'Green');
    await saveSettings(page);
    expect(await bodyBackground(page)).toBe(GREEN);
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: /^Green/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(await bodyBackground(page)).toBe(GREEN);
  });

  await test.step("green saved: the first frame is green, the home's drawn, before any of the app's scripts", async () => {
    const first = await page.context().newPage();
    await first.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
    await first.goto(`${site.hostUrl}/`);
    await expect(first.locator('#root .shell-hero h1')).toBeVisible();
    expect(await bodyBackground(first)).toBe(GREEN);
    await expect(first.locator('#root .shell-header')).toHaveCSS('background-color', 'rgb(17, 32, 19)');
    await first.close();
  });

  await test.step('a watch link with ?theme=blue shows blue on that page', async () => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu?theme=blue`);
    await expect.poll(() => bodyBackground(page)).toBe(BLUE);
  });

  await test.step('German saved: Settings and the host translated; a watch link in Arabic reads right to left; German is back after it', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await saveSettings(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Settings');
    await page.goto(`${site.hostUrl}/no-such-page`);
    await expect(page.getByTestId('not-found-page')).not.toContainText("Couldn't find that page");
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653?language=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('player')).toBeVisible();
    await page.goto(`${site.hostUrl}/about`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  await test.step('Arabic saved: the site lays out right to left', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ar');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Speichern' }).click();
    await page.goto(`${site.hostUrl}/about`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  });

  await test.step("with Arabic and green saved, a watch link's ?language=en&theme=red shows on that page only", async () => {
    await page.goto(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const before = await storedLook(page);
    await page.goto(`${site.hostUrl}/media/tmdb-movie-775?language=en&theme=red`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect.poll(() => bodyBackground(page)).toBe(RED);
    await expect(page.getByTestId('player')).toBeVisible();
    expect(await storedLook(page)).toEqual(before);
    // Leaving the page in the app, then opening the site again: the saved language and theme.
    await page.goBack();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect.poll(() => bodyBackground(page)).toBe(GREEN);
    await page.goto(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl'); // the page's first frame sets the direction
    await expect.poll(() => bodyBackground(page)).toBe(GREEN); // the app, once running, the theme
    expect(await storedLook(page)).toEqual(before);
  });

  await test.step("a first visit reads in the browser's language, from the page's first frame before the app has run", async () => {
    const french = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
    const fr = await french.newPage();
    await fr.goto(`${site.hostUrl}/about`);
    await expect(fr.locator('html')).toHaveAttribute('lang', 'fr');
    await french.close();

    const arabic = await browser.newContext({ locale: 'ar-EG', serviceWorkers: 'block' });
    const first = await arabic.newPage();
    // The app's scripts held back: what shows is the page's own first frame.
    await first.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
    await first.goto(`${site.hostUrl}/about`);
    await expect(first.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(first.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(first.locator('#boot')).toHaveText('جارٍ التحميل…');
    // Discover's drawn frame, in Arabic.
    await first.goto(`${site.hostUrl}/discover`);
    await expect(first.locator('#root .shell-discover h1')).toHaveText('اكتشف');
    await arabic.close();
  });
});
