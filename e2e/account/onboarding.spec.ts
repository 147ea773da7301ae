/**
 * Onboarding's extension step (docs/behaviour.md#scraping-extension: ^1.0.2, hello, openPage) against the fake extension's content
 * script (scraping-core/src/fake-extension.ts): not installed, outdated, not allowed here
 * (Grant permission → openPage), ready (continue, remembered).
 */
import type { Page } from '@playwright/test';
import { fakeExtensionMessages, installFakeExtension } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const status = (page: Page) => page.getByTestId('extension-status');
const onboardingDone = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('__MW::onboarding') ?? 'null')?.state?.completed ?? null);

test('without the extension: not found, with install links; checking again (by keyboard) still finds nothing and nothing can be finished', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}/onboarding`);
  await page.getByRole('button', { name: /Browser extension/ }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/onboarding/extension`);
  await expect(status(page)).toHaveAttribute('data-status', 'checking');
  await expect(status(page)).toContainText('Looking for the extension…');
  await expect(status(page)).toHaveAttribute('data-status', 'missing');
  await expect(status(page).getByRole('heading')).toHaveText('Extension not found');
  await expect(page.getByRole('link', { name: 'Get it for Chrome' })).toHaveAttribute('href', /chromewebstore\.google\.com/);
  await expect(page.getByRole('link', { name: 'Get it for Firefox' })).toHaveAttribute('href', /addons\.mozilla\.org/);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Grant permission' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Check again' }).focus();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveAttribute('data-status', 'checking');
  await expect(status(page)).toHaveAttribute('data-status', 'missing');
  // Focus lands on the new status, so a keyboard or screen reader user hears the result.
  await expect(status(page).getByRole('heading')).toBeFocused();
  expect(await onboardingDone(page)).toBeNull();
});

test('an extension older than 1.0.2 is outdated: update it, with install links', async ({ page, site }) => {
  await installFakeExtension(page, { version: '1.0.1' });
  await page.goto(`${site.hostUrl}/onboarding/extension`);
  await expect(status(page)).toHaveAttribute('data-status', 'outdated');
  await expect(status(page).getByRole('heading')).toHaveText('Update the extension');
  await expect(status(page)).toContainText('Version 1.0.1 does not work with this site.');
  await expect(page.getByRole('link', { name: 'Get it for Chrome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});

test('installed but not allowed on this site: Grant permission asks the extension to open its PermissionGrant page and come back here', async ({
  page,
  site,
}) => {
  await installFakeExtension(page, { allowed: false });
  await page.goto(`${site.hostUrl}/onboarding/extension`);
  await expect(status(page)).toHaveAttribute('data-status', 'disallowed');
  await expect(status(page).getByRole('heading')).toHaveText('Allow the extension on this site');
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Grant permission' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await fakeExtensionMessages(page)).filter((m) => m.name === 'openPage'))
    .toEqual([{ name: 'openPage', body: { page: 'PermissionGrant', redirectUrl: `${site.hostUrl}/onboarding/extension` } }]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await onboardingDone(page)).toBeNull();
});

test('an extension without permission is treated as not allowed too', async ({ page, site }) => {
  await installFakeExtension(page, { hasPermission: false });
  await page.goto(`${site.hostUrl}/onboarding/extension`);
  await expect(status(page)).toHaveAttribute('data-status', 'disallowed');
  await expect(page.getByRole('button', { name: 'Grant permission' })).toBeVisible();
});

test('a ready extension (1.3.0, allowed): continue finishes the onboarding, remembered on this device', async ({ page, site }) => {
  await installFakeExtension(page, { version: '1.3.0' });
  await page.goto(`${site.hostUrl}/onboarding/extension`);
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await expect(status(page).getByRole('heading')).toHaveText('The extension is ready');
  await expect(status(page)).toContainText('Version 1.3.0 is installed and allowed on this site.');
  await expect(page.getByRole('link', { name: 'Get it for Chrome' })).toHaveCount(0);
  expect((await fakeExtensionMessages(page)).map((m) => m.name)).toEqual(['hello']);

  await page.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${site.hostUrl}/`);
  expect(await onboardingDone(page)).toBe(true);
  await page.reload();
  expect(await onboardingDone(page)).toBe(true);
});

test("the proxy step's error is tied to the proxy URL field", async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/onboarding/proxy`);
  const field = page.getByRole('textbox', { name: 'Proxy URL' });
  await expect(field).not.toHaveAttribute('aria-invalid', /.*/);
  await field.fill('not a web address');
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Not a valid URL');
});
