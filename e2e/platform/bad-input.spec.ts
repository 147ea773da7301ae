import { openFromMenu, header } from '../support/host.page';
import { expect, test } from '../support/site.fixture';

test('a malformed remotes.json gives a clear message and the host still runs', async ({ page, site }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/remotes.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"discover": ' }));
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('runtime-warnings')).toContainText('remotes.json is not valid JSON');
  await expect(page.getByRole('search')).toBeVisible();
  await header(page).getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('remote-error-discover')).toContainText('not configured');
  expect(errors.some((e) => e.includes('remotes.json is not valid JSON'))).toBe(true);
});

test('a malformed config.json falls back to defaults with a message', async ({ page, site }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"routerMode": 7}' }));
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByTestId('runtime-warnings')).toContainText('config.json is invalid (routerMode');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  expect(errors.some((e) => e.includes('config.json is invalid'))).toBe(true);
});

test('a remote URL in remotes.json that is not http(s) is refused', async ({ page, site }) => {
  await page.route('**/remotes.json', async (route) => {
    const original = (await (await route.fetch()).json()) as Record<string, string>;
    await route.fulfill({ json: { ...original, player: 'javascript:alert(1)' } });
  });
  await page.goto(`${site.hostUrl}/dev/video`);
  await expect(page.getByTestId('runtime-warnings')).toContainText('player: "javascript:alert(1)" is not an http(s) URL');
  await expect(page.getByTestId('remote-error-player')).toBeVisible();
  await openFromMenu(page, 'Settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
});

test('overrides naming an unknown remote or a non-http URL are refused with a message', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/?remote.nosuch=http://localhost:1/mf-manifest.json&remote.player=ftp://localhost/mf-manifest.json`);
  const warnings = page.getByTestId('runtime-warnings');
  await expect(warnings).toContainText('there is no remote called "nosuch"');
  await expect(warnings).toContainText('Override of player refused: "ftp://localhost/mf-manifest.json" is not an http(s) URL');
  await expect(page.getByRole('search')).toBeVisible();
});
