/**
 * The scraping progress view (docs/behaviour.md#scraping-progress) against the local media library, in the browser and through the
 * remote scraping server: a title that plays on the third source after two fail shows each state (an error
 * icon on the failed ones, percentages while pending, one of the 21 tips); a title no source has goes through
 * every source (nothing shown on a not-found one) and ends on the not-found screen.
 */
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROKEN_MOVIES, MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { withConfig } from '../support/config';
import { startPlayback } from '../support/player.page';
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
// Public-domain films are also on the archive: an invented title.
const NO_STREAM = MOVIES_WITHOUT_STREAM.find((id) => id >= 900000)!;
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

function journeys(server: (() => string) | null) {
  const remote = server !== null;
  // Where the page's scraping went: to the remote server, or to the media library's index from the page.
  let seen: { server: string[]; index: string[] };
  test.beforeEach(({ page, site }) => {
    seen = { server: [], index: [] };
    page.on('request', (r) => {
      if (r.url().startsWith(`${server ? server() : site.services!.urls.scraper}/scrape`)) seen.server.push(new URL(r.url()).pathname);
      if (r.url().startsWith(`${site.services!.urls.media}/index/`)) seen.index.push(r.url());
    });
  });
  test.afterEach(() => {
    if (remote) expect(seen).toMatchObject({ server: ['/scrape'], index: [] });
    else expect(seen.server).toEqual([]);
  });

  test('a title that plays on the third source after two fail: the progress view shows each state', async ({ page, site }) => {
    const progress = await recordProgress(page);
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${BROKEN_MOVIES.brokenThenWorking}`);
    await startPlayback(page, 0.5);
    const { states, listed, shown, tips } = await progress();
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
  });

  test('a title no source has lists every source, then the not-found screen', async ({ page, site }) => {
    const progress = await recordProgress(page);
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${NO_STREAM}`);
    await expect(page.getByTestId('scrape-not-found')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Couldn't find a stream")).toBeVisible();
    const { states, listed, shown } = await progress();
    const expected = [...(remote ? ['media-server'] : []), ...LIBRARY, 'archive'];
    expect(listed).toEqual(expected);
    expect(states.filter((s) => /:(success|failure)$/.test(s))).toEqual([]);
    // The last source's state comes with the end of the run, which replaces the view: it may never render.
    // Through the relay each one does; in the browser the library's (ended by one lookup) render while the
    // archive, far away, is asked.
    for (const id of remote ? expected : LIBRARY) expect(states).toContain(`${id}:notfound`);
    // A source that does not have the title shows nothing: no icon, no percentage.
    const notFound = shown.filter((s) => s.includes(':notfound:'));
    expect(notFound.length).toBeGreaterThanOrEqual(LIBRARY.length);
    expect(notFound.every((s) => s.endsWith(':nothing'))).toBe(true);
  });
}

test.describe('in the browser', () => {
  // The media library as a host far away: its index and playlists answer 150 ms late, so the states of a
  // run (which next to the page can all come within a few milliseconds) each have the time to render. The
  // archive, last of the sources, answers 400 ms late.
  test.beforeEach(async ({ page, site }) => {
    await page.route(
      (url) => url.href.startsWith(site.services!.urls.media!) && /\/index\/|\.m3u8$/.test(url.pathname),
      async (route) => {
        await new Promise((r) => setTimeout(r, 150));
        await route.continue();
      },
    );
    await page.route(
      (url) => url.href.startsWith(site.services!.urls.archive!),
      async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      },
    );
  });
  journeys(null);
});

test.describe('through the remote scraping server', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  test.beforeAll(async ({ site }) => {
    relay = await startRelay(site.services!.urls.scraper!);
  });
  test.afterAll(() => relay.close());
  test.beforeEach(async ({ page }) => {
    await withConfig(page, { proxyUrls: [`api:${relay.url}`] });
  });
  journeys(() => relay.url);
});
