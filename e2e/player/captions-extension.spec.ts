/**
 * Captions a source flags `needsProxy` (spec §7: fetched "direct, or via extension or proxy when
 * needsProxy"): their host sends no CORS header, so the page itself cannot read them. With the browser
 * extension installed they come through its makeRequest; when the extension fails, the menu says
 * 'failed to get caption data from extension' (spec §8). A stand-in remote scraping server (an `api:`
 * entry in the proxy list) answers with a stream carrying such a caption.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nProtected line 1\n\n00:00:02.000 --> 00:00:04.000\nProtected line 2\n';

/**
 * The extension's content script and background, as the page meets them: answers hello and makeRequest
 * on window messages; makeRequest is performed outside the page (free of CORS, like the real background),
 * through `__extensionFetch`, or refused when `__extensionBroken` is set.
 */
const FAKE_EXTENSION = `
  window.__extensionSeen = [];
  window.addEventListener('message', async (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object' || m.relayed || typeof m.name !== 'string') return;
    window.__extensionSeen.push({ name: m.name, body: m.body });
    let body = { success: true };
    if (m.name === 'hello') body = { success: true, version: '1.0.2', allowed: true, hasPermission: true };
    if (m.name === 'makeRequest') {
      body = window.__extensionBroken
        ? { success: false, error: 'net::ERR_BLOCKED_BY_CLIENT' }
        : { success: true, response: { ...(await window.__extensionFetch(m.body.url)), finalUrl: m.body.url } };
    }
    window.postMessage({ name: m.name, instanceId: m.instanceId, relayed: true, body }, '*');
  });
`;

async function installExtension(page: Page, options: { broken?: boolean } = {}) {
  await page.exposeFunction('__extensionFetch', async (url: string) => {
    const response = await fetch(url);
    return { statusCode: response.status, headers: {}, body: await response.text() };
  });
  if (options.broken) await page.addInitScript(() => ((window as unknown as { __extensionBroken: boolean }).__extensionBroken = true));
  await page.addInitScript(FAKE_EXTENSION);
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __extensionSeen?: Array<{ name: string; body: { url?: string } | null }> }).__extensionSeen ?? []);

let server: http.Server;
let origin: string;
let mediaUrl = '';
const captionRequests: Array<{ origin: string | undefined }> = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/protected/en.vtt') {
      // No Access-Control-Allow-Origin: a page cannot read this, the extension can.
      captionRequests.push({ origin: req.headers.origin });
      res.writeHead(200, { 'Content-Type': 'text/vtt' }).end(VTT);
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ providers: [{ id: 'partner', name: 'Partner server', rank: 1, kind: 'source', mediaTypes: ['movie', 'show'], needs: [] }] }));
      return;
    }
    if (url.pathname !== '/scrape') return void res.writeHead(404).end();
    const runId = 'stand-in';
    const stream = {
      id: 'partner-hls',
      type: 'hls',
      playlist: `${mediaUrl}/clips/meadow/hls/master.m3u8`,
      flags: ['cors-allowed'],
      captions: [{ id: 'protected-en', language: 'en', type: 'vtt', url: `${origin}/protected/en.vtt`, needsProxy: true }],
    };
    const events = [
      { type: 'init', runId, sources: [{ id: 'partner', name: 'Partner server' }] },
      { type: 'start', runId, id: 'partner' },
      { type: 'update', runId, id: 'partner', status: 'success', percentage: 100 },
      { type: 'done', runId, result: { ok: true, value: { sourceId: 'partner', stream } } },
    ];
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.end(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test.beforeEach(async ({ page, site }) => {
  mediaUrl = site.services!.urls.media!;
  captionRequests.length = 0;
  await page.route('**/config.json', async (route) => {
    const original = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...original, proxyUrls: [`api:${origin}`] } });
  });
});

async function openCaptionsAt3s(page: Page) {
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
}

test('a needsProxy caption comes through the extension (the page could not read it itself)', async ({ page, site }) => {
  await installExtension(page);
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await openCaptionsAt3s(page);
  await page.getByTestId('caption-protected-en').click();
  await expect(page.getByTestId('caption-cue')).toHaveText('Protected line 2');
  expect((await seen(page)).filter((m) => m.name === 'makeRequest').map((m) => m.body?.url)).toContain(`${origin}/protected/en.vtt`);
  // Only the extension's background fetched it: no request from the page (which would carry its Origin).
  expect(captionRequests.length).toBeGreaterThan(0);
  expect(captionRequests.every((r) => r.origin === undefined)).toBe(true);
});

test('an extension that fails the request: "failed to get caption data from extension" in the menu', async ({ page, site }) => {
  await installExtension(page, { broken: true });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await openCaptionsAt3s(page);
  await page.getByTestId('caption-protected-en').click();
  await expect(menu(page).getByRole('alert')).toHaveText('failed to get caption data from extension');
  await expect(page.getByTestId('caption-cue')).toHaveCount(0);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
});

test('without extension or proxy, the caption is tried directly and its refusal is "failed to get caption data"', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await openCaptionsAt3s(page);
  await page.getByTestId('caption-protected-en').click();
  await expect(menu(page).getByRole('alert')).toHaveText('failed to get caption data', { timeout: 5000 });
  await expect(page.getByTestId('caption-cue')).toHaveCount(0);
});
