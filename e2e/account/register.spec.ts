/**
 * Register and login screens (docs/behaviour.md#account-register, #account-login): the trust step shows the
 * server's /meta name and description, the passphrase's copy button copies the 12 words, another 4xx from
 * the server reads 'Data is not valid'; the forms' messages, each step's focus and the invalid fields.
 * A second account server (rate limits off, with a description) stands beside the site's.
 */
import { localBookmarks, seedLocalData, startAccountServer, storedAccount, useBackend, fillRegister } from '../support/account.page';
import { expect, test } from '../support/site.fixture';

const NAME = 'Described e2e server';
const DESCRIPTION = 'Accounts for the e2e suite; wiped after each run.';

let described: Awaited<ReturnType<typeof startAccountServer>>;
test.beforeAll(async () => {
  described = await startAccountServer({ BACKEND_NAME: NAME, BACKEND_DESCRIPTION: DESCRIPTION });
});
test.afterAll(async () => {
  await described?.close();
});

const VALID_PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

test("register on a described server: its name and description, the copy button; a refusal with another 4xx reads 'Data is not valid'", async ({
  page,
  context,
  site,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.hostUrl });

  await test.step("the trust step shows the server's name and description; the copy button copies the 12 words", async () => {
    // The site's server as its /meta describes it (the description is optional).
    const siteMeta = (await (await fetch(`${site.services!.urls.backend!}/meta`)).json()) as { name: string; description?: string };
    await page.goto(`${site.hostUrl}/register`);
    await expect(page.getByTestId('backend-meta').getByRole('heading')).toHaveText(siteMeta.name);
    await expect(page.getByTestId('backend-meta').locator('p')).toHaveText(siteMeta.description ? [siteMeta.description] : []);

    await useBackend(page, site.hostUrl, described.url);
    await page.goto(`${site.hostUrl}/register`);
    const meta = page.getByTestId('backend-meta');
    await expect(meta.getByRole('heading')).toHaveText(NAME);
    await expect(meta.locator('p')).toHaveText(DESCRIPTION);

    await page.getByRole('button', { name: 'I trust this server' }).click();
    await page.getByLabel('Device name').fill('Copy device');
    await page.getByRole('button', { name: 'Next' }).click();
    const words = await page.getByTestId('passphrase-words').locator('li').allTextContents();
    expect(words).toHaveLength(12);
    await page.getByRole('button', { name: 'Copy passphrase' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(words.join(' '));
    // The feedback lasts 2 s (docs/behaviour.md#discover-cards).
    await expect(page.getByRole('button', { name: 'Copy passphrase' })).toBeVisible({ timeout: 3000 });
  });

  await test.step("a server refusing the registration with another 4xx: 'Data is not valid', no account, local data untouched", async () => {
    await seedLocalData(page, { bookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }] });
    // Upstream's answer to a body it does not accept (a zod validation failure).
    await page.route(`${described.url}/auth/register/complete`, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fallback()
        : route.fulfill({
            status: 400,
            headers: { 'Access-Control-Allow-Origin': site.hostUrl },
            contentType: 'application/json',
            body: JSON.stringify({
              errorType: 'validation',
              errors: [{ code: 'too_big', path: ['device'], message: 'String must contain at most 500 character(s)' }],
            }),
          }),
    );
    await fillRegister(page, site.hostUrl, 'Refused device');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('account-error')).toHaveText('Data is not valid');
    await expect(page.getByTestId('register-submit')).toBeEnabled();
    expect(await storedAccount(page)).toBeNull();
    expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
    await expect(page).toHaveURL(`${site.hostUrl}/register`);
  });
});

test('the register and login forms: their messages, each step takes focus to its heading, a field in error is invalid and described', async ({
  page,
  site,
}) => {
  await test.step('login: incomplete passphrase, missing device name, a passphrase no account uses', async () => {
    await page.goto(`${site.hostUrl}/login`);
    const passphrase = page.getByLabel('Passphrase', { exact: true });
    await passphrase.fill('two words');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('account-error')).toHaveText('Incorrect or incomplete passphrase');
    await expect(passphrase).toHaveAttribute('aria-invalid', 'true');
    await expect(passphrase).toHaveAccessibleDescription('Incorrect or incomplete passphrase');
    await expect(page.getByRole('textbox', { name: 'Device name' })).not.toHaveAttribute('aria-invalid', /.*/);
    await passphrase.fill(VALID_PHRASE);
    await page.getByLabel('Device name').fill('   ');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-error')).toHaveText('Please enter a device name');
    await page.getByLabel('Device name').fill('Laptop');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-error')).toHaveText('No account uses this passphrase on this server');
  });

  await test.step("register: focus on each step's heading; a missing device name and a passphrase that doesn't match", async () => {
    await page.goto(`${site.hostUrl}/register`);
    await page.getByRole('button', { name: 'I trust this server' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account information' })).toBeFocused();

    const deviceName = page.getByRole('textbox', { name: 'Device name' });
    await expect(deviceName).not.toHaveAttribute('aria-invalid', /.*/);
    await deviceName.fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('account-error')).toHaveText('Please enter a device name');
    await expect(deviceName).toHaveAttribute('aria-invalid', 'true');
    await expect(deviceName).toHaveAccessibleDescription('Please enter a device name');
    await deviceName.fill('Keyboard device');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your passphrase' })).toBeFocused();

    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your passphrase' })).toBeFocused();
    const confirmation = page.getByLabel('Passphrase', { exact: true });
    await confirmation.fill(VALID_PHRASE);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('account-error')).toHaveText("Passphrase doesn't match");
    await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    await expect(confirmation).toHaveAccessibleDescription("Passphrase doesn't match");

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your passphrase' })).toBeFocused();
  });
});
