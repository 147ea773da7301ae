/**
 * The scraping progress view (docs/behaviour.md#scraping-progress) against the local media library, in the
 * browser (the real worker) and through the remote scraping server: a title that plays on the third source
 * after two fail shows each state as it comes (an error icon on the failed ones, percentages while pending,
 * one of the 21 tips). Through the server, the source menu's runs go there too. What each row shows for each
 * state is a component test (remote-player/src/features/player/scraping-view.test.tsx).
 */
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROKEN_MOVIES, HOSTED_MOVIES, MIRRORED_MOVIES } from 'services/media-library';
import { withConfig } from '../support/config';
import { currentTime, menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

// The library's sources in rank order, then the archive (the remote server also runs the media-server stand-in first).
const LIBRARY = [
  'local-hls-mirror',
  'local-hls-backup',
  'local-hls',
  'local-mp4-mirror',
  'local-mp4',
  'local-hosts',
  'local-embed',
  'local-hls-sd',
  'local-mp4-sd',
];
const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
// An invented title (public-domain films are also on the archive), not on the mirrors, on one embed host.
const ONE_HOST = HOSTED_MOVIES.oneHost.find((id) => id >= 900000 && !MIRRORED_MOVIES.includes(id))!;
// The 21 tips of the progress view, as the English locale words them.
const TIPS = Object.values(
  (
    JSON.parse(fs.readFileSync(new URL('../../remote-player/src/locales/en.json', import.meta.url), 'utf8')) as {
      tips: Record<string, string>;
    }
  ).tips,
);

interface Progress {
  /** Every `source:status` shown, in order. */
  states: string[];
  listed: string[];
  /** What each shown `source:status` row carried besides its name: `error` icon, `check` icon, a percentage, or `nothing`. */
  shown: string[];
  /** The tip texts shown. */
  tips: string[];
}

/** Records, in order, every `source:status` the progress view has shown, what the row showed with it, the sources it listed, and its tip. */
async function recordProgress(page: Page): Promise<() => Promise<Progress>> {
  await page.addInitScript(() => {
    const w = window as unknown as { progress: Progress };
    w.progress = { states: [], listed: [], shown: [], tips: [] };
    const add = (list: string[], value: string) => void (list.includes(value) || list.push(value));
    new MutationObserver(() => {
      document.querySelectorAll('[data-testid="scrape-item"]').forEach((el) => {
        const id = el.getAttribute('data-source') ?? '';
        const state = `${id}:${el.getAttribute('data-status')}`;
        add(w.progress.states, state);
        add(w.progress.listed, id);
        const what = el.querySelector('.err svg')
          ? 'error'
          : el.querySelector('.ok svg')
            ? 'check'
            : (el.querySelector('.pct')?.textContent ?? (el.querySelector('svg') ? 'icon' : 'nothing'));
        add(w.progress.shown, `${state}:${what}`);
      });
      const tip = document.querySelector('[data-testid="scrape-tip"]')?.textContent;
      if (tip) add(w.progress.tips, tip);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
  });
  return () => page.evaluate(() => (window as unknown as { progress: Progress }).progress);
}

/**
 * The remote scraping server behind a relay that passes each server-sent event on 150 ms after the previous
 * one, as events of a server far away arrive. Next to the page, a run's events can arrive in one read and
 * the view may only render the last of them; with the relay each state has the time to render.
 */
async function startRelay(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const relay = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const answer = await fetch(`${upstream}${req.url}`, { headers: { Accept: req.headers.accept ?? '*/*' } });
    res.writeHead(answer.status, {
      'Content-Type': answer.headers.get('content-type') ?? 'text/plain',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
    });
    if (!answer.body || !(answer.headers.get('content-type') ?? '').includes('text/event-stream'))
      return res.end(Buffer.from(await answer.arrayBuffer()));
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = answer.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        await new Promise((r) => setTimeout(r, 150));
        if (res.destroyed) return void reader.cancel(); // the page went away: so does the run
        res.write(buffered.slice(0, end + 2));
        buffered = buffered.slice(end + 2);
      }
    }
    res.end(buffered);
  };
  const server = http.createServer((req, res) => void relay(req, res));
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Where the page's scraping went: to `server`'s endpoints, and to the media library's index from the page. */
function track(page: Page, server: string, media: string) {
  const seen = { server: [] as string[], index: [] as string[] };
  page.on('request', (r) => {
    if (r.url().startsWith(`${server}/scrape`)) seen.server.push(new URL(r.url()).pathname);
    if (r.url().startsWith(`${media}/index/`)) seen.index.push(r.url());
  });
  return seen;
}

/**
 * The progress of a run for the title that plays on the third source after the first two fail: the states
 * in order, an error icon on the failed ones, percentages while running, one tip.
 */
function expectThirdSourceProgress({ states, listed, shown, tips }: Progress) {
  expect(listed).toEqual(expect.arrayContaining(LIBRARY));
  const at = (state: string) => {
    expect(states).toContain(state);
    return states.indexOf(state);
  };
  // The two broken copies fail, one after the other, then the third source runs.
  expect(at('local-hls-mirror:failure')).toBeLessThan(at('local-hls-backup:failure'));
  expect(at('local-hls-backup:waiting')).toBeLessThan(at('local-hls-mirror:failure'));
  expect(at('local-hls:waiting')).toBeLessThan(at('local-hls-backup:failure'));
  expect(states).not.toContain('local-hls:failure');
  expect(states.filter((s) => s.endsWith(':success')).every((s) => s === 'local-hls:success')).toBe(true);
  // Each source is seen running before it fails, and the third runs after the second failed.
  expect(at('local-hls-mirror:pending')).toBeLessThan(at('local-hls-mirror:failure'));
  expect(at('local-hls-backup:pending')).toBeLessThan(at('local-hls-backup:failure'));
  expect(at('local-hls-backup:failure')).toBeLessThan(at('local-hls:pending'));
  // Lower sources were never needed.
  expect(states).not.toContain('local-mp4:pending');
  // A failed source shows the error icon; a running one its percentage (50% once the library answered).
  expect(shown).toEqual(
    expect.arrayContaining(['local-hls-mirror:failure:error', 'local-hls-backup:failure:error', 'local-hls-mirror:pending:50%']),
  );
  expect(shown.filter((s) => s.includes(':failure:')).every((s) => s.endsWith(':error'))).toBe(true);
  expect(shown.filter((s) => s.includes(':pending:')).every((s) => /:\d+%$/.test(s))).toBe(true);
  // One tip, of the 21, for the whole run.
  expect(tips).toHaveLength(1);
  expect(TIPS).toContain(tips[0]);
}

const src = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc);

