/**
 * Turnstile before scraping (docs/behaviour.md#scraping-captcha: the token, the workers' X-Token, the failure text and
 * "Verifying humanity"): with `turnstileSiteKey` in the
 * config and a proxy list, the player loads Cloudflare's script, runs an on-demand widget with the site key,
 * shows "Verifying humanity" meanwhile, and hands the token to the run; no token, no run: the Turnstile message.
 *
 * Cloudflare is not reachable here: the script is a stand-in (same API: turnstile.render / execute / reset,
 * callbacks) served through page.route. The remote scraping server of the services checks the token it gets
 * in cf-turnstile-response (one started here with SCRAPER_CAPTCHA_TOKEN). How tokens are kept, used once,
 * expire and time out, and that a run without a site key asks for none: remote-player/src/features/player/
 * {turnstile,start-stream}.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import type { RunningService } from 'services/types';
import { withConfig } from '../support/config';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const SITE_KEY = 'e2e-turnstile-site-key';
const ACCEPTED = 'e2e-turnstile-token';
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js*';
const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const TURNSTILE_MESSAGE =
  'Failed to verify your humanity - stream failed to load. Clear your cache and try again, or switch to a different source';

/**
 * The Turnstile script stand-in. `answer`: the token each execute gives after `delayMs` (a new one each
 * time: `<token>-<n>` from the second on), or a widget error code.
 */
const fakeTurnstile = (answer: { token: string; sameEachTime?: boolean } | { error: string }, delayMs = 1200) => `(() => {
  window.__turnstile = { src: document.currentScript.src, renders: [], executes: 0, resets: 0 };
  let params = null;
  window.turnstile = {
    render(container, p) {
      params = p;
      window.__turnstile.renders.push({ sitekey: p.sitekey, execution: p.execution, appearance: p.appearance, inDocument: container.isConnected });
      return 'widget-1';
    },
    execute(id) {
      const n = ++window.__turnstile.executes;
      const answer = ${JSON.stringify(answer)};
      setTimeout(() => {
        if (answer.error) params['error-callback'](answer.error);
        else params.callback(n === 1 || answer.sameEachTime ? answer.token : answer.token + '-' + n);
      }, ${delayMs});
    },
    reset() { window.__turnstile.resets++; },
  };
})();`;

/** What the page asked for while scraping (the worker's requests included), with their headers. */
function recordRequests(page: Page) {
  const seen: Array<{ url: string; headers: Promise<Record<string, string>> }> = [];
  page.on('request', (r: Request) => {
    const headers = r.allHeaders();
    // A request still open when the test ends never gets its headers: that is not a failure of the test.
    headers.catch(() => undefined);
    seen.push({ url: r.url(), headers });
  });
  return {
    urls: (prefix: string) => seen.filter((r) => r.url.startsWith(prefix)).map((r) => r.url),
    headers: (prefix: string) => Promise.all(seen.filter((r) => r.url.startsWith(prefix)).map((r) => r.headers)),
  };
}

const turnstileSeen = (page: Page) => page.evaluate(() => (window as unknown as { __turnstile?: unknown }).__turnstile ?? null);

let scraper: RunningService;
let dataDir: string;

test.beforeAll(async ({ site }) => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-e2e-turnstile-'));
  const { start } = await import('services/scraper');
  // The services' remote scraping server, asking for a captcha token: only ACCEPTED passes (else 403).
  scraper = await start({
    port: 0,
    host: 'localhost',
    dataDir,
    urls: site.services!.urls,
    log: () => {},
    env: { SCRAPER_CAPTCHA_TOKEN: ACCEPTED },
  });
});

