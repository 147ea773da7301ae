import { describe, expect, it } from 'vitest';
import { applyCdnReplacements, cancel, isDisallowedMedia, runAll, runEmbed, runSource } from './engine';
import { createExtensionBridge } from './extension-bridge';
import { createFakeWindow, installFakeExtension } from './fake-extension';
import * as scraper from './scraper';
import { applyScrapeEvent, emptyProgress } from './progress';
import { reportItemsFromEvents } from './report';
import { deps, episode, fakeEmbed, fakeSource, hlsStream, movie, okHls, tableFetcher } from './testkit';
import type { ScrapeOptions, ScrapeReportItem } from './types';

const found = { stream: [hlsStream()], embeds: [] };

describe('runAll ordering', () => {
  it('tries sources by rank, highest first, and stops at the first playable stream', async () => {
    const a = fakeSource('a', 100, found);
    const b = fakeSource('b', 300, 'notfound');
    const c = fakeSource('c', 200, found);
    const d = deps({ sources: [a, b, c], embeds: [] });
    const result = await runAll(movie, {}, d);
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'c' } });
    expect([a.calls, b.calls, c.calls]).toEqual([0, 1, 1]);
    expect(d.events[0]).toMatchObject({ type: 'init', sources: [{ id: 'b' }, { id: 'c' }, { id: 'a' }] });
  });

  it('uses the custom order when enabled (listed first, the rest by rank), and ignores it when disabled', async () => {
    const sources = [fakeSource('a', 100, 'notfound'), fakeSource('b', 300, 'notfound'), fakeSource('c', 200, 'notfound')];
    const on = deps({ sources, embeds: [] });
    await runAll(movie, { enableSourceOrder: true, sourceOrder: ['a', 'gone'] }, on);
    expect(on.events[0]).toMatchObject({ sources: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    const off = deps({ sources, embeds: [] });
    await runAll(movie, { enableSourceOrder: false, sourceOrder: ['a'] }, off);
    expect(off.events[0]).toMatchObject({ sources: [{ id: 'b' }, { id: 'c' }, { id: 'a' }] });
  });

  it('never runs disallowed sources or embeds', async () => {
    const a = fakeSource('a', 300, {
      embeds: [
        { embedId: 'bad', url: 'u1' },
        { embedId: 'good', url: 'u2' },
      ],
    });
    const b = fakeSource('b', 200, found);
    const bad = fakeEmbed('bad', 2, { u1: hlsStream() });
    const good = fakeEmbed('good', 1, { u2: 'notfound' });
    const result = await runAll(movie, { disallowedIds: ['bad', 'x'] }, deps({ sources: [a, b], embeds: [bad, good] }));
    expect(bad.urls).toEqual([]);
    expect(good.urls).toEqual(['u2']);
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'b' } });
    const skip = fakeSource('skip', 999, found);
    const r2 = await runAll(movie, { disallowedIds: ['skip'] }, deps({ sources: [skip, b], embeds: [] }));
    expect(skip.calls).toBe(0);
    expect(r2).toMatchObject({ ok: true, value: { sourceId: 'b' } });
  });

  it('skips sources that do not serve the media type, are not configured, or need what the run lacks', async () => {
    const moviesOnly = fakeSource('m', 500, found, { mediaTypes: ['movie'] });
    const unconfigured = fakeSource('u', 400, found, { isConfigured: () => false });
    const needsProxy = fakeSource('p', 300, found, { needs: ['proxy'] });
    const needsExt = fakeSource('e', 250, found, { needs: ['extension'] });
    const any = fakeSource('any', 100, found);
    const d = deps({ sources: [moviesOnly, unconfigured, needsProxy, needsExt, any], embeds: [] });
    const result = await runAll(episode, {}, d);
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'any' } });
    expect(d.events[0]).toMatchObject({ sources: [{ id: 'any' }] });
    const withProxy = deps({ sources: [needsProxy, any], embeds: [] }, undefined, { proxiedFetcher: tableFetcher(okHls) });
    expect(await runAll(movie, {}, withProxy)).toMatchObject({ ok: true, value: { sourceId: 'p' } });
  });
});

