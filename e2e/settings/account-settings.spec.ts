/**
 * Settings → Account and Devices, through the account service, against the local account server: devices,
 * this device's name, the profile drawn in the header, the server change and the account's deletion, each
 * asked in a themed dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { login, register } from '../support/account.page';
import { expect, test } from '../support/site.fixture';

test('account section: devices, rename, profile, end other sessions, change server, delete the account', async ({
  page,
  browser,
  site,
}) => {
  test.setTimeout(120_000);
  const passphrase = await register(page, site.hostUrl, 'Laptop');
  // A second device signs in with the same passphrase.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  const phone = await other.newPage();
  await login(phone, site.hostUrl, passphrase, 'Phone');
  const tablet = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await login(tablet, site.hostUrl, passphrase, 'Tablet');

  await page.goto(`${site.hostUrl}/settings`);
  const sessions = page.getByTestId('sessions');
  await expect(sessions.locator('li')).toHaveCount(3);
  await sessions.locator('li', { hasText: 'Tablet' }).getByRole('button', { name: 'Remove' }).click();
  await expect(sessions.locator('li')).toHaveCount(2);
  await expect(sessions).toContainText('Laptop');
  await expect(sessions).toContainText('Phone');
  await expect(sessions.locator('li', { hasText: 'Laptop' })).toContainText('This device');
  // This device's name is in the field after a reload, and Rename waits for a change.
  const deviceName = page.getByRole('textbox', { name: 'Device name' });
  await expect(deviceName).toHaveValue('Laptop');
  await expect(page.getByRole('button', { name: 'Rename' })).toBeDisabled();

  await deviceName.fill('Work laptop');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(sessions).toContainText('Work laptop');
  await expect(page.getByTestId('device-name')).toHaveText('Work laptop');
  await page.reload();
  await expect(deviceName).toHaveValue('Work laptop');

  await test.step('profile: colours from a named palette or a custom one, an icon, by mouse or keyboard; drawn in the header', async () => {
    const first = page.getByRole('radiogroup', { name: 'First colour' });
    const second = page.getByRole('radiogroup', { name: 'Second colour' });
    const icons = page.getByRole('radiogroup', { name: 'Icon' });
    const save = page.getByRole('button', { name: 'Save profile' });
    await expect(first.getByRole('radio', { checked: true })).toHaveAccessibleName('Blue');
    await expect(save).toBeDisabled();

    await first.getByRole('radio', { name: 'Red' }).click();
    // Keyboard: arrows move the choice within the group, as in any radio group.
    await second.getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(second.getByRole('radio', { name: 'Red' })).toBeFocused();
    await expect(second.getByRole('radio', { name: 'Red' })).toBeChecked();
    await page.getByTestId('profile-color-b-custom').fill('#123456');
    await expect(second.getByRole('radio', { checked: true })).toHaveCount(0);
    await icons.getByRole('radio', { name: 'Cat' }).click();
    await expect(page.getByTestId('profile-preview')).toHaveAttribute('style', /#E04F5F.*#123456/i);

    await save.click();
    await expect(save).toBeDisabled();
    const avatar = page.getByTestId('user-menu-button').locator('span').first();
    await expect(avatar).toHaveCSS('background-image', /rgb\(224, 79, 95\).*rgb\(18, 52, 86\)/);
    await page.reload();
    await expect(first.getByRole('radio', { checked: true })).toHaveAccessibleName('Red');
    await expect(page.getByTestId('profile-color-b-custom')).toHaveValue('#123456');
    await expect(icons.getByRole('radio', { checked: true })).toHaveAccessibleName('Cat');
    // On a phone nothing in Settings scrolls sideways (the sliders' number fields did by 10 px).
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('changing the server asks first: Cancel keeps this device signed in', async () => {
    await page.getByRole('textbox', { name: 'Custom server' }).fill(site.services!.urls.backend!.replace('localhost', '127.0.0.1'));
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the server?' });
    await expect(dialog).toContainText('logs you out');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('sessions')).toBeVisible(); // still signed in
    await page.getByTestId('save-bar').getByRole('button', { name: 'Reset' }).click();
  });

  await page.getByRole('button', { name: 'Log out of all other devices' }).click();
  await expect(page.getByTestId('account-message')).toHaveText('Logged out of 1 other device.');
  await expect(sessions.locator('li')).toHaveCount(1);

  // A themed dialog, not the browser's: Escape answers no and gives focus back; then confirmed by keyboard.
  const deleteButton = page.getByRole('button', { name: 'Delete account' });
  await deleteButton.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // axe on the open dialog, wide and on a phone: no serious or critical violation.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const results = await new AxeBuilder({ page }).include('[role=alertdialog]').analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeFocused();
  await page.keyboard.press('Tab'); // focus stays in the dialog
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  await expect(page.getByTestId('sessions')).toBeVisible();
  await deleteButton.press('Enter');
  await dialog.getByRole('button', { name: 'Delete account' }).press('Enter');
  await expect(page.getByTestId('sessions')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::auth') ?? '{}').state?.account ?? null)).toBeNull();
  await other.close();
  await tablet.context().close();
});
