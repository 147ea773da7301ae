/**
 * Onboarding (docs/behaviour.md#scraping-extension: ^1.0.2, hello, openPage): the extension step against
 * the fake extension's content script (scraping-core/src/fake-extension.ts) — not installed, outdated,
 * not allowed here (Grant permission → openPage), ready (continue, remembered) — and the proxy step's
 * checks and the default setup.
 */
import type { Page } from '@playwright/test';
import { fakeExtensionMessages, installFakeExtension } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const status = (page: Page) => page.getByTestId('extension-status');
const onboardingDone = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('__MW::onboarding') ?? 'null')?.state?.completed ?? null);

test('onboarding: the extension step finds it missing, outdated, not allowed or ready; the proxy step checks its URL; both are remembered', async ({
  page,
  context,
  site,
}) => {
  // Each extension is installed before a page's first script: one page of this device per extension.
  const withExtension = async (options: Parameters<typeof installFakeExtension>[1]) => {
    const tab = await context.newPage();
    await installFakeExtension(tab, options);
    await tab.goto(`${site.hostUrl}/onboarding/extension`);
    return tab;
  };

  await test.step('without the extension: not found, with install links; checking again (by keyboard) still finds nothing', async () => {
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

  await test.step('an extension older than 1.0.2 is outdated: update it, with install links', async () => {
    const tab = await withExtension({ version: '1.0.1' });
    await expect(status(tab)).toHaveAttribute('data-status', 'outdated');
    await expect(status(tab).getByRole('heading')).toHaveText('Update the extension');
    await expect(status(tab)).toContainText('Version 1.0.1 does not work with this site.');
    await expect(tab.getByRole('link', { name: 'Get it for Chrome' })).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await tab.close();
  });

  await test.step('not allowed on this site, or without permission: Grant permission asks the extension to open its PermissionGrant page', async () => {
    const tab = await withExtension({ allowed: false });
    await expect(status(tab)).toHaveAttribute('data-status', 'disallowed');
    await expect(status(tab).getByRole('heading')).toHaveText('Allow the extension on this site');
    await expect(tab.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await tab.getByRole('button', { name: 'Grant permission' }).focus();
    await tab.keyboard.press('Enter');
    await expect
      .poll(async () => (await fakeExtensionMessages(tab)).filter((m) => m.name === 'openPage'))
      .toEqual([{ name: 'openPage', body: { page: 'PermissionGrant', redirectUrl: `${site.hostUrl}/onboarding/extension` } }]);
    await expect(tab.getByRole('alert')).toHaveCount(0);
    expect(await onboardingDone(tab)).toBeNull();
    await tab.close();

    const withoutPermission = await withExtension({ hasPermission: false });
    await expect(status(withoutPermission)).toHaveAttribute('data-status', 'disallowed');
    await expect(withoutPermission.getByRole('button', { name: 'Grant permission' })).toBeVisible();
    await withoutPermission.close();
  });

  await test.step('a ready extension (1.3.0, allowed): continue finishes the onboarding, remembered on this device', async () => {
    const tab = await withExtension({ version: '1.3.0' });
    await expect(status(tab)).toHaveAttribute('data-status', 'ready');
    await expect(status(tab).getByRole('heading')).toHaveText('The extension is ready');
    await expect(status(tab)).toContainText('Version 1.3.0 is installed and allowed on this site.');
    await expect(tab.getByRole('link', { name: 'Get it for Chrome' })).toHaveCount(0);
    expect((await fakeExtensionMessages(tab)).map((m) => m.name)).toEqual(['hello']);
    await tab.getByRole('button', { name: 'Continue' }).focus();
    await tab.keyboard.press('Enter');
    await tab.waitForURL(`${site.hostUrl}/`);
    expect(await onboardingDone(tab)).toBe(true);
    await tab.reload();
    expect(await onboardingDone(tab)).toBe(true);
    await tab.close();
  });

  await test.step('the proxy step validates, its error tied to the field; a proxy is saved; the default setup asks to confirm', async () => {
    await page.goto(`${site.hostUrl}/onboarding`);
    await page.getByRole('button', { name: /Custom proxy/ }).click();
    const field = page.getByRole('textbox', { name: 'Proxy URL' });
    await expect(field).not.toHaveAttribute('aria-invalid', /.*/);
    await field.fill('not a url');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Not a valid URL');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Not a valid URL');
    await field.fill(site.hostUrl);
    await page.getByRole('button', { name: 'Check and save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Expected a proxy but got a website');
    await field.fill(`${site.services!.urls.proxy!}/`);
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.waitForURL(`${site.hostUrl}/`);
    const stored = await page.evaluate(() => [localStorage.getItem('__MW::auth'), localStorage.getItem('__MW::onboarding')]);
    expect(JSON.parse(stored[0]!).state.proxySet).toEqual([site.services!.urls.proxy!]);
    expect(JSON.parse(stored[1]!).state.completed).toBe(true);

    await page.goto(`${site.hostUrl}/onboarding`);
    await page.getByRole('button', { name: /Default setup/ }).click();
    await expect(page.getByTestId('onboarding-confirm')).toBeVisible();
    await page.getByRole('button', { name: 'Use the default setup' }).click();
    await page.waitForURL(`${site.hostUrl}/`);
  });
});