/** Opens the source menu's list; the source `sourceId` is marked as the one playing, and only it. */
async function expectCurrentSource(page: Page, sourceId: string): Promise<void> {
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/source');
  await expect(page.getByTestId(`source-${sourceId}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(menu(page).locator('[aria-pressed="true"]')).toHaveCount(1);
}

test('in the browser: a title that plays on the third source after two fail shows each state as it comes', async ({ page, site }) => {
  const seen = track(page, site.services!.urls.scraper!, site.services!.urls.media!);
  // The media library as a host far away: its index and playlists answer 150 ms late, so the states of a
  // run (which next to the page can all come within a few milliseconds) each have the time to render.
  await page.route(
    (url) => url.href.startsWith(site.services!.urls.media!) && /\/index\/|\.m3u8$/.test(url.pathname),
    async (route) => {
      await new Promise((r) => setTimeout(r, 150));
      await route.continue();
    },
  );
  const progress = await recordProgress(page);
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${BROKEN_MOVIES.brokenThenWorking}`);
  await startPlayback(page, 0.5);
  expectThirdSourceProgress(await progress());
  expect(seen.server).toEqual([]);
  expect(seen.index.length).toBeGreaterThan(0);
});

test.describe('through the remote scraping server', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  test.beforeAll(async ({ site }) => {
    relay = await startRelay(site.services!.urls.scraper!);
  });
  test.afterAll(() => relay.close());

  test('the progress view, the film plays, and the source menu runs its source and embed there too; the page never scrapes', async ({
    page,
    site,
  }) => {
    await withConfig(page, { proxyUrls: [`api:${relay.url}`] });
    const seen = track(page, relay.url, site.services!.urls.media!);

    await test.step('the run goes through the server: each state shows, then the third source plays', async () => {
      const progress = await recordProgress(page);
      await page.goto(`${site.hostUrl}/media/tmdb-movie-${BROKEN_MOVIES.brokenThenWorking}`);
      await startPlayback(page, 0.5);
      const run = await progress();
      // The server also runs the media-server stand-in, first.
      expect(run.listed[0]).toBe('media-server');
      expectThirdSourceProgress(run);
      expect(seen.server).toEqual(['/scrape']);
    });

    await test.step('switching source mid-playback keeps the time and marks the new source', async () => {
      await page.goto(`${site.hostUrl}${NOSFERATU}`);
      await startPlayback(page, 3);
      await page.keyboard.press('k');
      const before = await currentTime(page);
      // The media-server stand-in has the public-domain films and ranks first.
      await expectCurrentSource(page, 'media-server');
      await page.getByTestId('source-local-mp4').click();
      await expect(menu(page)).toBeHidden({ timeout: 15_000 });
      await expect.poll(() => src(page)).toMatch(/\/clips\/meadow\/mp4\/\d+\.mp4$/);
      // The new source starts at 0 until its metadata is in and the player puts it at the kept time.
      await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before - 0.5);
      expect(await currentTime(page)).toBeLessThan(before + 3);
      await expectCurrentSource(page, 'local-mp4');
      await page.keyboard.press('Escape');
      expect(seen.server).toContain('/scrape/source');
    });

    await test.step('a source with one embed: the server runs the source, then the embed; it plays and the menu closes', async () => {
      await page.goto(`${site.hostUrl}/media/tmdb-movie-${ONE_HOST}`);
      await startPlayback(page, 0.5);
      const before = await src(page);
      await openSettings(page);
      await page.getByTestId('menu-source').click();
      await page.getByTestId('source-local-hosts').click();
      await expect(menu(page)).toBeHidden({ timeout: 15_000 });
      await expect.poll(() => src(page)).toMatch(/\/mp4\/\d+\.mp4$/);
      expect(await src(page)).not.toBe(before);
      await expectCurrentSource(page, 'local-hosts');
      expect(seen.server).toContain('/scrape/embed');
    });
    expect(seen.index).toEqual([]);
  });
});
