/**
 * reCAPTCHA v3 on register ('ReCaptcha validation failed', docs/behaviour.md#account-register): when the backend's /meta
 * says hasCaptcha, the register page loads Google's script with the backend's site key, gets a token for
 * the "register" action and sends it to register/start; the server checks it with the verify URL.
 *
 * Google is not reachable here: the script is a stand-in (same API: grecaptcha.ready / execute → token)
 * served through page.route, and the account server (the real one, captcha on) verifies tokens against a
 * local stand-in of the siteverify endpoint.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningService } from 'services/types';
import { editLocal, fillRegister, localBookmarks, storedAccount } from '../support/account.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-captcha-secret';
const ACCEPTED = 'accepted-token';
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js*';

/** Google's siteverify stand-in: accepts ACCEPTED with the right secret; records what it was asked. */
async function startVerifyStandIn() {
  const asked: { secret: string | null; response: string | null }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      asked.push({ secret: form.get('secret'), response: form.get('response') });
      const success = req.method === 'POST' && form.get('secret') === SECRET && form.get('response') === ACCEPTED;
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(
          JSON.stringify(
            success ? { success: true, score: 0.9, action: 'register' } : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`,
    asked,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The reCAPTCHA v3 script stand-in: grecaptcha.ready(cb), grecaptcha.execute(siteKey, {action}) → Promise<token>. */
const fakeRecaptcha = (token: string) => `(() => {
  const siteKey = new URL(document.currentScript.src).searchParams.get('render');
  window.__recaptcha = { siteKey, executed: [] };
  window.grecaptcha = {
    ready(callback) { setTimeout(callback, 0); },
    execute(key, options) {
      window.__recaptcha.executed.push({ key, action: options && options.action });
      if (key !== siteKey) return Promise.reject(new Error('Invalid site key or not loaded in api.js: ' + key));
      return new Promise((resolve) => setTimeout(() => resolve(${JSON.stringify(token)}), 20));
    },
  };
})();`;

let verify: Awaited<ReturnType<typeof startVerifyStandIn>>;
let backend: RunningService;
let dataDir: string;

test.beforeAll(async () => {
  verify = await startVerifyStandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-e2e-captcha-'));
  const { start } = await import('services/backend');
  backend = await start({
    port: 0,
    host: 'localhost',
    dataDir,
    urls: {},
    log: () => {},
    env: {
      BACKEND_NAME: 'Captcha backend',
      BACKEND_CAPTCHA_ENABLED: 'true',
      BACKEND_CAPTCHA_SECRET: SECRET,
      BACKEND_CAPTCHA_CLIENT_KEY: SITE_KEY,
      BACKEND_CAPTCHA_VERIFY_URL: verify.url,
      BACKEND_CORS_ANY_LOCALHOST: 'true',
    },
  });
});

test.afterAll(async () => {
  await backend?.close();
  await verify?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** This device uses the captcha backend, and has a bookmark of its own. */
async function useCaptchaBackend(page: Page, hostUrl: string) {
  await page.goto(`${hostUrl}/about`);
  await writeNow(page, storedEntries({ settings: { backendUrl: backend.url } }));
  await editLocal(page, { addBookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }] });
}

/** Bodies of the register/start requests the page sent. */
function registerStarts(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/register/start')) bodies.push(request.postDataJSON());
  });
  return bodies;
}

test('register on a server that asks for a captcha: refused without the script or with a rejected token, then accepted', async ({
  page,
  site,
}) => {
  await useCaptchaBackend(page, site.hostUrl);
  const starts = registerStarts(page);

  await test.step("the reCAPTCHA script cannot load: 'ReCaptcha validation failed' and nothing is sent", async () => {
    await page.route(RECAPTCHA_SCRIPT, (route) => route.abort('internetdisconnected'));
    await fillRegister(page, site.hostUrl, 'Captcha device');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('account-error')).toHaveText('ReCaptcha validation failed');
    expect(starts).toEqual([]);
    expect(await storedAccount(page)).toBeNull();
    await page.unroute(RECAPTCHA_SCRIPT);
  });

  await test.step("a rejected token: 'ReCaptcha validation failed', no account, local data untouched", async () => {
    await page.route(RECAPTCHA_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: fakeRecaptcha('forged-token') }));
    await fillRegister(page, site.hostUrl, 'Captcha device');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('account-error')).toHaveText('ReCaptcha validation failed');
    await expect(page.getByTestId('register-submit')).toBeEnabled();
    expect(starts).toEqual([{ captchaToken: 'forged-token' }]);
    expect(verify.asked).toContainEqual({ secret: SECRET, response: 'forged-token' });
    expect(await storedAccount(page)).toBeNull();
    expect(Object.keys((await localBookmarks(page))!.bookmarks)).toEqual(['19']);
    await expect(page).toHaveURL(`${site.hostUrl}/register`);
    await page.unroute(RECAPTCHA_SCRIPT);
  });

  await test.step("accepted: the page loads Google's script with the server's site key and sends a token for the register action", async () => {
    await page.route(RECAPTCHA_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: fakeRecaptcha(ACCEPTED) }));
    const scripts: string[] = [];
    page.on('request', (request) => void (request.url().startsWith('https://www.google.com/recaptcha/') && scripts.push(request.url())));
    starts.length = 0;
    await fillRegister(page, site.hostUrl, 'Captcha device');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(`${site.hostUrl}/`);
    await expect.poll(() => storedAccount(page)).not.toBeNull();

    expect(scripts).toEqual([`https://www.google.com/recaptcha/api.js?render=${SITE_KEY}`]);
    expect(await page.evaluate(() => (window as unknown as { __recaptcha: unknown }).__recaptcha)).toEqual({
      siteKey: SITE_KEY,
      executed: [{ key: SITE_KEY, action: 'register' }],
    });
    expect(starts).toEqual([{ captchaToken: ACCEPTED }]);
    expect(verify.asked).toContainEqual({ secret: SECRET, response: ACCEPTED });
    await expect.poll(async () => Object.keys((await localBookmarks(page))?.bookmarks ?? {})).toEqual(['19']);
  });
});
