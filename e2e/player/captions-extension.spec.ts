/**
 * Captions a source flags `needsProxy` (fetched through the extension or a proxy,
 * docs/behaviour.md#captions-loading): their host sends no CORS header, so the page itself cannot read
 * them. With the browser extension installed they come through its makeRequest; when the extension
 * fails, the menu says 'failed to get caption data from extension'. A stand-in remote scraping server
 * (an `api:` entry in the proxy list) answers with a stream carrying such a caption.
 */
import type { Page } from '@playwright/test';
import { withConfig } from '../support/config';
import { fakeExtensionMessages, installFakeExtension, menu, openSettings, startPlayback, video } from '../support/player.page';
import { startStandInScraper, type StandInScraper } from '../support/stand-in-scraper';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nProtected line 1\n\n00:00:02.000 --> 00:00:04.000\nProtected line 2\n';

const seen = (page: Page) => fakeExtensionMessages(page) as Promise<Array<{ name: string; body: { url?: string } | null }>>;

let scraper: StandInScraper;
let mediaUrl = '';
const captionRequests: Array<{ origin: string | undefined }> = [];

test.beforeAll(async () => {
  scraper = await startStandInScraper(
    () => ({
      id: 'partner-hls',
      type: 'hls',
      playlist: `${mediaUrl}/clips/meadow/hls/master.m3u8`,
      flags: ['cors-allowed'],
      captions: [{ id: 'protected-en', language: 'en', type: 'vtt', url: `${scraper.origin}/protected/en.vtt`, needsProxy: true }],
    }),
    (url, req, res) => {
      if (url.pathname !== '/protected/en.vtt') return false;
      // No Access-Control-Allow-Origin: a page cannot read this, the extension can.
      captionRequests.push({ origin: req.headers.origin });
      res.writeHead(200, { 'Content-Type': 'text/vtt' }).end(VTT);
      return true;
    },
  );
});
test.afterAll(() => scraper.close());

test.beforeEach(async ({ page, site }) => {
  mediaUrl = site.services!.urls.media!;
  captionRequests.length = 0;
  await withConfig(page, { proxyUrls: [`api:${scraper.origin}`] });
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
  await installFakeExtension(page, { requests: 'background' });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await openCaptionsAt3s(page);
  await page.getByTestId('caption-protected-en').click();
  await expect(page.getByTestId('caption-cue')).toHaveText('Protected line 2');
  expect((await seen(page)).filter((m) => m.name === 'makeRequest').map((m) => m.body?.url)).toContain(
    `${scraper.origin}/protected/en.vtt`,
  );
  // Only the extension's background fetched it: no request from the page (which would carry its Origin).
  expect(captionRequests.length).toBeGreaterThan(0);
  expect(captionRequests.every((r) => r.origin === undefined)).toBe(true);
});

test('an extension that fails the request: "failed to get caption data from extension" in the menu', async ({ page, site }) => {
  await installFakeExtension(page, { requests: 'refused' });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await openCaptionsAt3s(page);
  await page.getByTestId('caption-protected-en').click();
  await expect(menu(page).getByRole('alert')).toHaveText('failed to get caption data from extension');
  await expect(page.getByTestId('caption-cue')).toHaveCount(0);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
});

test('without extension or proxy, the caption is tried directly and its refusal is "failed to get caption data"', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await openCaptionsAt3s(page);
  await page.getByTestId('caption-protected-en').click();
  await expect(menu(page).getByRole('alert')).toHaveText('failed to get caption data', { timeout: 5000 });
  await expect(page.getByTestId('caption-cue')).toHaveCount(0);
});
