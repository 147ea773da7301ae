import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from 'services/run';
import { createExtensionBridge } from '../extension-bridge';
import { createFakeWindow, installFakeExtension } from '../fake-extension';
import { runAll } from '../scraper';
import type { SourceProvider } from '../types';
import { createDirectFetcher } from './direct';
import { checkExtension, createExtensionFetcher, prepareStreamRequest } from './extension';
import { createProxyFetcher, parseProxyList, proxyFetcherFromList } from './proxy';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

const urlOf = (input: string | URL | Request) => (input instanceof Request ? input.url : input.toString());

/** A fetch that records calls and answers 200 with a body naming the URL. */
function recordingFetch() {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const impl = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: urlOf(input), headers: { ...(init?.headers as Record<string, string>) } });
    return new Response(`hello ${urlOf(input)}`, {
      status: 200,
      headers: { 'X-Final-Destination': 'http://final.test/', 'X-Set-Cookie': 'a=1' },
    });
  }) as typeof fetch;
  return { calls, impl };
}

describe('parseProxyList', () => {
  it.each([
    [['https://p.test/'], [{ type: 'proxy', url: 'https://p.test' }]],
    [['api:https://scraper.test'], [{ type: 'api', url: 'https://scraper.test' }]],
    [
      ['proxy:http://localhost:4102', ' ', 'API:https://x.test/'],
      [
        { type: 'proxy', url: 'http://localhost:4102' },
        { type: 'api', url: 'https://x.test' },
      ],
    ],
    [[], []],
  ])('%j', (input, expected) => expect(parseProxyList(input)).toEqual(expected));
});

describe('proxy fetcher (unit)', () => {
  it('round-robins over the list, sends destination, X-Token, the captcha token and prefixed browser-forbidden headers', async () => {
    const { calls, impl } = recordingFetch();
    const fetcher = createProxyFetcher({ urls: ['http://p1.test', 'http://p2.test/'], token: 'tok', captchaToken: 'cap', fetchImpl: impl });
    const first = await fetcher({
      url: 'http://site.test/a',
      query: { q: '1 2' },
      headers: { Referer: 'http://r.test', Cookie: 'c=1', Accept: 'x' },
    });
    await fetcher({ url: 'http://site.test/b' });
    await fetcher({ url: 'http://site.test/c' });
    expect(calls.map((c) => new URL(c.url).host)).toEqual(['p1.test', 'p2.test', 'p1.test']);
    expect(new URL(calls[0]!.url).searchParams.get('destination')).toBe('http://site.test/a?q=1+2');
    expect(calls[0]!.headers).toEqual({
      'X-Referer': 'http://r.test',
      'X-Cookie': 'c=1',
      Accept: 'x',
      'X-Token': 'tok',
      'cf-turnstile-response': 'cap',
    });
    expect(first).toMatchObject({ status: 200, finalUrl: 'http://final.test/', headers: { 'set-cookie': 'a=1' } });
  });

  it('from a proxy list: through its proxy entries only, and none without one', async () => {
    const { calls, impl } = recordingFetch();
    expect(proxyFetcherFromList(['api:http://server.test'])).toBeNull();
    expect(proxyFetcherFromList(undefined)).toBeNull();
    const fetcher = proxyFetcherFromList(['api:http://server.test', 'http://p1.test', 'proxy:http://p2.test'], {
      token: 'tok',
      fetchImpl: impl,
    });
    await fetcher!({ url: 'http://site.test/a' });
    await fetcher!({ url: 'http://site.test/b' });
    expect(calls.map((c) => new URL(c.url).host)).toEqual(['p1.test', 'p2.test']);
    expect(calls[0]!.headers).toMatchObject({ 'X-Token': 'tok' });
  });
});

