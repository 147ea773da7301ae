/**
 * The local media library plays in real Chromium: an HLS stream through hls.js (with its 4K level,
 * two audio languages and subtitles) and an MP4 file natively. The media service runs on a free
 * port inside the test; the test page is served by a second small server on another port, so every
 * media request is cross-origin and exercises the service's CORS headers. (A page served through
 * Playwright's router would not do: Chromium refuses its requests to the loopback address space.)
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { startServices, type RunningServices } from 'services/run';

const require = createRequire(import.meta.url);
const HLS_JS = fs.readFileSync(require.resolve('hls.js/dist/hls.min.js'), 'utf8');
const PAGE_HTML =
  '<!doctype html><html><head><script src="/hls.js"></script></head><body><video id="v" muted playsinline width="640" height="360"></video></body></html>';

let run: RunningServices;
let media: string;
let pageServer: http.Server;
let pageOrigin: string;

test.beforeAll(async () => {
  run = await startServices({ names: ['media'], ports: { media: 0 }, log: () => {} });
  media = run.urls.media!;
  pageServer = http.createServer((req, res) => {
    const js = req.url === '/hls.js';
    res.writeHead(200, { 'Content-Type': js ? 'text/javascript' : 'text/html' });
    res.end(js ? HLS_JS : PAGE_HTML);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, 'localhost', resolve));
  pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  pageServer?.closeAllConnections();
  await new Promise((resolve) => pageServer?.close(resolve));
  await run?.close();
});

const currentTime = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).currentTime);

test('the media library plays in Chromium: the HLS ladder through hls.js, an MP4 natively; a web page is no playlist', async ({ page }) => {
  await test.step('the HLS ladder with hls.js: 4K level, two audio languages, subtitles; time advances, also after an audio switch', async () => {
    await page.goto(`${pageOrigin}/`);
    const master = `${media}/clips/meadow/hls/master.m3u8`;
    const info = await page.evaluate(async (src) => {
      const w = window as unknown as { Hls: any };
      const video = document.getElementById('v') as HTMLVideoElement;
      const hls = new w.Hls();
      (window as unknown as { hls: unknown }).hls = hls;
      const parsed = new Promise<void>((resolve, reject) => {
        hls.on(w.Hls.Events.MANIFEST_PARSED, () => resolve());
        hls.on(
          w.Hls.Events.ERROR,
          (_: unknown, data: { fatal: boolean; details: string }) => data.fatal && reject(new Error(data.details)),
        );
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      await parsed;
      await video.play();
      return {
        heights: hls.levels.map((l: { height: number }) => l.height),
        audio: hls.audioTracks.map((t: { lang: string }) => t.lang),
        subtitles: hls.subtitleTracks.map((t: { lang: string }) => t.lang),
      };
    }, master);
    expect(info.heights.length).toBeGreaterThanOrEqual(4);
    expect(info.heights).toContain(2160);
    expect(info.audio).toEqual(['en', 'es']);
    expect(info.subtitles).toEqual(['en', 'es']);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5);
    await page.evaluate(() => {
      (window as unknown as { hls: { audioTrack: number } }).hls.audioTrack = 1;
    });
    const before = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(before + 1);
  });

  await test.step('an MP4 file natively; time advances', async () => {
    await page.goto(`${pageOrigin}/`);
    await page.evaluate(async (src) => {
      const video = document.getElementById('v') as HTMLVideoElement;
      video.src = src;
      await video.play();
    }, `${media}/clips/harbor/mp4/720.mp4`);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5);
    expect(await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).error)).toBeNull();
  });

  await test.step('a "playlist" that is a web page fails as a fatal manifest error', async () => {
    await page.goto(`${pageOrigin}/`);
    const details = await page.evaluate(async (src) => {
      const w = window as unknown as { Hls: any };
      const hls = new w.Hls({ manifestLoadingMaxRetry: 0 });
      return new Promise<string>((resolve) => {
        hls.on(w.Hls.Events.ERROR, (_: unknown, data: { fatal: boolean; details: string }) => data.fatal && resolve(data.details));
        hls.on(w.Hls.Events.MANIFEST_PARSED, () => resolve('parsed'));
        hls.loadSource(src);
        hls.attachMedia(document.getElementById('v'));
      });
    }, `${media}/broken/not-a-playlist/master.m3u8`);
    expect(details).toBe('manifestParsingError');
  });
});
