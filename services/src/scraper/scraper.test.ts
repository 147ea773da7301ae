/** The remote scraping server over real SSE, driven by the product's own client (the `api:` proxy entry). */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancel, listProviders, runAll, runEmbed, runSource } from 'scraping-core/scraper';
import { TURNSTILE_MESSAGE } from 'scraping-core/errors';
import type { ScrapeEvent, ScrapeMedia } from 'scraping-core/types';
import { BROKEN_MOVIES } from '../media/library';
import { startServices, type RunningServices } from '../run';

let services: RunningServices;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-scraper-'));
const nosferatu: ScrapeMedia = { type: 'movie', title: 'Nosferatu', releaseYear: 1922, tmdbId: '653' };

beforeAll(async () => {
  services = await startServices({
    names: ['media', 'catalog', 'scraper'],
    ports: { media: 0, catalog: 0, scraper: 0 },
    dataDir,
    log: () => undefined,
    env: {},
  });
});
afterAll(async () => {
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const shape = (events: ScrapeEvent[]) =>
  events.map((e) => (e.type === 'update' ? `update:${e.id}:${e.status}` : e.type === 'start' ? `start:${e.id}` : e.type));

describe('scraper service', () => {
  it('sends the engine events as SSE, `done` last with the result', async () => {
    const url = `${services.urls.scraper}/scrape?type=movie&tmdbId=653&title=Nosferatu&releaseYear=1922`;
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const text = await response.text();
    const blocks = text.trim().split(/\n\n+/);
    expect(blocks[0]).toMatch(/^event: init\ndata: \{"type":"init"/);
    const last = blocks.at(-1)!;
    expect(last).toMatch(/^event: done\n/);
    expect(
      JSON.parse(
        last
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6),
      ),
    ).toMatchObject({ type: 'done', result: { ok: true, value: { sourceId: 'local-hls' } } });
  });

  it('the client gets the same events and result as a local run (run id rewritten to its own)', async () => {
    const remote: ScrapeEvent[] = [];
    const local: ScrapeEvent[] = [];
    const viaServer = await runAll(
      nosferatu,
      { runId: 'mine', proxyUrls: [`api:${services.urls.scraper}`] },
      { onEvent: (e) => remote.push(e) },
    );
    const inBrowser = await runAll(nosferatu, { settings: { localLibraryUrl: services.urls.media! } }, { onEvent: (e) => local.push(e) });
    expect(viaServer).toEqual(inBrowser);
    expect(shape(remote)).toEqual(shape(local));
    expect(remote.every((e) => e.runId === 'mine')).toBe(true);
  });

  it('outcomes of a remote run are reported from the client like a local run', async () => {
    const posted: unknown[] = [];
    const sink = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        posted.push(JSON.parse(body));
        res.end('{}');
      });
    });
    await new Promise<void>((r) => sink.listen(0, 'localhost', r));
    const reportUrl = `http://localhost:${(sink.address() as AddressInfo).port}/metrics/providers`;
    try {
      const broken = { type: 'movie' as const, title: 'x', releaseYear: 2000, tmdbId: String(BROKEN_MOVIES.brokenThenWorking) };
      const cases = [
        [broken, ['local-hls']],
        [nosferatu, ['local-hls', 'local-mp4']],
      ] as const;
      for (const [media, disallowedIds] of cases) {
        const before = posted.length;
        await runAll(media, { reportUrl, disallowedIds: [...disallowedIds], proxyUrls: [`api:${services.urls.scraper}`] });
        await expect.poll(() => posted.length).toBe(before + 1);
        await runAll(media, { reportUrl, disallowedIds: [...disallowedIds], settings: { localLibraryUrl: services.urls.media! } });
        await expect.poll(() => posted.length).toBe(before + 2);
        expect(posted[before]).toEqual(posted[before + 1]);
      }
      const items = (i: number) =>
        (posted[i] as { items: Array<{ providerId: string; embedId: string | null; status: string }> }).items.map((x) => [
          x.providerId,
          x.embedId,
          x.status,
        ]);
      expect(items(0)).toEqual([
        ['local-hls-mirror', null, 'failed'],
        ['local-hls-backup', null, 'failed'],
        ['local-mp4-mirror', null, 'notfound'],
        ['local-mp4', null, 'success'],
      ]);
      expect(items(2)).toEqual([
        ['local-hls-mirror', null, 'notfound'],
        ['local-hls-backup', null, 'notfound'],
        ['local-mp4-mirror', null, 'notfound'],
        ['local-hosts', null, 'notfound'],
        ['local-embed', 'local-player', 'success'],
      ]);
    } finally {
      sink.close();
    }
  });

  it('source and embed endpoints; unknown ids come back as data', async () => {
    const api = { proxyUrls: [`api:${services.urls.scraper}`] };
    const source = await runSource('local-embed', nosferatu, api);
    expect(source).toMatchObject({ ok: true, value: { embeds: [{ embedId: 'local-player' }, { embedId: 'local-player' }] } });
    if (source.ok)
      expect(await runEmbed('local-player', source.value.embeds[0]!.url, api)).toMatchObject({
        ok: true,
        value: { stream: [{ type: 'hls' }] },
      });
    expect(await runSource('nope', nosferatu, api)).toMatchObject({
      ok: false,
      error: { code: 'scrape/invalid-source-id', message: 'invalid source id' },
    });
    expect(await runEmbed('nope', 'http://x.test/', api)).toMatchObject({ ok: false, error: { code: 'scrape/invalid-source-id' } });
  });

  it('honours disallowed ids and the custom order from the query', async () => {
    const api = { proxyUrls: [`api:${services.urls.scraper}`] };
    expect(await runAll(nosferatu, { ...api, disallowedIds: ['local-hls'] })).toMatchObject({ ok: true, value: { sourceId: 'local-mp4' } });
    expect(await runAll(nosferatu, { ...api, enableSourceOrder: true, sourceOrder: ['local-embed'] })).toMatchObject({
      ok: true,
      value: { sourceId: 'local-embed', embedId: 'local-player' },
    });
  });

  it('the source menu lists the server providers when a server is configured', async () => {
    const providers = await listProviders({ proxyUrls: [`api:${services.urls.scraper}`], disallowedIds: ['local-mp4'] });
    expect(providers.filter((p) => p.kind === 'source').map((p) => p.id)).toEqual([
      'local-hls-mirror',
      'local-hls-backup',
      'local-hls',
      'local-mp4-mirror',
      'local-hosts',
      'local-embed',
      'local-hls-sd',
      'local-mp4-sd',
    ]);
    // Without a server: this page's providers with this page's settings (none configured here).
    expect((await listProviders({})).filter((p) => p.kind === 'source')).toEqual([]);
  });

  it('reads the server providers from GET /metadata, and from GET / of a server without it', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = (input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    };
    const listed = await (await fetch(`${services.urls.scraper}/metadata`)).json();
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'local-hls', kind: 'source' })]));
    const viaServer = await listProviders({ proxyUrls: [`api:${services.urls.scraper}`] }, { fetchImpl: recording });
    expect(asked).toEqual(['/metadata']);
    expect(viaServer).toEqual(listed);

    // A server that predates /metadata (404 there) describes its providers at / in the providers-API shape.
    const old = http.createServer((req, res) => {
      if (req.url !== '/') return void res.writeHead(404).end('Not Found');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ providers: [{ type: 'source', id: 'old-source', name: 'Old', rank: 5, mediaTypes: ['movie'] }, { id: 'junk' }] }),
      );
    });
    await new Promise<void>((r) => old.listen(0, 'localhost', r));
    asked.length = 0;
    try {
      const fromOld = await listProviders(
        { proxyUrls: [`api:http://localhost:${(old.address() as AddressInfo).port}`] },
        { fetchImpl: recording },
      );
      expect(asked).toEqual(['/metadata', '/']);
      expect(fromOld).toEqual([{ id: 'old-source', name: 'Old', rank: 5, kind: 'source', mediaTypes: ['movie'], needs: [] }]);
    } finally {
      await new Promise((r) => old.close(r));
    }
  });

  it('bad media → 400 with a message', async () => {
    const response = await fetch(`${services.urls.scraper}/scrape?type=show&tmdbId=910001&title=x&releaseYear=2020`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request' });
  });
});

