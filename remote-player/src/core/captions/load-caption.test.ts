import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExtensionFetcher } from 'scraping-core/fetchers/extension';
import type { ExtensionBridge, FetchRequest, FetchResponse, Fetcher } from 'scraping-core/types';
import {
  CAPTION_CACHE_MS,
  CAPTION_EXTENSION_FAILED,
  CAPTION_FETCH_FAILED,
  SUBTITLE_TRACK_TIMEOUT_MS,
  createCaptionLoader,
  type CaptionLoaderDeps,
} from './load-caption';
import { parseCaptions } from './parse-captions';

const SRT = '1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n';
const encoder = new TextEncoder();

/** A fake network: URL → body (or status, or 'hang': a promise that never settles). Records every request. */
function fakeFetcher(routes: Record<string, string | number>) {
  const requests: FetchRequest[] = [];
  const fetcher: Fetcher = async (request) => {
    requests.push(request);
    const route = routes[request.url];
    if (route === undefined) throw new TypeError('Failed to fetch');
    if (route === 'hang') return new Promise<FetchResponse>(() => {});
    if (typeof route === 'number') return { status: route, headers: {}, finalUrl: request.url, body: '' };
    return {
      status: 200,
      headers: {},
      finalUrl: request.url,
      body: route,
      ...(request.responseType === 'bytes' ? { bytes: encoder.encode(route) } : {}),
    };
  };
  return { fetcher, requests };
}

const loaderWith = (deps: Partial<CaptionLoaderDeps> & Pick<CaptionLoaderDeps, 'direct'>) =>
  createCaptionLoader({ parse: parseCaptions, ...deps });

afterEach(() => {
  vi.useRealTimers();
});

describe('caption files', () => {
  it('are fetched directly and parsed', async () => {
    const direct = fakeFetcher({ 'https://subs.example/en.srt': SRT });
    const result = await loaderWith({ direct: direct.fetcher }).load({
      kind: 'file',
      url: 'https://subs.example/en.srt',
      format: 'srt',
      needsProxy: false,
    });
    expect(result).toEqual({
      ok: true,
      value: [
        { start: 1, end: 2, text: 'Hello' },
        { start: 3, end: 4, text: 'World' },
      ],
    });
  });

  it('are decoded from their bytes (a UTF-16 file is not read as UTF-8)', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...SRT].flatMap((ch) => [ch.charCodeAt(0), 0])]);
    const direct: Fetcher = async (request) => ({ status: 200, headers: {}, finalUrl: request.url, body: 'garbage', bytes: utf16 });
    const result = await loaderWith({ direct }).load({
      kind: 'file',
      url: 'https://subs.example/en16.srt',
      format: 'srt',
      needsProxy: false,
    });
    expect(result.ok && result.value.map((c) => c.text)).toEqual(['Hello', 'World']);
  });

  it.each([
    ['an HTTP error', 404],
    ['a network failure', undefined],
  ])('%s is "failed to get caption data"', async (_name, status) => {
    const direct = fakeFetcher(status === undefined ? {} : { 'https://subs.example/x.srt': status });
    const result = await loaderWith({ direct: direct.fetcher }).load({
      kind: 'file',
      url: 'https://subs.example/x.srt',
      needsProxy: false,
    });
    expect(result).toEqual({ ok: false, error: { code: 'captions/fetch', message: CAPTION_FETCH_FAILED } });
  });

  it("passes the parser's errors on", async () => {
    const direct = fakeFetcher({ 'https://subs.example/empty.srt': '   ', 'https://subs.example/junk.srt': 'not subtitles' });
    const loader = loaderWith({ direct: direct.fetcher });
    expect(await loader.load({ kind: 'file', url: 'https://subs.example/empty.srt', needsProxy: false })).toMatchObject({
      ok: false,
      error: { message: 'Given text is empty' },
    });
    expect(await loader.load({ kind: 'file', url: 'https://subs.example/junk.srt', needsProxy: false })).toMatchObject({
      ok: false,
      error: { message: 'Invalid subtitle format' },
    });
  });

  it('a parser that throws (the worker died) is still an error in the menu, not a crash', async () => {
    const direct = fakeFetcher({ 'https://subs.example/en.srt': SRT });
    const loader = createCaptionLoader({ direct: direct.fetcher, parse: () => Promise.reject(new Error('worker gone')) });
    expect(await loader.load({ kind: 'file', url: 'https://subs.example/en.srt', needsProxy: false })).toEqual({
      ok: false,
      error: { code: 'captions/fetch', message: CAPTION_FETCH_FAILED },
    });
  });
});

