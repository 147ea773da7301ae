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

test('no proxy: IMDb data comes through the extension with a browser user-agent', async ({ page, site }) => {
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
});

test('no proxy and no extension: the details show without IMDb data', async ({ page, site }) => {
  await seedSettings(page, { proxyUrls: [] });
  const imdb: string[] = [];
  page.on('request', (r) => r.url().includes('/title/') && imdb.push(r.url()));
  await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
  const modal = detailsModal(page);
  await expect(modal.getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
  await expect(modal.getByTestId('details-rating')).toBeVisible();
  await page.waitForTimeout(1500); // the extension hello times out after 500 ms
  expect(imdb).toEqual([]);
});
