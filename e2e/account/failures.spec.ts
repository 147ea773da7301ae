/**
 * Account server failure modes: a backend URL that is not a backend, a backend answering HTML or 500, one
 * where nothing listens (clear messages, local data untouched), and a signed-in device whose custom server
 * answers 500 (docs/behaviour.md#account-login).
 */
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

test('an account server that is not one, answers 500 or is unreachable: clear messages, nothing lost; signed in, a way out', async ({
  page,
  site,
}) => {
  for (const mode of ['html', '500'] as const) {
    await test.step(`a backend answering ${mode === 'html' ? 'an HTML page' : '500'}: clear messages on register and login`, async () => {
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

  await test.step('a backend URL where nothing listens: unreachable message, nothing lost', async () => {
    await useBackend(page, site.hostUrl, 'http://localhost:9');
    await page.goto(`${site.hostUrl}/register`);
    await expect(page.getByTestId('account-error')).toHaveText('Could not reach the server. Check the address and your connection.');
    expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
  });

  await test.step('a signed-in device whose custom server answers 500 is offered logout, reload or the default server', async () => {
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
});