describe('runAll embeds, failures and events', () => {
  it('falls back through embeds in order, then to the next source', async () => {
    const a = fakeSource('a', 300, {
      embeds: [
        { embedId: 'e', url: 'broken' },
        { embedId: 'e', url: 'missing' },
        { embedId: 'e', url: 'works' },
      ],
    });
    const e = fakeEmbed('e', 1, { broken: 'fail', works: hlsStream() });
    const d = deps({ sources: [a], embeds: [e] });
    const result = await runAll(movie, {}, d);
    expect(e.urls).toEqual(['broken', 'missing', 'works']);
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'a', embedId: 'e' } });
    const progress = d.events.reduce(applyScrapeEvent, emptyProgress());
    expect(progress.sources.a).toMatchObject({ status: 'success', children: ['a-0', 'a-1', 'a-2'] });
    expect(progress.sources['a-0']).toMatchObject({ status: 'failure', embedId: 'e', error: { code: 'scrape/failed' } });
    expect(progress.sources['a-1']).toMatchObject({ status: 'notfound' });
    expect(progress.sources['a-2']).toMatchObject({ status: 'success' });
    expect(progress.done).toBe(true);
  });

  it('maps outcomes to source states and ends with not found when nothing plays', async () => {
    const sources = [
      fakeSource('nf', 400, 'notfound'),
      fakeSource('boom', 300, 'fail'),
      fakeSource('empty', 200, { embeds: [] }),
      fakeSource('unknown-embed', 100, { embeds: [{ embedId: 'nope', url: 'x' }] }),
    ];
    const d = deps({ sources, embeds: [] });
    const result = await runAll(movie, {}, d);
    expect(result).toEqual({
      ok: false,
      error: { code: 'scrape/not-found', message: 'not found', detail: 'no source gave a playable stream' },
    });
    const p = d.events.reduce(applyScrapeEvent, emptyProgress());
    expect(p.order).toEqual(['nf', 'boom', 'empty', 'unknown-embed']);
    expect(p.sources.nf).toMatchObject({ status: 'notfound', percentage: 100 });
    expect(p.sources.boom).toMatchObject({
      status: 'failure',
      error: { code: 'scrape/failed', message: 'failed to scrape' },
      reason: 'boom',
    });
    expect(p.sources.empty).toMatchObject({ status: 'notfound', error: { message: 'no embeds' } });
    // Events are plain data: they survive structured clone and JSON unchanged.
    expect(JSON.parse(JSON.stringify(d.events))).toEqual(structuredClone(d.events));
  });

  it('emits waiting → pending → success with percentages from providers', async () => {
    const a = fakeSource('a', 1, async () => found);
    a.scrape = async (ctx) => {
      ctx.progress(30);
      ctx.progress(30);
      ctx.progress(80);
      return found;
    };
    const d = deps({ sources: [a], embeds: [] });
    await runAll(movie, {}, d);
    expect(d.events.map((e) => (e.type === 'update' ? `${e.status}:${e.percentage}` : e.type))).toEqual([
      'init',
      'start',
      'pending:30',
      'pending:80',
      'success:100',
      'done',
    ]);
  });

  it('returns no result for an unplayable stream and moves on (validation)', async () => {
    const bad = fakeSource('bad', 300, { stream: [hlsStream('http://cdn.test/missing/master.m3u8')], embeds: [] });
    const good = fakeSource('good', 200, found);
    const d = deps({ sources: [bad, good], embeds: [] });
    const result = await runAll(movie, {}, d);
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'good' } });
    const p = d.events.reduce(applyScrapeEvent, emptyProgress());
    expect(p.sources.bad).toMatchObject({
      status: 'failure',
      error: { code: 'scrape/invalid-stream', message: 'no stream' },
      reason: 'playlist: HTTP 404',
    });
  });

  it('refuses streams a page cannot load without the extension (no cors-allowed flag, or required headers)', async () => {
    const noCors = fakeSource('nocors', 300, { stream: [{ ...hlsStream(), flags: [] }], embeds: [] });
    const headers = fakeSource('headers', 200, { stream: [{ ...hlsStream(), headers: { Referer: 'x' } }], embeds: [] });
    const d = deps({ sources: [noCors, headers], embeds: [] });
    const result = await runAll(movie, {}, d);
    expect(result.ok).toBe(false);
    const p = d.events.reduce(applyScrapeEvent, emptyProgress());
    expect(p.sources.nocors?.error?.code).toBe('scrape/extension-disabled');
    // A native target (the remote server scraping for a player that sets headers) may use them.
    expect(await runAll(movie, {}, deps({ sources: [noCors], embeds: [] }, undefined, { target: 'native' }))).toMatchObject({ ok: true });
  });
});