describe('captions that need a proxy (direct, or via extension or proxy when needsProxy)', () => {
  const url = 'https://protected.example/en.srt';

  /** The extension as the page sees it: a bridge whose makeRequest fetches (free of CORS) from the fake network. */
  function extensionOver(routes: Record<string, string | number>) {
    const calls: string[] = [];
    const bridge: ExtensionBridge = {
      hello: async () => ({ success: true, version: '1.0.2', allowed: true, hasPermission: true }),
      makeRequest: async (request) => {
        calls.push(request.url);
        const route = routes[request.url];
        if (route === undefined) return { success: false, error: 'net::ERR_FAILED' };
        if (typeof route === 'number')
          return { success: true, response: { statusCode: route, headers: {}, finalUrl: request.url, body: '' } };
        return { success: true, response: { statusCode: 200, headers: {}, finalUrl: request.url, body: route } };
      },
      prepareStream: async () => ({ success: true }),
      openPage: async () => ({ success: true }),
    };
    return { fetcher: createExtensionFetcher(bridge), calls };
  }

  it('go through the extension when it is usable, not the proxy nor directly', async () => {
    const extension = extensionOver({ [url]: SRT });
    const proxy = fakeFetcher({ [url]: SRT });
    const direct = fakeFetcher({ [url]: SRT });
    const loader = loaderWith({ direct: direct.fetcher, proxy: () => proxy.fetcher, extension: async () => extension.fetcher });
    const result = await loader.load({ kind: 'file', url, format: 'srt', needsProxy: true });
    expect(result.ok && result.value).toHaveLength(2);
    expect(extension.calls).toEqual([url]);
    expect(proxy.requests).toEqual([]);
    expect(direct.requests).toEqual([]);
  });

  it.each([
    ['refuses the request', {}],
    ['answers an HTTP error', { [url]: 403 }],
  ])('the extension that %s gives "failed to get caption data from extension"', async (_name, routes) => {
    const extension = extensionOver(routes);
    const loader = loaderWith({ direct: fakeFetcher({}).fetcher, extension: async () => extension.fetcher });
    expect(await loader.load({ kind: 'file', url, needsProxy: true })).toEqual({
      ok: false,
      error: { code: 'captions/extension', message: CAPTION_EXTENSION_FAILED },
    });
  });

  it("go through the proxy (of the user's proxy list) when there is no usable extension", async () => {
    const proxy = fakeFetcher({ [url]: SRT });
    const direct = fakeFetcher({});
    const proxyFor = vi.fn(() => proxy.fetcher);
    const loader = loaderWith({ direct: direct.fetcher, proxy: proxyFor, extension: async () => null });
    expect((await loader.load({ kind: 'file', url, needsProxy: true }, { proxyUrls: ['https://worker.example'] })).ok).toBe(true);
    expect(proxyFor).toHaveBeenCalledWith(['https://worker.example']);
    expect(proxy.requests.map((r) => r.url)).toEqual([url]);
    expect(direct.requests).toEqual([]);
  });

  it('are tried directly when there is neither', async () => {
    const direct = fakeFetcher({ [url]: SRT });
    const loader = loaderWith({ direct: direct.fetcher, proxy: () => null, extension: async () => null });
    expect((await loader.load({ kind: 'file', url, needsProxy: true })).ok).toBe(true);
    expect(direct.requests.map((r) => r.url)).toEqual([url]);
  });

  it('captions that do not need it never use the extension or the proxy', async () => {
    const extension = vi.fn(async () => null);
    const proxy = vi.fn(() => null);
    const direct = fakeFetcher({ [url]: SRT });
    await loaderWith({ direct: direct.fetcher, proxy, extension }).load({ kind: 'file', url, needsProxy: false });
    expect(extension).not.toHaveBeenCalled();
    expect(proxy).not.toHaveBeenCalled();
  });
});

