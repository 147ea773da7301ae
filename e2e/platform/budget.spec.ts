import type { Response } from '@playwright/test';
import { expect, test } from '../support/site.fixture';

/**
 * The budget of `/` (docs/budgets.md): at most 200 KB of compressed JS and 30 requests. What keeps it: the
 * router is shared through shared-contracts/router, tree-shaken, instead of as the whole package; a top row
 * fetches only the posters in view (the rest load lazily as the row scrolls); the site icon is inline in
 * index.html.
 */
const BUDGET_BYTES = 200 * 1024;
const BUDGET_REQUESTS = 30;

async function transferredJs(responses: Response[]): Promise<number> {
  let total = 0;
  for (const response of responses) {
    if (!response.url().endsWith('.js')) continue;
    const sizes = await response.request().sizes();
    total += sizes.responseBodySize;
    // Files under 512 bytes are not worth compressing (PrecompressPlugin skips them).
    if (sizes.responseBodySize > 600) expect(response.headers()['content-encoding'], `${response.url()} is compressed`).toMatch(/br|gzip/);
  }
  return total;
}

test(`/ within its budget: ${BUDGET_BYTES / 1024} KB of compressed JS, ${BUDGET_REQUESTS} requests, no player code; its scripts compile off the main thread, each named by the page`, async ({
  page,
  site,
}) => {
  const responses: Response[] = [];
  const urls: string[] = [];
  page.on('response', (r) => responses.push(r));
  page.on('request', (r) => urls.push(r.url()));
  // Work that writes stores when it answers waits for the first commit: a store written while React
  // renders the screen in slices makes it throw the slices away and render the whole tree again in one
  // blocking task. So the region look-up starts once the first screen is on screen.
  const config = (await (await page.request.get(`${site.hostUrl}/config.json`)).json()) as { geoUrl?: string };
  expect(config.geoUrl).toBeTruthy();
  let screenAtLookUp: boolean | null = null;
  await page.route(
    (url) => url.href.startsWith(config.geoUrl!),
    async (route) => {
      // React's first commit: its site header replaces the static shell's (a div.shell-header). Whether the
      // rows are in that commit depends on how soon the discover remote arrives, which the look-up must not wait for.
      screenAtLookUp ??= await page.evaluate(() => Boolean(document.querySelector('#root header')));
      await route.continue();
    },
  );
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByRole('search')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await test.step('bytes and requests', async () => {
    const bytes = await transferredJs(responses);
    console.log(`JS transferred on /: ${(bytes / 1024).toFixed(1)} KB (budget ${BUDGET_BYTES / 1024} KB)`);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    console.log(`requests on /: ${urls.length} (budget ${BUDGET_REQUESTS})`);
    expect(urls.length, urls.join('\n')).toBeLessThanOrEqual(BUDGET_REQUESTS);
    expect(urls.filter((u) => u.startsWith(site.remoteUrls.player))).toEqual([]);
    expect(urls.filter((u) => /hls/i.test(u))).toEqual([]);
  });

  await test.step('every script carries the compile hint on its first line', async () => {
    // V8 compiles the functions of a script whose first line is this comment on a background thread while it
    // streams, instead of lazily on the main thread at their first call, where it would hold up the first
    // screen. The minifier must not strip it.
    const scripts = responses.filter((r) => r.url().endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect((await script.text()).split('\n', 1)[0], script.url()).toBe('//# allFunctionsCalledOnLoad');
  });

  await test.step('every host script is named by the page itself', async () => {
    // Unnamed, the boot chunk and the app's tree would be requested only once main.js had run, and the app's
    // only once the boot's had: round trips in a chain before the first remote could be asked for. The page
    // preloads them (rspack.base.ts, PreloadChunksPlugin); a chunk split off or renamed must be too.
    const hostScripts = urls.filter((u) => u.startsWith(site.hostUrl) && u.endsWith('.js')).map((u) => new URL(u).pathname);
    const html = await (await page.request.get(`${site.hostUrl}/`)).text();
    const named = new Set([...html.matchAll(/<(?:script[^>]* src|link rel="preload" as="script" href)="([^"]+)"/g)].map((m) => m[1]));
    expect(hostScripts.length).toBeGreaterThan(3);
    for (const script of hostScripts) expect(named, `${script} is not in the page's <head>`).toContain(script);
  });

  await test.step('the region look-up started once the first screen was on screen', async () => {
    await expect.poll(() => screenAtLookUp, { message: 'the region look-up was made' }).not.toBeNull();
    expect(screenAtLookUp, 'the home was on screen when the region look-up started').toBe(true);
  });
});

test("the page asks for the configuration and the first page's remote while its scripts load, each once", async ({ page, site }) => {
  // /config.json, /remotes.json, then the discover manifest, entry and app module would be a chain of round
  // trips that began only once the app's scripts had run. index.html's early-requests script starts them;
  // the app reads its answers rather than asking again (src/core/early-requests.ts).
  let mainRan = false;
  const before: string[] = [];
  const all: string[] = [];
  page.on('request', (r) => {
    all.push(r.url());
    if (!mainRan) before.push(r.url());
  });
  // Hold the host's entry script back: everything the page asked for meanwhile, it asked for by itself.
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    mainRan = true;
    await route.continue();
  });
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByTestId('carousel').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const early = [
    `${site.hostUrl}/config.json`,
    `${site.hostUrl}/remotes.json`,
    `${site.remoteUrls.discover}/mf-manifest.json`,
    `${site.remoteUrls.discover}/remoteEntry.js`,
  ];
  for (const url of early) {
    expect(before, `${url} asked for before main.js ran`).toContain(url);
    expect(all.filter((u) => u === url).length, `${url} asked for once`).toBe(1);
  }
  const exposed = before.filter((u) => u.startsWith(`${site.remoteUrls.discover}/__federation_expose_app.`));
  expect(exposed).toHaveLength(1);
  expect(all.filter((u) => u === exposed[0])).toHaveLength(1);
});

test("/discover loads no player code; a remote page shown before renders at once when the person comes back, without the slot's loading text", async ({
  page,
  site,
}) => {
  // Through `lazy`, every mount of a slot would suspend once, so coming back home would show "Loading
  // Discover…" in place of the rows; and React 19 holds back a boundary's content for 300 ms after its
  // fallback. A page whose module and translations are in renders directly (remote-loader readyPage).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __slotLoading: string[] }).__slotLoading = seen;
    new MutationObserver(() => {
      const loading = document.querySelector('section[aria-labelledby="discover-section"] [role="status"]');
      if (loading) seen.push(loading.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('carousel').first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __slotLoading: string[] }).__slotLoading.length = 0));
  await page.getByRole('banner').getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('discover-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Neither home nor Discover loads player code.
  expect(urls.filter((u) => u.startsWith(site.remoteUrls.player))).toEqual([]);
  expect(urls.filter((u) => /hls/i.test(u))).toEqual([]);
  await page.goBack();
  await expect(page.getByTestId('carousel').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __slotLoading: string[] }).__slotLoading)).toEqual([]);
});
