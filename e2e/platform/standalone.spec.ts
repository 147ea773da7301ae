/**
 * A remote's standalone page (a team deploying one remote looks at it on its own origin) works without
 * the host. Discover, account and settings take the federation runtime from the host when composed
 * (a smaller remoteEntry.js on `/`), so their pages are builds of their own: each must still render, with its own React.
 */
import { expect, test } from '../support/site.fixture';

test('the discover, settings and account remotes each render on their own origin, without the host', async ({ page, site }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.remoteUrls.discover}/discover`);
  await expect(page.getByTestId('discover-page')).toBeVisible();
  // (Its rows read the catalog at the default local port, which this test site does not use.)
  await expect(page.getByRole('tab', { name: 'Movies' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(`${site.remoteUrls.settings}/settings`);
  await expect(page.getByTestId('settings-page')).toBeVisible();

  await page.goto(`${site.remoteUrls.account}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("composed in the host, a remote built on the host's runtime does not fetch a runtime of its own", async ({ page, site }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('carousel').first().getByTestId('media-card').first()).toBeVisible();
  const entry = scripts.find((url) => url.startsWith(site.remoteUrls.discover) && url.includes('remoteEntry'));
  expect(entry).toBeTruthy();
  const body = await (await page.request.get(entry!)).text();
  // It reads the runtime the host provides rather than carrying one of its own, which the size bound
  // below would not admit.
  expect(body).toContain('_FEDERATION_RUNTIME_CORE');
  expect(body.length).toBeLessThan(60_000);
});