describe('the extension answer, while pending', () => {
  const never = () => new Promise<never>(() => undefined);
  const bridge = (calls: string[]) => ({
    hello: async () => ({ success: true, version: '1.0.3', allowed: true, hasPermission: true }),
    makeRequest: async () => null,
    prepareStream: async () => (calls.push('prepareStream'), { success: true }),
    openPage: async () => ({ success: true }),
  });

  it('is not waited for by a run whose providers need nothing and whose stream the page can load', async () => {
    const d = deps({ sources: [fakeSource('a', 1, found)], embeds: [] }, undefined, { network: never });
    expect(await runAll(movie, {}, d)).toMatchObject({ ok: true, value: { sourceId: 'a' } });
    expect(await runSource('a', movie, {}, d)).toMatchObject({ ok: true });
  });

  it('is waited for by a stream that needs the extension: used when it answered, refused when not', async () => {
    const calls: string[] = [];
    const noCors = fakeSource('nocors', 1, { stream: [{ ...hlsStream(), flags: [] }], embeds: [] });
    let answer!: (n: { extension: ReturnType<typeof bridge> | null; proxiedFetcher: null }) => void;
    const pending = new Promise<{ extension: ReturnType<typeof bridge> | null; proxiedFetcher: null }>((r) => (answer = r));
    const run = runAll(movie, {}, deps({ sources: [noCors], embeds: [] }, undefined, { network: () => pending }));
    setTimeout(() => answer({ extension: bridge(calls), proxiedFetcher: null }), 20);
    expect(await run).toMatchObject({ ok: true, value: { sourceId: 'nocors' } });
    expect(calls).toEqual(['prepareStream']);
    const none = deps({ sources: [noCors], embeds: [] }, undefined, { network: async () => ({ extension: null, proxiedFetcher: null }) });
    expect(await runAll(movie, {}, none)).toMatchObject({ ok: false });
    expect(none.events.reduce(applyScrapeEvent, emptyProgress()).sources.nocors?.error?.code).toBe('scrape/extension-disabled');
  });

  it('is waited for before ordering when a provider needs the extension or a proxy, and by proxied requests', async () => {
    const needsExt = fakeSource('e', 2, found, { needs: ['extension'] });
    const any = fakeSource('any', 1, found);
    const withExt = deps({ sources: [needsExt, any], embeds: [] }, undefined, {
      network: async () => ({ extension: bridge([]), proxiedFetcher: tableFetcher(okHls) }),
    });
    expect(await runAll(movie, {}, withExt)).toMatchObject({ ok: true, value: { sourceId: 'e' } });
    const without = deps({ sources: [needsExt, any], embeds: [] }, undefined, {
      network: async () => ({ extension: null, proxiedFetcher: null }),
    });
    expect(await runAll(movie, {}, without)).toMatchObject({ ok: true, value: { sourceId: 'any' } });
    // A provider that fetches through the proxied fetcher without declaring it gets the answer's fetcher.
    const proxied = tableFetcher({ 'http://site.test/': { status: 200, body: 'via extension' } });
    const reader = fakeSource('reader', 1, found);
    reader.scrape = async ({ proxiedFetcher }) =>
      (await proxiedFetcher({ url: 'http://site.test/' })).body === 'via extension' ? found : { embeds: [] };
    expect(
      await runAll(
        movie,
        {},
        deps({ sources: [reader], embeds: [] }, undefined, { network: async () => ({ extension: null, proxiedFetcher: proxied }) }),
      ),
    ).toMatchObject({ ok: true });
    expect(proxied.requests.map((r) => r.url)).toEqual(['http://site.test/']);
  });
});

describe('ip-locked streams', () => {
  it('are refused when scraping for a player on another IP (remote server), kept otherwise', async () => {
    const locked = fakeSource('locked', 2, { stream: [{ ...hlsStream(), flags: ['cors-allowed', 'ip-locked'] }], embeds: [] });
    const other = fakeSource('other', 1, found);
    expect(await runAll(movie, {}, deps({ sources: [locked, other], embeds: [] }, undefined, { forOtherIp: true }))).toMatchObject({
      ok: true,
      value: { sourceId: 'other' },
    });
    expect(await runAll(movie, {}, deps({ sources: [locked, other], embeds: [] }))).toMatchObject({
      ok: true,
      value: { sourceId: 'locked' },
    });
  });
});

