/**
 * IMDb data routes (docs/behaviour.md#details-imdb-data): through the extension when there is no proxy;
 * without either, details still show.
 */
import { expect, test } from '../support/site.fixture';
import { detailsModal, openDiscover } from '../support/discover.page';
import { seedSettings } from '../support/seed';

/** A stand-in for the extension's content script: answers hello and makeRequest on window messages. */
const FAKE_EXTENSION = `
  window.__extensionSeen = [];
  window.addEventListener('message', async (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object' || m.relayed || typeof m.name !== 'string') return;
    window.__extensionSeen.push({ name: m.name, body: m.body });
    let body = null;
    if (m.name === 'hello') body = { success: true, version: '1.0.2', allowed: true, hasPermission: true };
    if (m.name === 'makeRequest') {
      const response = await fetch(m.body.url);
      body = { success: true, response: { statusCode: response.status, headers: {}, finalUrl: m.body.url, body: await response.text() } };
    }
    window.postMessage({ name: m.name, instanceId: m.instanceId, relayed: true, body }, '*');
  });
`;

test('no proxy: IMDb data comes through the extension with a browser user-agent; without one either, the details still show', async ({
  browser,
  site,
}) => {
  await test.step('through the extension', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await seedSettings(page, { proxyUrls: [] });
    await page.addInitScript(FAKE_EXTENSION);
    const proxied: string[] = [];
    page.on('request', (r) => r.url().includes('destination=') && proxied.push(r.url()));
    await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
    const modal = detailsModal(page);
    await expect(modal.getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              window as unknown as { __extensionSeen: { name: string; body: { url?: string; headers?: Record<string, string> } }[] }
            ).__extensionSeen.find((m) => m.name === 'makeRequest')?.body ?? null,
        ),
      )
      .toMatchObject({
        url: expect.stringMatching(/\/title\/tt0013442\/$/),
        headers: { 'User-Agent': expect.stringMatching(/^Mozilla\/5\.0/) },
      });
    await expect(modal.getByTestId('details-trailer')).toBeVisible();
    expect(proxied).toEqual([]);
    await context.close();
  });

  await test.step('no proxy and no extension: the details show without IMDb data', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await seedSettings(page, { proxyUrls: [] });
    // The page's timers run when the test says: the extension's hello is given up 500 ms after it is sent.
    await page.clock.install();
    await page.addInitScript(() => {
      (window as unknown as { __hellos: number }).__hellos = 0;
      addEventListener('message', (event: MessageEvent<{ name?: string; relayed?: boolean } | null>) => {
        if (event.data?.name === 'hello' && !event.data.relayed) (window as unknown as { __hellos: number }).__hellos++;
      });
    });
    const imdb: string[] = [];
    page.on('request', (r) => r.url().includes('/title/') && imdb.push(r.url()));
    await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
    const modal = detailsModal(page);
    await expect(modal.getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
    await expect(modal.getByTestId('details-rating')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __hellos: number }).__hellos)).toBeGreaterThan(0);
    await page.clock.runFor(1000);
    await expect(modal.getByTestId('details-rating')).toBeVisible();
    expect(imdb).toEqual([]);
    await context.close();
  });
});