describe('the 24 h cache', () => {
  it('answers from memory within 24 h and fetches again after', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const direct = fakeFetcher({ 'https://subs.example/en.srt': SRT });
    const loader = loaderWith({ direct: direct.fetcher });
    const request = { kind: 'file' as const, url: 'https://subs.example/en.srt', needsProxy: false };
    const first = await loader.load(request);
    expect(direct.requests).toHaveLength(1);

    vi.setSystemTime(Date.now() + CAPTION_CACHE_MS - 1000);
    expect(await loader.load(request)).toEqual(first);
    expect(direct.requests).toHaveLength(1);

    vi.setSystemTime(Date.now() + 2000); // 24 h and 1 s after the first fetch
    expect(await loader.load(request)).toEqual(first);
    expect(direct.requests).toHaveLength(2);

    vi.setSystemTime(Date.now() + CAPTION_CACHE_MS / 2); // the refetch restarted the 24 h
    await loader.load(request);
    expect(direct.requests).toHaveLength(2);
  });

  it('keeps no failure: the next choice fetches again', async () => {
    const routes: Record<string, string | number> = { 'https://subs.example/flaky.srt': 503 };
    const direct = fakeFetcher(routes);
    const loader = loaderWith({ direct: direct.fetcher });
    const request = { kind: 'file' as const, url: 'https://subs.example/flaky.srt', needsProxy: false };
    expect((await loader.load(request)).ok).toBe(false);
    routes['https://subs.example/flaky.srt'] = SRT;
    expect((await loader.load(request)).ok).toBe(true);
    expect(direct.requests).toHaveLength(2);
  });
});