describe('fetchers against the real services', () => {
  let services: RunningServices;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-fetchers-'));
  beforeAll(async () => {
    services = await startServices({
      names: ['media', 'catalog', 'proxy'],
      ports: { media: 0, catalog: 0, proxy: 0 },
      dataDir,
      env: { PROXY_TOKEN: 'secret' },
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await services?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('direct fetch reads text and bytes', async () => {
    const direct = createDirectFetcher();
    const answer = await direct({ url: `${services.urls.media}/index/movie/653` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ tmdbId: 653, title: 'Nosferatu' });
    const bytes = await direct({
      url: `${services.urls.media}/clips/meadow/mp4/720.mp4`,
      headers: { Range: 'bytes=0-15' },
      responseType: 'bytes',
    });
    expect(bytes.status).toBe(206);
    expect(String.fromCharCode(...bytes.bytes!.slice(4, 8))).toBe('ftyp');
  });

  it('a run through the extension: hello, requests by makeRequest, stream rules by prepareStream; without it the source is not offered', async () => {
    const page = createFakeWindow();
    const fake = installFakeExtension(page, { version: '1.1.0' });
    const extension = createExtensionBridge({ port: page, initialDelayMs: 0 });
    const media = `${services.urls.media}`;
    const source: SourceProvider = {
      kind: 'source',
      id: 'needs-extension',
      name: 'Needs the extension',
      rank: 1,
      mediaTypes: ['movie'],
      needs: ['extension'],
      async scrape({ proxiedFetcher }) {
        const index = JSON.parse(
          (await proxiedFetcher({ url: `${media}/index/movie/653`, headers: { Referer: 'http://site.test/' } })).body,
        ) as { sources: Array<{ id: string; stream: { playlist: string } }> };
        const playlist = index.sources.find((s) => s.id === 'local-hls')!.stream.playlist;
        // No cors-allowed flag and a required header: only the extension makes it playable in a page.
        return {
          stream: [{ id: 'x', type: 'hls', playlist, flags: [], captions: [], headers: { Referer: 'http://site.test/' } }],
          embeds: [],
        };
      },
    };
    const registry = { sources: [source], embeds: [] };
    const movie = { type: 'movie' as const, title: 'Nosferatu', releaseYear: 1922, tmdbId: '653' };
    const result = await runAll(movie, { useExtension: true }, { extension, registry });
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'needs-extension' } });
    expect(fake.received.map((m) => m.name)).toEqual([
      'hello',
      'makeRequest',
      'makeRequest',
      'makeRequest',
      'makeRequest',
      'prepareStream',
    ]);
    expect(fake.rules[0]).toMatchObject({ targetDomains: ['localhost'], requestHeaders: { Referer: 'http://site.test/' } });
    expect(await runAll(movie, { useExtension: false }, { extension, registry })).toMatchObject({
      ok: false,
      error: { code: 'scrape/not-found', detail: 'no source can run for this media' },
    });
  });

  it('the proxy fetcher passes X-Token (without it the proxy refuses)', async () => {
    const withToken = createProxyFetcher({ urls: [services.urls.proxy!], token: 'secret' });
    const answer = await withToken({ url: `${services.urls.media}/index/movie/653` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ title: 'Nosferatu' });
    const without = createProxyFetcher({ urls: [services.urls.proxy!] });
    expect((await without({ url: `${services.urls.media}/index/movie/653` })).status).toBe(401);
  });

  it("a run's proxyToken and captchaToken reach the proxy workers on every proxied request (X-Token, cf-turnstile-response)", async () => {
    const sent: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: urlOf(input), headers: { ...(init?.headers as Record<string, string> | undefined) } });
      return fetch(input, init);
    }) as typeof fetch;
    const source: SourceProvider = {
      kind: 'source',
      id: 'needs-proxy',
      name: 'Needs a proxy',
      rank: 1,
      mediaTypes: ['movie'],
      needs: ['proxy'],
      async scrape({ proxiedFetcher }) {
        const answer = await proxiedFetcher({ url: `${services.urls.media}/index/movie/653` });
        if (answer.status !== 200) throw new Error(`index through the proxy: HTTP ${answer.status}`);
        const index = JSON.parse(answer.body) as { sources: Array<{ id: string; stream: { playlist: string } }> };
        return {
          stream: [
            {
              id: 'x',
              type: 'hls',
              playlist: index.sources.find((s) => s.id === 'local-hls')!.stream.playlist,
              flags: ['cors-allowed'],
              captions: [],
            },
          ],
          embeds: [],
        };
      },
    };
    const registry = { sources: [source], embeds: [] };
    const movie = { type: 'movie' as const, title: 'Nosferatu', releaseYear: 1922, tmdbId: '653' };
    const options = { proxyUrls: [services.urls.proxy!], skipValidation: true };
    expect(await runAll(movie, { ...options, proxyToken: 'secret', captchaToken: 'secret' }, { registry, fetchImpl })).toMatchObject({
      ok: true,
      value: { sourceId: 'needs-proxy' },
    });
    const proxied = sent.filter((r) => r.url.startsWith(services.urls.proxy!));
    expect(proxied.length).toBeGreaterThan(0);
    expect(proxied.every((r) => r.headers['X-Token'] === 'secret' && r.headers['cf-turnstile-response'] === 'secret')).toBe(true);
    // Without the token the proxy refuses, and the source fails.
    expect(await runAll(movie, options, { registry, fetchImpl })).toMatchObject({ ok: false });
  });
});