describe('scraper service with a captcha and a library that never answers', () => {
  let own: RunningServices;
  let silent: http.Server;
  const upstreamClosed: string[] = [];
  beforeAll(async () => {
    silent = http.createServer((req) => req.on('close', () => upstreamClosed.push(req.url ?? '')));
    await new Promise<void>((r) => silent.listen(0, 'localhost', r));
    own = await startServices({
      names: ['scraper'],
      ports: { scraper: 0 },
      dataDir,
      log: () => undefined,
      env: { SCRAPER_CAPTCHA_TOKEN: 'human', SCRAPER_MEDIA_URL: `http://localhost:${(silent.address() as AddressInfo).port}` },
    });
  });
  afterAll(async () => {
    await own?.close();
    silent?.closeAllConnections();
    silent?.close();
  });

  it('without the captcha token the run fails with the Turnstile message', async () => {
    expect(await runAll(nosferatu, { proxyUrls: [`api:${own.urls.scraper}`], captchaToken: 'robot' })).toEqual({
      ok: false,
      error: { code: 'scrape/turnstile', message: TURNSTILE_MESSAGE },
    });
  });

  it('cancel(runId) on the client closes the stream and the server stops the run (its upstream request is aborted)', async () => {
    const events: ScrapeEvent[] = [];
    const running = runAll(
      nosferatu,
      { runId: 'remote-1', proxyUrls: [`api:${own.urls.scraper}`], captchaToken: 'human', timeoutMs: 10_000 },
      { onEvent: (e) => events.push(e) },
    );
    await expect.poll(() => events.some((e) => e.type === 'start'), { timeout: 2000 }).toBe(true);
    expect(cancel('remote-1')).toBe(true);
    expect(await running).toMatchObject({ ok: false, error: { code: 'scrape/cancelled' } });
    expect(events.at(-1)).toMatchObject({ type: 'done', runId: 'remote-1', result: { ok: false, error: { code: 'scrape/cancelled' } } });
    await expect.poll(() => upstreamClosed.length, { timeout: 2000 }).toBeGreaterThan(0);
  });
});
