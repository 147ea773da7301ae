import AxeBuilder from '@axe-core/playwright';
import { pickTheme, saveSettings } from '../support/settings.page';
import { withConfig } from '../support/config';
import { expect, test } from '../support/site.fixture';

test('theme: previewed on the whole site before Save, dropped by Reset or by leaving, kept after Save and reload', async ({
  page,
  site,
}) => {
  const body = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.goto(`${site.hostUrl}/settings`);
  await pickTheme(page, 'Green');
  await expect(page.getByTestId('theme-preview')).toHaveCSS('background-color', 'rgb(10, 20, 11)');
  // The whole site previews it at once (docs/behaviour.md#settings-sections), not saved yet.
  await expect.poll(body).toBe('rgb(10, 20, 11)');
  expect(await page.evaluate(() => localStorage.getItem('__MW::theme') ?? '')).not.toContain('green');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('save-bar')).toHaveCount(0);
  await expect.poll(body).toBe('rgb(15, 13, 24)');
  // Leaving Settings without saving ends the preview.
  await pickTheme(page, 'Green');
  await expect.poll(body).toBe('rgb(10, 20, 11)');
  await page.getByRole('banner').getByRole('link', { name: 'Discover' }).click();
  await expect.poll(body).toBe('rgb(15, 13, 24)');
  await page.goBack();
  await pickTheme(page, 'Green');
  await saveSettings(page);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(10, 20, 11)');
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: /^Green/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

for (const width of [1280, 390]) {
  test(`the unsaved-changes bar never covers the page's last controls (${width} px)`, async ({ page, site }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.hostUrl}/settings`);
    await page.getByRole('switch', { name: 'Autoplay' }).click();
    const bar = page.getByTestId('save-bar');
    await expect(bar).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const reset = page.getByRole('button', { name: 'Reset subtitle style' });
    const last = (await reset.boundingBox())!;
    const cover = (await bar.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(cover.y);
    await reset.click({ trial: true }); // nothing on top of it
  });
}

test('unsaved changes are kept while moving between sections', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await page.getByRole('switch', { name: 'Autoplay' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Subtitles' }).click();
  await page.getByRole('switch', { name: 'Bold text' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Preferences' }).click();
  await expect(page.getByRole('switch', { name: 'Autoplay' })).toHaveAttribute('aria-checked', 'false');
  await saveSettings(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Autoplay' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Bold text' })).toHaveAttribute('aria-checked', 'true');
});

test('language changes the UI of the settings and the site', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await saveSettings(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Settings');
});

test('subtitle style: the preview cue follows every control; reset gives 50% opacity and blur', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  const cue = page.getByTestId('subtitle-preview');
  await page.getByRole('radio', { name: 'Yellow' }).click();
  await expect(cue).toHaveCSS('color', 'rgb(226, 229, 53)');
  await page.getByRole('spinbutton', { name: 'Text size (%)' }).fill('150');
  await expect(cue).toHaveCSS('font-size', '36px');
  await page.getByRole('spinbutton', { name: 'Background opacity (%)' }).fill('80');
  await expect(cue).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.8)');
  await page.getByRole('switch', { name: 'Bold text' }).click();
  await expect(cue).toHaveCSS('font-weight', '700');
  await page.getByRole('button', { name: 'Reset subtitle style' }).click();
  await expect(cue).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.5)');
  await expect(page.getByRole('spinbutton', { name: 'Background blur (%)' })).toHaveValue('50');
});

test('proxy workers: each bad input gets its message; a real proxy is added and removed', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  const input = page.getByRole('textbox', { name: 'Custom proxy workers' });
  const add = page.getByRole('button', { name: 'Add worker' });
  const error = page.getByTestId('worker-error');
  await input.fill('not a url');
  await add.click();
  await expect(error).toHaveText('Not a valid URL');
  await input.fill(`${site.services!.urls.proxy}/`);
  await add.click();
  await expect(error).toHaveText('Worker URLs must not end with a slash');
  await input.fill('http://localhost:9');
  await add.click();
  await expect(error).toHaveText('Could not connect to proxy');
  await input.fill(site.hostUrl);
  await add.click();
  await expect(error).toHaveText('Expected a proxy but got a website');
  await input.fill(site.services!.urls.proxy!);
  await add.click();
  await expect(page.getByTestId('workers')).toContainText(site.services!.urls.proxy!);
  await expect(page.getByTestId('setup-status')).toHaveText('Using your own setup');
  await saveSettings(page);
  await page.reload();
  await expect(page.getByTestId('workers')).toContainText(site.services!.urls.proxy!);
  await page.getByRole('button', { name: `Remove ${site.services!.urls.proxy}` }).click();
  await saveSettings(page);
  await expect(page.getByTestId('setup-status')).toHaveText('Using the default setup');
});

test('custom server: checked against /meta; a website is refused', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  const server = page.getByRole('textbox', { name: 'Custom server' });
  await server.fill(site.hostUrl);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('server-check')).toContainText('not');
  await server.fill(site.services!.urls.backend!);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('server-check')).toContainText('Connected to');
});

test('the febbox token field shows only when the config allows a febbox key', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByRole('heading', { name: 'Your own media server' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Febbox token' })).toHaveCount(0);
});

test('custom source order by keyboard only, kept after save', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  const toggle = page.getByRole('switch', { name: 'Custom source order' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('source-order');
  const ids = () => list.locator('li').evaluateAll((els) => els.map((el) => el.getAttribute('data-source-id')));
  const before = await ids();
  // Focus the third source and move it to the top with Alt+ArrowUp twice.
  await list.locator('li').nth(2).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  const after = await ids();
  expect(after[0]).toBe(before[2]);
  await expect(list.locator('li').first()).toBeFocused();
  await saveSettings(page);
  await page.reload();
  await expect(list.locator('li')).toHaveCount(after.length);
  expect(await ids()).toEqual(after);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('__MW::preferences')!).state.sourceOrder);
  expect(stored[0]).toBe(before[2]);
});

test('/dev: constants, backend test, worker test, TMDB key test, region by distance', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev`);
  await expect(page.getByTestId('user-accounts')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('backend-requests')).toHaveText(/^\d+$/);
  await page.getByRole('region', { name: 'Backend API test' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('backend-test-result')).toContainText('Captcha enabled');
  await page.getByRole('region', { name: 'Worker tests' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('worker-results')).toContainText('Working');
  await page.getByRole('region', { name: 'Movie database key test' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('tmdb-test-result')).toHaveText('TMDB API key is not set');
  // The geo stand-in places us in New York.
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('us-east');
  await page.getByRole('combobox', { name: 'Region' }).selectOption('asia');
  await expect(page.getByTestId('region-source')).toHaveText('Picked by you');
});

test("/dev: each test's failure says what went wrong", async ({ page, site }) => {
  const config = (await (await fetch(`${site.hostUrl}/config.json`)).json()) as { backendUrl: string; proxyUrls: string[] };
  // The backend and the proxy worker down, and a TMDB token whose API cannot be reached.
  await page.route(`${config.backendUrl}/**`, (route) => route.abort());
  await page.route(`${config.proxyUrls[0]}/**`, (route) => route.abort());
  await page.route('https://api.themoviedb.org/**', (route) => route.abort());
  await withConfig(page, { tmdbReadToken: 'eyJhbGciOiJIUzI1NiJ9.a-read-access-token.signature' });
  await page.goto(`${site.hostUrl}/dev`);
  await page.getByRole('region', { name: 'Backend API test' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('region', { name: 'Backend API test' }).getByRole('alert')).toHaveText(
    'Failed to call backend, is it online and does it allow this site (CORS)?',
  );
  await page.getByRole('region', { name: 'Worker tests' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('worker-results')).toContainText('Could not connect to proxy');
  await page.getByRole('region', { name: 'Movie database key test' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('tmdb-test-result')).toHaveText('Failed to call TMDB');
  await expect(page.getByTestId('user-accounts')).toHaveText('Unknown');

  // A v3 API key (32 hex digits) is not the read access token the site needs.
  await withConfig(page, { tmdbReadToken: '0123456789abcdef0123456789abcdef' });
  await page.reload();
  await page.getByRole('region', { name: 'Movie database key test' }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('tmdb-test-result')).toHaveText('This is not a read only key');
});

test('/admin: the backend metrics, and a clear message when unreachable', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/admin`);
  await expect(page.getByTestId('admin-users')).toContainText(/\d/);
  await expect(page.getByTestId('admin-routes')).toContainText('/metrics');
  await page.route('**/metrics', (route) => route.abort());
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert')).toHaveText('The backend could not be reached.');
});

test('settings has no automated accessibility violations', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
