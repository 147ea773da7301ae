/**
 * Bad deployment input (docs/configuration.md): a malformed remotes.json or config.json, a remote URL that
 * is not http(s), overrides naming an unknown remote or a non-http URL. Each is refused with a message the
 * page shows, and the host keeps running.
 */
import { openFromMenu, header } from '../support/host.page';
import { expect, test } from '../support/site.fixture';

test('bad remotes.json, config.json and overrides: each refused with a message, the host still runs', async ({ page, site }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const warnings = page.getByTestId('runtime-warnings');

  await test.step('a malformed remotes.json: a clear message, the header works, its remotes are not configured', async () => {
    await page.route('**/remotes.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"discover": ' }));
    await page.goto(`${site.hostUrl}/`);
    await expect(warnings).toContainText('remotes.json is not valid JSON');
    await expect(page.getByRole('search')).toBeVisible();
    await header(page).getByRole('link', { name: 'Discover' }).click();
    await expect(page.getByTestId('remote-error-discover')).toContainText('not configured');
    expect(errors.some((e) => e.includes('remotes.json is not valid JSON'))).toBe(true);
    await page.unroute('**/remotes.json');
  });

  await test.step('a remote URL that is not http(s) is refused; the other remotes run', async () => {
    await page.route('**/remotes.json', async (route) => {
      const original = (await (await route.fetch()).json()) as Record<string, string>;
      await route.fulfill({ json: { ...original, player: 'javascript:alert(1)' } });
    });
    await page.goto(`${site.hostUrl}/dev/video`);
    await expect(warnings).toContainText('player: "javascript:alert(1)" is not an http(s) URL');
    await expect(page.getByTestId('remote-error-player')).toBeVisible();
    await openFromMenu(page, 'Settings');
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await page.unroute('**/remotes.json');
  });

  await test.step('a malformed config.json falls back to the defaults with a message', async () => {
    await page.route('**/config.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"routerMode": 7}' }),
    );
    await page.goto(`${site.hostUrl}/settings`);
    await expect(warnings).toContainText('config.json is invalid (routerMode');
    await expect(page.getByTestId('settings-page')).toBeVisible();
    expect(errors.some((e) => e.includes('config.json is invalid'))).toBe(true);
    await page.unroute('**/config.json');
  });

  await test.step('overrides naming an unknown remote or a non-http URL are refused with a message', async () => {
    await page.goto(`${site.hostUrl}/?remote.nosuch=http://localhost:1/mf-manifest.json&remote.player=ftp://localhost/mf-manifest.json`);
    await expect(warnings).toContainText('there is no remote called "nosuch"');
    await expect(warnings).toContainText('Override of player refused: "ftp://localhost/mf-manifest.json" is not an http(s) URL');
    await expect(page.getByRole('search')).toBeVisible();
  });
});