test.afterAll(async () => {
  await scraper?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('proxy workers and a site key: "Verifying humanity" while the widget runs (site key, on demand, invisible), then the run plays', async ({
  page,
  site,
}) => {
  await page.route(TURNSTILE_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakeTurnstile({ token: ACCEPTED }) }),
  );
  await withConfig(page, { turnstileSiteKey: SITE_KEY, proxyUrls: [site.services!.urls.proxy!] });
  const requests = recordRequests(page);
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(page.getByTestId('scraping-view').getByTestId('turnstile-verifying')).toHaveText('Verifying humanity');
  // The run waits for the token: nothing is scraped while verifying.
  expect(requests.urls(`${site.services!.urls.media}/index/`)).toEqual([]);
  await startPlayback(page, 0.5);
  expect(requests.urls('https://challenges.cloudflare.com/')).toEqual([
    'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  ]);
  expect(await turnstileSeen(page)).toEqual({
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    renders: [{ sitekey: SITE_KEY, execution: 'execute', appearance: 'interaction-only', inDocument: true }],
    executes: 1,
    resets: 0,
  });
  expect(requests.urls(`${site.services!.urls.media}/index/`).length).toBeGreaterThan(0);
});

test('through a remote scraping server that checks the token: the run carries it and plays; the source menu takes a fresh one', async ({
  page,
  site,
}) => {
  await page.route(TURNSTILE_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakeTurnstile({ token: ACCEPTED, sameEachTime: true }) }),
  );
  await withConfig(page, { turnstileSiteKey: SITE_KEY, proxyUrls: [`api:${scraper.url}`] });
  const requests = recordRequests(page);

  await test.step('the run of the page: "Verifying humanity", then the token in cf-turnstile-response, and it plays', async () => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(page.getByTestId('turnstile-verifying')).toHaveText('Verifying humanity');
    await startPlayback(page, 0.5);
    const scrapes = await requests.headers(`${scraper.url}/scrape?`);
    expect(scrapes.map((h) => h['cf-turnstile-response'])).toEqual([ACCEPTED]);
    await expect(page.getByTestId('turnstile-verifying')).toHaveCount(0);
  });

  await test.step("the source menu's run asks the widget for a token of its own and sends it with /scrape/source", async () => {
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    await page.getByTestId('source-local-mp4').click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\.mp4$/);
    // Tokens are single use: the page's run took the first, the menu's run asked the widget for a second one.
    expect((await requests.headers(`${scraper.url}/scrape/source?`)).map((h) => h['cf-turnstile-response'])).toEqual([ACCEPTED]);
    expect(((await turnstileSeen(page)) as { executes: number }).executes).toBe(2);
  });
});

test('a captcha that fails: the script cannot load, or the server refuses the token; no run, the Turnstile message says why', async ({
  page,
  site,
}) => {
  const requests = recordRequests(page);
  const screen = page.getByTestId('scrape-not-found');

  await test.step('the Turnstile script cannot load: nothing is scraped; the details name the captcha', async () => {
    await page.route(TURNSTILE_SCRIPT, (route) => route.abort('internetdisconnected'));
    await withConfig(page, { turnstileSiteKey: SITE_KEY, proxyUrls: [site.services!.urls.proxy!] });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(screen).toContainText(TURNSTILE_MESSAGE);
    await screen.getByRole('button', { name: 'Show details' }).click();
    await expect(page.getByTestId('scrape-error-details')).toContainText('scrape/turnstile');
    expect(requests.urls(`${site.services!.urls.media}/index/`)).toEqual([]);
    expect(requests.urls(site.services!.urls.proxy!)).toEqual([]);
    await page.unroute(TURNSTILE_SCRIPT);
    await page.unroute('**/config.json');
  });

  await test.step('a token the remote server refuses ends the run on the Turnstile message', async () => {
    await page.route(TURNSTILE_SCRIPT, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: fakeTurnstile({ token: 'forged-token' }, 200) }),
    );
    await withConfig(page, { turnstileSiteKey: SITE_KEY, proxyUrls: [`api:${scraper.url}`] });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(screen).toContainText(TURNSTILE_MESSAGE);
    expect((await requests.headers(`${scraper.url}/scrape?`)).map((h) => h['cf-turnstile-response'])).toEqual(['forged-token']);
  });
});