describe('timeouts and cancel', () => {
  it('gives up on a source after the timeout and tries the next', async () => {
    const slow = fakeSource('slow', 300, 'hang');
    const next = fakeSource('next', 200, found);
    const d = deps({ sources: [slow, next], embeds: [] });
    const started = Date.now();
    const result = await runAll(movie, { timeoutMs: 50 }, d);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'next' } });
    const p = d.events.reduce(applyScrapeEvent, emptyProgress());
    expect(p.sources.slow).toMatchObject({ status: 'failure', error: { code: 'scrape/timeout' } });
  });

  it('cancel(runId) stops the run, aborts its requests and emits nothing more but done', async () => {
    let aborted = false;
    const waiting = fakeSource(
      'w',
      300,
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
    );
    const never = fakeSource('never', 200, found);
    const d = deps({ sources: [waiting, never], embeds: [] });
    const promise = runAll(movie, { runId: 'r1' }, d);
    await new Promise((r) => setTimeout(r, 10));
    expect(cancel('r1')).toBe(true);
    expect(await promise).toMatchObject({ ok: false, error: { code: 'scrape/cancelled' } });
    expect(aborted).toBe(true);
    expect(never.calls).toBe(0);
    expect(d.events.at(-1)).toMatchObject({ type: 'done', runId: 'r1' });
    expect(d.events.filter((e) => e.type === 'start')).toHaveLength(1);
    expect(cancel('r1')).toBe(false);
  });

  // The extension's hello takes 500 ms (its initial delay) before it is even sent: a user who leaves then must stop the run.
  it.each([
    ['runAll', (o: ScrapeOptions, h: scraper.ScrapeHooks) => scraper.runAll(movie, o, h)],
    ['runSource', (o: ScrapeOptions, h: scraper.ScrapeHooks) => scraper.runSource('e', movie, o, h)],
    ['runEmbed', (o: ScrapeOptions, h: scraper.ScrapeHooks) => scraper.runEmbed('x', 'u1', o, h)],
  ])('%s: a cancel sent while the run waits for the extension hello stops it', async (name, start) => {
    const page = createFakeWindow();
    const fake = installFakeExtension(page);
    const source = fakeSource('e', 1, found, { needs: ['extension'] });
    const embed = Object.assign(fakeEmbed('x', 1, { u1: hlsStream() }), { needs: ['extension' as const] });
    const events: string[] = [];
    const runId = `hello-${name}`;
    const run = start(
      { runId, useExtension: true },
      {
        extension: createExtensionBridge({ port: page }),
        registry: { sources: [source], embeds: [embed] },
        fetchImpl: () => Promise.reject(new Error('no network in this test')),
        onEvent: (e) => void events.push(e.type),
      },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.received).toEqual([]); // the hello is not even sent yet
    expect(cancel(runId)).toBe(true);
    expect(await run).toMatchObject({ ok: false, error: { code: 'scrape/cancelled' } });
    expect([source.calls, embed.urls]).toEqual([0, []]);
    expect(events).toEqual(['done']);
    expect(cancel(runId)).toBe(false);
  });
});

describe('runSource and runEmbed', () => {
  it('unknown ids are an invalid source id error', async () => {
    const d = deps({ sources: [], embeds: [] });
    expect(await runSource('nope', movie, {}, d)).toMatchObject({
      ok: false,
      error: { code: 'scrape/invalid-source-id', message: 'invalid source id' },
    });
    expect(await runEmbed('nope', 'http://x', {}, d)).toMatchObject({ ok: false, error: { code: 'scrape/invalid-source-id' } });
  });

  it('runSource gives the validated stream, or the embeds, or no embeds', async () => {
    const withStream = fakeSource('s', 3, found);
    const withEmbeds = fakeSource('e', 2, { embeds: [{ embedId: 'x', url: 'u' }] });
    const empty = fakeSource('n', 1, { embeds: [] });
    const d = deps({ sources: [withStream, withEmbeds, empty], embeds: [fakeEmbed('x', 1, {})] });
    expect(await runSource('s', movie, {}, d)).toMatchObject({ ok: true, value: { stream: { type: 'hls' } } });
    expect(await runSource('e', movie, {}, d)).toEqual({ ok: true, value: { embeds: [{ embedId: 'x', url: 'u' }] } });
    expect(await runSource('n', movie, {}, d)).toMatchObject({ ok: false, error: { code: 'scrape/no-embeds', message: 'no embeds' } });
  });

  it('runEmbed gives a stream, or no stream', async () => {
    const e = fakeEmbed('x', 1, { good: hlsStream(), bad: hlsStream('http://cdn.test/missing/master.m3u8') });
    const d = deps({ sources: [], embeds: [e] });
    expect(await runEmbed('x', 'good', {}, d)).toMatchObject({ ok: true, value: { stream: [{ type: 'hls' }] } });
    expect(await runEmbed('x', 'bad', {}, d)).toMatchObject({ ok: false, error: { message: 'no stream' } });
  });
});

