/**
 * Embed API across origins: the partner example page (served from its own origin) frames the site's
 * /embed route; the player posts events to it and obeys its commands. How commands are read and checked,
 * and events throttled: remote-player/src/core/embed/protocol.test.ts and features/player/load-media.test.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../../scripts/site.ts';
import { movieById } from 'services/catalog-data';
import { BROKEN, BROKEN_MOVIES } from 'services/media-library';
import { expect, test } from '../support/site.fixture';

const PARTNER = fs.readFileSync(path.join(ROOT, 'remote-player', 'public', 'partner-example.html'));
let server: http.Server;
let partnerOrigin: string;

test.beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(PARTNER));
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  partnerOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Event = { type: string; time?: number; sourceId?: string; message?: string };
const events = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { playerEvents: Event[] }).playerEvents);

/** Posts a command to the framed player as a partner page would. */
const send = (page: import('@playwright/test').Page, origin: string, command: Record<string, unknown>) =>
  page.evaluate(
    ({ command, origin }) =>
      document.querySelector('iframe')!.contentWindow!.postMessage({ source: 'movie-web-player', ...command }, origin),
    { command, origin },
  );

test('the partner page drives the embedded player across origins and hears its events: play, pause, seek, volume, the end, loadMedia', async ({
  page,
  site,
}) => {
  await page.goto(`${partnerOrigin}/?player=${encodeURIComponent(site.hostUrl)}&media=tmdb-movie-653`);
  const frame = page.frameLocator('iframe');
  const src = () => frame.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentSrc);

  await test.step('ready, then the source found; the player alone fills the frame: no site header, footer or links', async () => {
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('ready');
    await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toContain('sourceFound');
    await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    const iframe = (await page.locator('iframe').boundingBox())!;
    const shell = (await frame.getByTestId('player').boundingBox())!;
    expect([Math.round(shell.x), Math.round(shell.y), Math.round(shell.width), Math.round(shell.height)]).toEqual([
      Math.round(iframe.x),
      Math.round(iframe.y),
      Math.round(iframe.width),
      Math.round(iframe.height),
    ]);
    await frame.getByTestId('player').hover();
    await expect(frame.getByTestId('controls')).toHaveCSS('opacity', '1');
    await expect(frame.locator('header, footer, nav')).toHaveCount(0);
    await expect(frame.getByRole('link')).toHaveCount(0); // no back link, no site links
  });

  await test.step('the buttons of the partner page play, pause, seek and set the volume; the parent hears play, timeupdate and pause', async () => {
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('play');
    await expect
      .poll(async () => (await events(page)).filter((e) => e.type === 'timeupdate').length, { timeout: 10_000 })
      .toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('pause');
    await page.getByRole('button', { name: 'Seek to 5 s' }).click();
    await expect.poll(() => frame.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(5, 0);
    await page.getByRole('button', { name: 'Volume 50%' }).click();
    await expect.poll(() => frame.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.5, 2);
  });

  await test.step('the parent hears ended when the video reaches its end', async () => {
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    expect((await events(page)).map((e) => e.type)).not.toContain('ended');
    await send(page, site.hostUrl, { type: 'seek', time: movieById.get(653)!.runtime * 60 - 1 }); // a second before the end
    await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 10_000 }).toContain('ended');
    expect(await frame.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
  });

  await test.step('loadMedia goes through the Direct URL provider: a stream that does not play is refused with an error event', async () => {
    const playing = await src();
    // Segments answer 404: validated like a found stream, refused; the current video stays.
    const broken = `${site.services!.urls.media}${BROKEN.missingSegments}`;
    await page.getByLabel('Stream URL').fill(broken);
    await page.getByRole('button', { name: 'Load media' }).click();
    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'error')?.message, { timeout: 20_000 })
      .toBe(`loadMedia: ${broken} cannot be played (no stream: segment: HTTP 404)`);
    expect(await src()).toBe(playing);
    expect((await events(page)).filter((e) => e.type === 'sourceFound')).toHaveLength(1);
  });

  await test.step('loadMedia from the form of the partner page, and posted with a type and a start time, which is honoured', async () => {
    const mp4 = `${site.services!.urls.media}/clips/harbor/mp4/480.mp4`;
    await page.getByLabel('Stream URL').fill(mp4);
    await page.getByRole('button', { name: 'Load media' }).click();
    await expect.poll(src).toBe(mp4);
    const at6 = `${site.services!.urls.media}/clips/harbor/mp4/720.mp4`;
    await send(page, site.hostUrl, { type: 'loadMedia', url: at6, streamType: 'mp4', startAt: 6 });
    await expect.poll(src).toBe(at6);
    await expect.poll(() => frame.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(6);
    await expect.poll(async () => (await events(page)).filter((e) => e.type === 'sourceFound').at(-1)?.sourceId).toBe('direct-url');
  });
});

test('the parent hears error when the title has only a broken stream', async ({ page, site }) => {
  await page.goto(`${partnerOrigin}/?player=${encodeURIComponent(site.hostUrl)}&media=tmdb-movie-${BROKEN_MOVIES.missingSegments}`);
  await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('ready');
  // Scraping validates streams: the broken one is refused and the run ends on not found (docs/behaviour.md#scraping-errors).
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === 'error')?.message, { timeout: 30_000 })
    .toMatch(/^(not found|no stream)$/);
  await expect(page.frameLocator('iframe').getByTestId('scrape-not-found')).toBeVisible();
  expect((await events(page)).map((e) => e.type)).not.toContain('sourceFound');
});

test('the standalone player page serves /embed on its own origin, with the embed API', async ({ page, site }) => {
  const standalone = site.remoteUrls.player;
  // A partner deploys the standalone player with its own config.json: here, the site's.
  const config = await (await fetch(`${site.hostUrl}/config.json`)).json();
  await page.route(`${standalone}/config.json`, (route) => route.fulfill({ json: config }));
  await page.goto(`${partnerOrigin}/?player=${encodeURIComponent(standalone)}&media=tmdb-movie-653`);
  await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toContain('ready');
  await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toContain('sourceFound');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await events(page)).filter((e) => e.type === 'timeupdate').length, { timeout: 10_000 }).toBeGreaterThan(0);
  const frame = page.frameLocator('iframe');
  await expect.poll(() => frame.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
  expect(page.frames()[1]!.url()).toBe(`${standalone}/embed/tmdb-movie-653`);
});