describe('extension bridge and fetcher', () => {
  it('waits the initial delay before the first message and gives up on hello after 500 ms', async () => {
    const page = createFakeWindow();
    const bridge = createExtensionBridge({ port: page });
    const started = Date.now();
    expect(await bridge.hello()).toBeNull();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1500);
    expect(page.posted).toHaveLength(1);
    expect(page.posted[0]).toMatchObject({ name: 'hello', body: null });
    expect(await checkExtension(bridge)).toMatchObject({
      ok: false,
      error: { code: 'scrape/extension-disabled', message: 'extension disabled' },
    });
  });

  it.each([
    ['1.0.2', true, true, true],
    ['1.4.0', true, true, true],
    ['1.0.1', true, true, false],
    ['2.0.0', true, true, false],
    ['1.0.2', false, true, false],
    ['1.0.2', true, false, false],
  ])('version %s allowed %s permission %s → usable %s', async (version, allowed, hasPermission, usable) => {
    const page = createFakeWindow();
    installFakeExtension(page, { version, allowed, hasPermission });
    const bridge = createExtensionBridge({ port: page, initialDelayMs: 0 });
    expect((await checkExtension(bridge)).ok).toBe(usable);
  });

  it('an installed extension that never answers is disabled after the hello timeout', async () => {
    const page = createFakeWindow();
    const fake = installFakeExtension(page, { silent: true });
    const bridge = createExtensionBridge({ port: page, initialDelayMs: 0 });
    expect(await checkExtension(bridge)).toMatchObject({ ok: false, error: { code: 'scrape/extension-disabled' } });
    expect(fake.received.map((m) => m.name)).toEqual(['hello']);
  });

  it('makeRequest carries the request and its answer; prepareStream and openPage reach the extension', async () => {
    const seen: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: urlOf(input), init });
      return new Response('{"a":1}', { status: 201, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const page = createFakeWindow();
    const fake = installFakeExtension(page, { fetchImpl });
    const bridge = createExtensionBridge({ port: page, initialDelayMs: 0 });
    const fetcher = createExtensionFetcher(bridge);
    const answer = await fetcher({
      url: 'http://site.test/x',
      query: { a: 'b' },
      method: 'POST',
      headers: { Referer: 'http://r.test' },
      body: 'data',
    });
    expect(fake.received[0]).toEqual({
      name: 'makeRequest',
      body: { url: 'http://site.test/x?a=b', method: 'POST', headers: { Referer: 'http://r.test' }, body: 'data', bodyType: 'string' },
    });
    expect(seen[0]).toMatchObject({
      url: 'http://site.test/x?a=b',
      init: { method: 'POST', headers: { Referer: 'http://r.test' }, body: 'data' },
    });
    expect(answer).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json' },
      finalUrl: 'http://site.test/x?a=b',
      body: '{"a":1}',
    });
    const rule = prepareStreamRequest({
      id: 's',
      type: 'hls',
      playlist: 'https://cdn.test/m.m3u8',
      flags: [],
      captions: [{ id: 'c', language: 'en', type: 'vtt', url: 'https://subs.test/en.vtt', needsProxy: false }],
      headers: { Referer: 'https://site.test/' },
    });
    expect(await bridge.prepareStream(rule)).toEqual({ success: true });
    expect(fake.rules[0]).toMatchObject({ targetDomains: ['cdn.test', 'subs.test'], requestHeaders: { Referer: 'https://site.test/' } });
    expect(await bridge.openPage({ page: 'PermissionGrant', redirectUrl: 'http://localhost:3000/' })).toEqual({ success: true });
    expect(fake.openedPages).toEqual([{ page: 'PermissionGrant', redirectUrl: 'http://localhost:3000/' }]);
  });

  it('a failed extension request rejects (no response), an HTTP error is a response', async () => {
    const page = createFakeWindow();
    installFakeExtension(page, { fetchImpl: async () => Promise.reject(new Error('blocked')) });
    const fetcher = createExtensionFetcher(createExtensionBridge({ port: page, initialDelayMs: 0 }));
    await expect(fetcher({ url: 'http://x.test/' })).rejects.toThrow('blocked');
  });
});