describe('reporting', () => {
  it('reports success, notfound and failed outcomes (never pending) to the report endpoint', async () => {
    const posted: ScrapeReportItem[][] = [];
    const fetcher = tableFetcher({
      ...okHls,
      'http://metrics.test/report': (r) => {
        posted.push((JSON.parse(r.body ?? '{}') as { items: ScrapeReportItem[] }).items);
        return { status: 200 };
      },
    });
    const a = fakeSource('a', 3, 'notfound');
    const b = fakeSource('b', 2, { embeds: [{ embedId: 'x', url: 'u' }] });
    const c = fakeSource('c', 1, found);
    const d = deps({ sources: [a, b, c], embeds: [fakeEmbed('x', 1, { u: 'fail' })] }, fetcher);
    await runAll(episode, { reportUrl: 'http://metrics.test/report' }, d);
    await new Promise((r) => setTimeout(r, 0));
    expect(posted).toHaveLength(1);
    expect(posted[0]?.map((i) => [i.providerId, i.embedId, i.status])).toEqual([
      ['a', null, 'notfound'],
      ['b', 'x', 'failed'],
      ['c', null, 'success'],
    ]);
    expect(posted[0]?.[0]).toMatchObject({
      tmdbId: '910001',
      type: 'show',
      seasonId: '600001',
      episodeId: '5000051',
      title: 'A Show',
      errorMessage: 'not found',
    });
    // The same items rebuilt from the events (how the client reports runs of a remote server).
    expect(reportItemsFromEvents(episode, d.events)).toEqual(posted[0]);
  });
});

describe('config rules', () => {
  it.each([
    [['tmdb-movie-653'], movie, true],
    [['tmdb-movie-653-nosferatu'], movie, true],
    [['tmdb-tv-653'], movie, false],
    [['tmdb-movie-6530'], movie, false],
    [['tmdb-tv-910001-a-show'], episode, true],
    [['local-hls'], movie, false],
  ] as const)('disallowed %j for %s → %s', (ids, media, expected) => expect(isDisallowedMedia(media, ids)).toBe(expected));

  it('a taken-down media is never scraped', async () => {
    const a = fakeSource('a', 1, found);
    const d = deps({ sources: [a], embeds: [] });
    expect(await runAll(movie, { disallowedIds: ['tmdb-movie-653'] }, d)).toEqual({
      ok: false,
      error: { code: 'scrape/takedown', message: 'media removed due to takedown' },
    });
    expect(await runSource('a', movie, { disallowedIds: ['tmdb-movie-653'] }, d)).toMatchObject({
      ok: false,
      error: { code: 'scrape/takedown' },
    });
    expect(a.calls).toBe(0);
  });

  it('CDN replacements rewrite the stream hosts, and the rewritten stream is what gets validated', async () => {
    const file = applyCdnReplacements(
      {
        id: 'f',
        type: 'file',
        flags: [],
        captions: [{ id: 'c', language: 'en', type: 'srt', url: 'https://old.cdn.test/c.srt', needsProxy: false }],
        qualities: { '720': { type: 'mp4', url: 'https://old.cdn.test/v.mp4' } },
      },
      [['old.cdn.test', 'new.cdn.test']],
    );
    expect(file).toMatchObject({
      qualities: { '720': { url: 'https://new.cdn.test/v.mp4' } },
      captions: [{ url: 'https://new.cdn.test/c.srt' }],
    });
    const other = { id: 'h', type: 'hls' as const, flags: [], captions: [], playlist: 'https://other.test/x.m3u8' };
    expect(applyCdnReplacements(other, [['old.cdn.test', 'new.cdn.test']])).toEqual(other); // other hosts as they were
    const a = fakeSource('a', 1, { stream: [hlsStream('http://old.test/ok/master.m3u8')], embeds: [] });
    const result = await runAll(movie, { cdnReplacements: [['old.test', 'cdn.test']] }, deps({ sources: [a], embeds: [] }));
    expect(result).toMatchObject({ ok: true, value: { stream: { playlist: 'http://cdn.test/ok/master.m3u8' } } });
  });
});
