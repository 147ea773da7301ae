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
  await page.goto(`${site.hostUrl}/discover`);
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
