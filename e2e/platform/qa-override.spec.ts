/**
 * QA overrides (`?remote.<name>=<manifest>`, docs/deploy.md): an allowed origin swaps the remote for the
 * tab's session with a banner and a reset; a disallowed origin is refused and never fetched; a remote built
 * against another contracts major is refused in its slot.
 */
import { CONTRACTS_VERSION } from 'shared-contracts';
import { QA_MARKER, expect, test } from '../support/site.fixture';

test('QA overrides: an allowed one swaps the remote for the session; a disallowed origin or another major is refused', async ({
  page,
  site,
  qa,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));

  await test.step('an override from a disallowed origin is refused with a warning and never fetched', async () => {
    const manifest = `${qa.disallowed.origin}/mf-manifest.json`;
    await page.goto(`${site.hostUrl}/settings?remote.settings=${encodeURIComponent(manifest)}`);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('runtime-warnings')).toContainText(`${qa.disallowed.origin} is not an allowed origin`);
    await expect(page.getByTestId('build-marker')).toHaveCount(0);
    expect(requested.filter((u) => u.startsWith(qa.disallowed.origin))).toEqual([]);
    expect(qa.disallowed.requests).toEqual([]);
  });

  await test.step('an override from an allowed origin swaps the remote for the session, with a banner and reset', async () => {
    const manifest = `${qa.allowed.origin}/mf-manifest.json`;
    await page.goto(`${site.hostUrl}/settings?remote.settings=${encodeURIComponent(manifest)}`);
    await expect(page.getByTestId('build-marker')).toHaveText(`Build ${QA_MARKER}`);
    const banner = page.getByTestId('override-banner');
    await expect(banner).toContainText('settings');
    await expect(banner).toContainText(manifest);
    expect(new URL(page.url()).search).toBe('');
    // Kept for the tab's session.
    await page.goto(`${site.hostUrl}/dev`);
    await expect(page.getByTestId('dev-page')).toBeVisible();
    await page.goto(`${site.hostUrl}/settings`);
    await expect(page.getByTestId('build-marker')).toHaveText(`Build ${QA_MARKER}`);
    await banner.getByRole('button', { name: 'Reset overrides' }).click();
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('override-banner')).toHaveCount(0);
    await expect(page.getByTestId('build-marker')).toHaveCount(0);
  });

  await test.step('a remote built against another contracts major is refused in its slot, not run', async () => {
    await page.goto(`${site.hostUrl}/settings?remote.settings=${encodeURIComponent(`${qa.v2.origin}/mf-manifest.json`)}`);
    const slot = page.getByTestId('remote-error-settings');
    await expect(slot).toHaveAttribute('data-kind', 'incompatible');
    await expect(slot).toContainText("Settings can't run on this version of the site");
    await expect(slot).toContainText(`built against contracts 2.0.0, this site runs contracts ${CONTRACTS_VERSION}`);
    await expect(page.getByTestId('build-marker')).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset overrides' }).click();
    await expect(page.getByTestId('settings-page')).toBeVisible();
  });
});
