/**
 * Account failure modes and validation: a backend URL that is not a backend, a backend answering HTML or
 * 500 (clear messages, local data untouched), the login and register messages
 * (docs/behaviour.md#account-login), /migration without an account, export/import round trip, onboarding.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { editLocal, localBookmarks } from '../support/account.page';
import { expect, test } from '../support/site.fixture';
import { editStores, storedEntries, writeNow } from '../support/seed';

const VALID_PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

async function startFakeBackend(mode: 'html' | '500') {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (mode === 'html')
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Shop</title><h1>Welcome</h1>');
    res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"errorType":"message","message":"Internal server error"}');
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function useBackend(page: Page, hostUrl: string, backendUrl: string) {
  await page.goto(`${hostUrl}/about`);
  await writeNow(page, storedEntries({ settings: { backendUrl } }));
  await editLocal(page, { addBookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }] });
}

for (const mode of ['html', '500'] as const) {
  test(`a backend answering ${mode === 'html' ? 'an HTML page' : '500'}: clear messages on register and login, local data untouched`, async ({
    page,
    site,
  }) => {
    const fake = await startFakeBackend(mode);
    try {
      await useBackend(page, site.hostUrl, fake.url);
      await page.goto(`${site.hostUrl}/register`);
      await expect(page.getByTestId('account-error')).toHaveText(
        mode === 'html' ? 'This address is not a movie-web backend' : 'The server had a problem. Try again in a moment.',
      );
      await expect(page.getByRole('button', { name: 'I trust this server' })).toBeDisabled();
      await page.goto(`${site.hostUrl}/login`);
      await page.getByLabel('Passphrase').fill(VALID_PHRASE);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('account-error')).toBeVisible();
      await expect(page.getByTestId('account-error')).not.toHaveText('Something went wrong. Try again.');
      expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
    } finally {
      await fake.close();
    }
  });
}

test('a backend URL where nothing listens: unreachable message, nothing lost', async ({ page, site }) => {
  await useBackend(page, site.hostUrl, 'http://localhost:9');
  await page.goto(`${site.hostUrl}/register`);
  await expect(page.getByTestId('account-error')).toHaveText('Could not reach the server. Check the address and your connection.');
  expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
});

test("login and register messages: incomplete passphrase, missing device name, passphrase that doesn't match", async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/login`);
  await page.getByLabel('Passphrase').fill('abandon abandon abandon');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-error')).toHaveText('Incorrect or incomplete passphrase');
  await page.getByLabel('Passphrase').fill(VALID_PHRASE);
  await page.getByLabel('Device name').fill('   ');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-error')).toHaveText('Please enter a device name');
  // Unknown account on this server.
  await page.getByLabel('Device name').fill('Laptop');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-error')).toHaveText('No account uses this passphrase on this server');

  await page.goto(`${site.hostUrl}/register`);
  await page.getByRole('button', { name: 'I trust this server' }).click();
  await page.getByLabel('Device name').fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('account-error')).toHaveText('Please enter a device name');
  await page.getByLabel('Device name').fill('Laptop');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await page.getByLabel('Passphrase').fill(VALID_PHRASE);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-error')).toHaveText("Passphrase doesn't match");
});

test('/migration: login required to move; export (without credentials) then import brings the data back', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await editStores(page, ['preferences'], ({ preferences }) =>
    Object.assign(preferences, { febboxKey: 'e2e-febbox-token', mediaServerApiKey: 'e2e-media-api-key', enableThumbnails: true }),
  );
  await editLocal(page, {
    addBookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }],
    progress: [{ tmdbId: '234', title: 'Caligari', watched: 600, duration: 4500 }],
  });
  await page.goto(`${site.hostUrl}/migration`);
  await expect(page.getByTestId('migration-move')).toContainText('You need to be logged in to move your account.');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  const file = await (await downloading).path();
  const text = fs.readFileSync(file, 'utf8');
  expect(text).not.toContain('e2e-febbox-token');
  expect(text).not.toContain('e2e-media-api-key');
  expect(JSON.parse(text).settings.preferences.enableThumbnails).toBe(true);
  await page.evaluate(() => (localStorage.removeItem('__MW::bookmarks'), localStorage.removeItem('__MW::progress')));
  await page.reload();
  expect(await localBookmarks(page)).toBeNull();
  await page.getByLabel('Import data').setInputFiles(file);
  await expect(page.getByRole('status')).toHaveText('Imported 1 bookmark and 1 watched title.');
  await expect.poll(async () => Object.keys((await localBookmarks(page))?.bookmarks ?? {})).toEqual(['19']);
  await page.getByLabel('Import data').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
  await expect(page.getByTestId('migration-file').getByRole('alert')).toHaveText('This file is not a movie-web export.');
});

test('onboarding: proxy step validates, default setup asks for confirmation; remembered', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/onboarding`);
  await page.getByRole('button', { name: /Custom proxy/ }).click();
  await page.getByLabel('Proxy URL').fill('not a url');
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Not a valid URL');
  await page.getByLabel('Proxy URL').fill(site.hostUrl);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Expected a proxy but got a website');
  await page.getByLabel('Proxy URL').fill(`${site.services!.urls.proxy!}/`);
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

test('a signed-in device whose custom server answers 500 is offered logout, reload or the default server', async ({ page, site }) => {
  const fake = await startFakeBackend('500');
  try {
    await page.goto(`${site.hostUrl}/about`);
    await editStores(page, ['auth'], ({ auth }) => {
      auth.account = {
        token: 't',
        userId: 'u',
        sessionId: 's',
        deviceName: 'a.b.c',
        profile: { colorA: '#2E65CF', colorB: '#8D44D6', icon: 'cat' },
        seed: 'A'.repeat(43) + '=',
      };
      auth.backendUrl = fake.url;
    });
    await page.goto(`${site.hostUrl}/`);
    const banner = page.getByTestId('account-load-failed');
    await expect(banner).toContainText('Your custom account server did not answer as expected.');
    await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Log out' })).toBeVisible();
    await banner.getByRole('button', { name: 'Use the default server' }).click();
    await expect(banner).toHaveCount(0);
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('__MW::auth')!).state);
    expect(auth).toMatchObject({ account: null, backendUrl: null });
  } finally {
    await fake.close();
  }
});
