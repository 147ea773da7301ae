/** Settings → Account and Devices, through the account service, against the local account server. */
import { login, register } from '../support/account.page';
import { expect, test } from '../support/site.fixture';

test('account section: rename this device, see and remove devices, end other sessions, delete the account', async ({ page, browser, site }) => {
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

  await page.getByRole('textbox', { name: 'Device name' }).fill('Work laptop');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(sessions).toContainText('Work laptop');
  await expect(page.getByTestId('device-name')).toHaveText('Work laptop');

  await page.getByRole('button', { name: 'Log out of all other devices' }).click();
  await expect(page.getByTestId('account-message')).toHaveText('Logged out of 1 other device.');
  await expect(sessions.locator('li')).toHaveCount(1);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByTestId('sessions')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::auth') ?? '{}').state?.account ?? null)).toBeNull();
  await other.close();
  await tablet.context().close();
});

test('changing the server logs out after a confirmation', async ({ page, site }) => {
  await register(page, site.hostUrl, 'Desktop');
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByTestId('sessions')).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom server' }).fill(site.services!.urls.backend!.replace('localhost', '127.0.0.1'));
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => asked).toContain('logs you out');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::auth') ?? '{}').state?.account ?? null)).toBeNull();
  await expect(page.getByTestId('setup-status')).toHaveText('Using your own setup');
});
