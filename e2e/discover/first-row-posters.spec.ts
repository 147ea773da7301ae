import { expect, test } from '../support/site.fixture';

/**
 * A cold load of /discover paints one of the first row's posters as its largest contentful paint: those in
 * view are asked for at high priority as soon as the row's answer is in, not once the page's own code has
 * loaded and React has rendered the row. Here the page's code (the remote's lazily loaded chunks) is held
 * back until the posters have been asked for.
 */
test('the first row of /discover asks for its posters in view at high priority before the page renders', async ({ browser, site }) => {
  const manifest = (await (await fetch(`${site.remoteUrls.discover}/mf-manifest.json`)).json()) as {
    exposes: { name: string; assets: { js: { async: string[] } } }[];
  };
  const lazyChunks = new Set(manifest.exposes.flatMap((e) => e.assets.js.async).map((file) => `${site.remoteUrls.discover}/${file}`));
  expect(lazyChunks.size).toBeGreaterThan(0);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${site.remoteUrls.discover}/**/*.js`, async (route) => {
    if (lazyChunks.has(route.request().url())) await held;
    await route.continue();
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const images = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Image' && !images.has(event.request.url)) images.set(event.request.url, event.request.initialPriority);
  });
  // Not waiting for the load event: the page preloads the chunks held back here, and the event waits for them.
  await page.goto(`${site.hostUrl}/discover`, { waitUntil: 'commit' });
  await expect
    .poll(() => images.size, { message: 'posters asked for while the page code is held back', timeout: 20_000 })
    .toBeGreaterThan(3);
  const early = new Map(images);
  release();
  const firstRow = page.locator('[data-testid=carousel]').first();
  await expect(firstRow).toHaveAttribute('data-status', 'ready');
  await expect(firstRow.locator('img').first()).toBeVisible();
  const inView = await firstRow.locator('img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.right > 0 && r.left < innerWidth && r.top < innerHeight;
      })
      .map((img) => img.currentSrc || img.src),
  );
  expect(inView.length).toBeGreaterThan(3);
  for (const url of inView) expect(early.get(url), url).toBe('High');
  await context.close();
});

/**
 * The first row's answer does not wait for the discover remote's code: the page asks for it (and for the
 * discover page's own chunk) while the remote's scripts are still on their way, and the remote then reads
 * that answer instead of asking again. Here every script of the remote is held back until the row has been
 * asked for.
 */
test("a cold load of /discover asks for its first row and the page's chunk before the remote's scripts arrive, the row once", async ({
  browser,
  site,
}) => {
  const manifest = (await (await fetch(`${site.remoteUrls.discover}/mf-manifest.json`)).json()) as {
    exposes: { name: string; assets: { js: { async: string[] } } }[];
  };
  const pageChunk = manifest.exposes.flatMap((e) => e.assets.js.async).find((file) => file.startsWith('page-discover.'));
  expect(pageChunk, 'the discover page is a chunk of its own').toBeDefined();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  const firstRow = (url: string) => new URL(url).pathname === '/3/movie/now_playing';
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${site.remoteUrls.discover}/**/*.js`, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the load event: the page preloads the chunks held back here, and the event waits for them.
  await page.goto(`${site.hostUrl}/discover`, { waitUntil: 'commit' });
  await expect
    .poll(() => asked.filter(firstRow).length, {
      message: "the first row asked for while the remote's scripts are held back",
      timeout: 20_000,
    })
    .toBe(2);
  await expect
    .poll(() => asked.includes(`${site.remoteUrls.discover}/${pageChunk}`), { message: "the page's chunk asked for with them" })
    .toBe(true);
  release();
  const row = page.locator('[data-testid=carousel]').first();
  await expect(row).toHaveAttribute('data-status', 'ready');
  await expect(row.locator('img').first()).toBeVisible();
  const rowRequests = asked.filter(firstRow).map((url) => new URL(url).searchParams.get('page'));
  expect(rowRequests.sort()).toEqual(['1', '2']);
  await context.close();
});

/**
 * The app's scripts wait for the first frame's posters so that they do not hold them back, but not for long: with
 * every poster stalled, the page still renders and answers. Here no image ever arrives.
 */
test('posters that never arrive hold Discover back half a second at most', async ({ browser, site }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/t/p/**', () => new Promise<void>(() => {}));
  await page.goto(`${site.hostUrl}/discover`, { waitUntil: 'commit' });
  await expect(page.locator('.shell-discover li img').first()).toBeAttached();
  const row = page.locator('[data-testid=carousel]').first();
  await expect(row).toHaveAttribute('data-status', 'ready');
  await page.getByRole('tab', { name: 'TV Shows' }).click();
  await expect(page).toHaveURL(/tab=tvshows/);
  await context.close();
});
