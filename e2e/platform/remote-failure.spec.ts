import { openFromMenu } from '../support/host.page';
import { expect, test } from '../support/site.fixture';

test('a stopped remote shows a clear message and retry; the rest of the site keeps working', async ({ page, site }) => {
  await site.stopRemote('discover');
  try {
    const started = Date.now();
    await page.goto(`${site.hostUrl}/discover`);
    const slot = page.getByTestId('remote-error-discover');
    await expect(slot).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(slot).toContainText('Discover is unavailable right now');
    // Header and other remotes still work.
    await openFromMenu(page, 'Settings');
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('remote-error-discover')).toBeVisible();
  } finally {
    await site.startRemote('discover');
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('discover-page')).toBeVisible();
});

for (const [kind, path, expected] of [
  ['404', '/404/mf-manifest.json', /answered HTTP 404/],
  ['HTML', '/html/mf-manifest.json', /did not answer with a manifest/],
  ['not a manifest', '/notmanifest/mf-manifest.json', /is not a Module Federation manifest/],
  ['no answer', '/hang/mf-manifest.json', /no answer from .* within 4 s/],
] as const) {
  test(`a manifest that gives ${kind} fails cleanly within 10 s`, async ({ page, site, qa }) => {
    const started = Date.now();
    await page.goto(`${site.hostUrl}/discover?remote.discover=${encodeURIComponent(qa.broken.origin + path)}`);
    const slot = page.getByTestId('remote-error-discover');
    await expect(slot).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(slot).toContainText(expected);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await openFromMenu(page, 'Settings');
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await page.getByRole('button', { name: 'Reset overrides' }).click();
    await page.goto(`${site.hostUrl}/discover`);
    await expect(page.getByTestId('discover-page')).toBeVisible();
  });
}