describe('HLS subtitle renditions', () => {
  const playlistUrl = 'https://media.example/hls/s-en/index.m3u8';
  const playlist =
    '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nsub0.vtt\n#EXTINF:4.0,\nsub1.vtt\n#EXTINF:4.0,\nsub2.vtt\n#EXT-X-ENDLIST\n';
  const segment = (mpegts: number, cues: string) => `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${mpegts},LOCAL:00:00:00.000\n\n${cues}`;
  const network = {
    [playlistUrl]: playlist,
    'https://media.example/hls/s-en/sub0.vtt': segment(
      900_000,
      '00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.500 --> 00:00:04.500\nAcross\n',
    ),
    'https://media.example/hls/s-en/sub1.vtt': segment(
      900_000,
      '00:00:03.500 --> 00:00:04.500\nAcross\n\n00:00:05.000 --> 00:00:06.000\nTwo\n',
    ),
    'https://media.example/hls/s-en/sub2.vtt': segment(900_000, ''), // no cue in this one
  };

  it('reads every segment, places cues by X-TIMESTAMP-MAP against the stream start, shows a repeated cue once', async () => {
    const direct = fakeFetcher(network);
    // The stream's first PTS is 9 s (810000 ticks): MPEGTS 900000 is 1 s into it.
    const result = await loaderWith({ direct: direct.fetcher }).load({ kind: 'hls', url: playlistUrl }, { streamStartPts: 9 });
    expect(result).toEqual({
      ok: true,
      value: [
        { start: 2, end: 3, text: 'One' },
        { start: 4.5, end: 5.5, text: 'Across' },
        { start: 6, end: 7, text: 'Two' },
      ],
    });
    expect(direct.requests.map((r) => r.url.split('/').pop())).toEqual(['index.m3u8', 'sub0.vtt', 'sub1.vtt', 'sub2.vtt']);
  });

  it('without the stream start, assumes the rendition starts with the media (its first MPEGTS)', async () => {
    const result = await loaderWith({ direct: fakeFetcher(network).fetcher }).load({ kind: 'hls', url: playlistUrl });
    expect(result.ok && result.value.map((c) => c.start)).toEqual([1, 3.5, 5]);
  });

  it('after EXT-X-DISCONTINUITY, where timestamps start again, cues play where their segment sits in the playlist', async () => {
    const url = 'https://media.example/hls/ad/index.m3u8';
    const result = await loaderWith({
      direct: fakeFetcher({
        [url]: '#EXTM3U\n#EXTINF:4.0,\na.vtt\n#EXTINF:4.0,\nb.vtt\n#EXT-X-DISCONTINUITY\n#EXTINF:4.0,\nc.vtt\n#EXTINF:4.0,\nd.vtt\n',
        'https://media.example/hls/ad/a.vtt': segment(900_000, '00:00:01.000 --> 00:00:02.000\nBefore\n'),
        'https://media.example/hls/ad/b.vtt': segment(900_000, '00:00:05.000 --> 00:00:06.000\nStill before\n'),
        // The run after the discontinuity starts its clock again at 10 s (900000 ticks), 8 s into the playlist.
        'https://media.example/hls/ad/c.vtt': segment(900_000, '00:00:01.000 --> 00:00:02.000\nAfter\n'),
        'https://media.example/hls/ad/d.vtt': segment(900_000, '00:00:05.000 --> 00:00:06.000\nStill after\n'),
      }).fetcher,
    }).load({ kind: 'hls', url }, { streamStartPts: 10 });
    expect(result.ok && result.value.map((c) => [c.start, c.text])).toEqual([
      [1, 'Before'],
      [5, 'Still before'],
      [9, 'After'],
      [13, 'Still after'],
    ]);
  });

  it('the fixture segment (266 h cues, 2^33 wrap) plays about 2 s in', async () => {
    const fs = await import('node:fs');
    const { subtitleFixture } = await import('fixtures');
    const text = fs.readFileSync(subtitleFixture('vtt/hls-x-timestamp-map.vtt'), 'utf8');
    const direct = fakeFetcher({ [playlistUrl]: '#EXTM3U\n#EXTINF:6,\nsub0.vtt\n', 'https://media.example/hls/s-en/sub0.vtt': text });
    const result = await loaderWith({ direct: direct.fetcher }).load(
      { kind: 'hls', url: playlistUrl },
      { streamStartPts: 384879885 / 90000 },
    );
    expect(result.ok && result.value.map((c) => [c.start, c.text.trim()])).toEqual([
      [expect.closeTo(2.059, 3), 'Cue text one'],
      [expect.closeTo(3.813, 3), 'Cue text two'],
    ]);
  });

  it(`a request without an answer in ${SUBTITLE_TRACK_TIMEOUT_MS} ms fails the rendition, not before`, async () => {
    vi.useFakeTimers();
    const direct = fakeFetcher({ ...network, 'https://media.example/hls/s-en/sub1.vtt': 'hang' });
    let settled: unknown = null;
    const pending = loaderWith({ direct: direct.fetcher })
      .load({ kind: 'hls', url: playlistUrl })
      .then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(SUBTITLE_TRACK_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    expect(direct.requests.find((r) => r.url.endsWith('sub1.vtt'))?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toEqual({ ok: false, error: { code: 'captions/fetch', message: CAPTION_FETCH_FAILED } });
    expect(direct.requests.find((r) => r.url.endsWith('sub1.vtt'))?.signal?.aborted).toBe(true);
  });

  it('a playlist that does not answer in 5 s fails too', async () => {
    vi.useFakeTimers();
    const direct = fakeFetcher({ [playlistUrl]: 'hang' });
    const pending = loaderWith({ direct: direct.fetcher }).load({ kind: 'hls', url: playlistUrl });
    await vi.advanceTimersByTimeAsync(SUBTITLE_TRACK_TIMEOUT_MS);
    expect(await pending).toEqual({ ok: false, error: { code: 'captions/fetch', message: CAPTION_FETCH_FAILED } });
  });

  it('a missing segment fails the rendition; a rendition without any cue is "Invalid subtitle format"', async () => {
    const missing = fakeFetcher({ ...network, 'https://media.example/hls/s-en/sub1.vtt': 404 });
    expect(await loaderWith({ direct: missing.fetcher }).load({ kind: 'hls', url: playlistUrl })).toMatchObject({
      ok: false,
      error: { message: CAPTION_FETCH_FAILED },
    });
    const empty = fakeFetcher({
      [playlistUrl]: '#EXTM3U\n#EXTINF:4,\nsub2.vtt\n',
      'https://media.example/hls/s-en/sub2.vtt': segment(0, ''),
    });
    expect(await loaderWith({ direct: empty.fetcher }).load({ kind: 'hls', url: playlistUrl })).toMatchObject({
      ok: false,
      error: { message: 'Invalid subtitle format' },
    });
  });
});
