/** The catalog client against the real local catalog service over HTTP. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogError, DEFAULT_PREFERENCES, DEFAULT_RUNTIME_CONFIG } from 'shared-contracts';
import { LOCAL_TMDB_READ_TOKEN } from 'services/catalog';
import { startServices, type RunningServices } from 'services/run';
import { LOCAL_CATALOG_TOKEN, catalogEndpoint, createCatalog, endpointFromConfig, type CatalogEndpoint } from './catalog';

let services: RunningServices;
let catalogUrl: string;
let hang: http.Server;
let hangUrl: string;

beforeAll(async () => {
  services = await startServices({
    names: ['catalog', 'proxy'],
    ports: { catalog: 0, proxy: 0 },
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-cat-')),
    log: () => {},
  });
  catalogUrl = services.urls.catalog!;
  hang = http.createServer(() => {}); // accepts, never answers
  await new Promise<void>((r) => hang.listen(0, 'localhost', r));
  hangUrl = `http://localhost:${(hang.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await services.close();
  hang.closeAllConnections();
  await new Promise((r) => hang.close(r));
});

const localEndpoint = (): CatalogEndpoint => endpointFromConfig({ ...DEFAULT_RUNTIME_CONFIG, localCatalogUrl: catalogUrl });
const make = (endpoint: () => CatalogEndpoint = localEndpoint, extra: Partial<Parameters<typeof createCatalog>[0]> = {}) =>
  createCatalog({ endpoint, language: () => 'en', ...extra });

describe('catalog client', () => {
  it('knows the local catalog token', () => expect(LOCAL_CATALOG_TOKEN).toBe(LOCAL_TMDB_READ_TOKEN));

  it('uses the local catalog when no TMDB token is configured, TMDB with fallbacks otherwise', () => {
    expect(endpointFromConfig(DEFAULT_RUNTIME_CONFIG).apiBases).toEqual(['http://localhost:4100']);
    const tmdb = endpointFromConfig({ ...DEFAULT_RUNTIME_CONFIG, tmdbReadToken: 'eyJtoken' });
    expect(tmdb.apiBases).toEqual(['https://api.themoviedb.org', 'https://api.tmdb.org']);
    expect(tmdb.imageBase).toBe('https://image.tmdb.org');
  });

  it('goes through the first proxy worker of the list when proxyTmdb is on, prefixes read', async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG, localCatalogUrl: catalogUrl };
    const proxyUrl = services.urls.proxy!;
    const proxyUrls = ['api:http://scraper.invalid', `proxy:${proxyUrl}/`, 'http://second.invalid'];
    const urls: string[] = [];
    const catalog = make(() => catalogEndpoint(config, { proxyTmdb: true, proxyUrls }), {
      fetch: (input, init) => (urls.push(input instanceof Request ? input.url : String(input)), fetch(input, init)),
    });
    expect((await catalog.search('Nosferatu'))[0]).toMatchObject({ tmdbId: '653' });
    expect(urls).toHaveLength(1);
    expect(urls[0]!.startsWith(`${proxyUrl}/?destination=${encodeURIComponent(`${catalogUrl}/3/search/multi?`)}`)).toBe(true);
    catalog.dispose();
    // A plain URL is a proxy worker too; a list of scraping servers only has none.
    expect(catalogEndpoint(config, { proxyTmdb: true, proxyUrls: ['http://w.example/'] }).proxy?.('http://x/')).toBe(
      `http://w.example/?destination=${encodeURIComponent('http://x/')}`,
    );
    expect(catalogEndpoint(config, { proxyTmdb: true, proxyUrls: ['api:http://scraper.invalid'] }).proxy).toBeUndefined();
  });

  it('asks the movie database directly while proxyTmdb is off, as it is by default', () => {
    expect(DEFAULT_PREFERENCES.proxyTmdb).toBe(false);
    const endpoint = catalogEndpoint(DEFAULT_RUNTIME_CONFIG, { proxyTmdb: DEFAULT_PREFERENCES.proxyTmdb, proxyUrls: ['http://w.example'] });
    expect(endpoint.proxy).toBeUndefined();
  });

  it('searches, keeps movies and shows, posters first', async () => {
    const catalog = make();
    const results = await catalog.search('Nosferatu');
    expect(results[0]).toMatchObject({ tmdbId: '653', type: 'movie', title: 'Nosferatu', year: 1922 });
    expect(results[0]!.poster).toBe(`${catalogUrl}/t/p/w342${'/poster-m653.png'}`);
    const withoutPoster = results.findIndex((r) => !r.poster);
    if (withoutPoster >= 0) expect(results.slice(withoutPoster).every((r) => !r.poster)).toBe(true);
    catalog.dispose();
  });

  it('looks titles up by tmdb:{id} and tmdb:{id}:type, and filters by year:', async () => {
    const catalog = make();
    expect(await catalog.search('tmdb:653:movie')).toEqual([expect.objectContaining({ tmdbId: '653', type: 'movie' })]);
    expect(await catalog.search('tmdb:653')).toEqual([expect.objectContaining({ tmdbId: '653', type: 'movie' })]);
    expect(await catalog.search('tmdb:910001')).toEqual([expect.objectContaining({ tmdbId: '910001', type: 'show' })]);
    expect(await catalog.search('tmdb:99999999')).toEqual([]);
    const byYear = await catalog.search('Nosferatu year:1922');
    expect(byYear.length).toBeGreaterThan(0);
    expect(byYear.every((r) => r.year === 1922)).toBe(true);
    expect(await catalog.search('Nosferatu year:1850')).toEqual([]);
    catalog.dispose();
  });

  it('tmdb:{id} without a type: a movie id is not also fetched as a show', async () => {
    const urls: string[] = [];
    const catalog = make(localEndpoint, {
      fetch: (input, init) => (urls.push(input instanceof Request ? input.url : String(input)), fetch(input, init)),
    });
    await catalog.search('tmdb:653');
    expect(urls.filter((u) => /\/3\/tv\//.test(u))).toEqual([]);
    expect(urls.filter((u) => /\/3\/movie\/653/.test(u))).toHaveLength(1);
    catalog.dispose();
  });

  it('caches searches and does not cache failures', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const catalog = make(localEndpoint, { fetch: counting });
    await catalog.search('Metropolis');
    await catalog.search('Metropolis');
    expect(calls).toBe(1);
    expect(catalog.searchCacheSize()).toBe(1);
    catalog.dispose();
  });

  it('gets details and seasons', async () => {
    const catalog = make();
    const movie = await catalog.details({ type: 'movie', tmdbId: '653' });
    expect(movie).toMatchObject({ title: 'Nosferatu', imdbId: 'tt0013442' });
    expect(movie.directors.length).toBeGreaterThan(0);
    expect(movie.trailerUrl).toMatch(/^http:\/\/localhost:\d+\/clips\/trailer\/mp4\/720\.mp4$/);
    const show = await catalog.details({ type: 'show', tmdbId: '910001' });
    expect(show.seasons!.length).toBeGreaterThan(1);
    const season = await catalog.season('910001', show.seasons![0]!.number);
    expect(season.episodes.length).toBeGreaterThan(0);
    catalog.dispose();
  });

  it("reads an Editor Pick's card from its details with videos and images appended", async () => {
    const urls: string[] = [];
    const catalog = make(localEndpoint, {
      fetch: (input, init) => (urls.push(input instanceof Request ? input.url : String(input)), fetch(input, init)),
    });
    expect(await catalog.pick({ type: 'movie', tmdbId: '653' })).toMatchObject({
      tmdbId: '653',
      type: 'movie',
      title: 'Nosferatu',
      year: 1922,
    });
    expect(await catalog.pick({ type: 'show', tmdbId: '910001' })).toMatchObject({ tmdbId: '910001', type: 'show' });
    expect(urls.map((u) => new URL(u).searchParams.get('append_to_response'))).toEqual(['videos,images', 'videos,images']);
    expect(urls.map((u) => new URL(u).pathname)).toEqual(['/3/movie/653', '/3/tv/910001']);
    catalog.dispose();
  });

  it('finds titles by IMDb id, and asks nothing for what is not one', async () => {
    const urls: string[] = [];
    const catalog = make(localEndpoint, {
      fetch: (input, init) => (urls.push(input instanceof Request ? input.url : String(input)), fetch(input, init)),
    });
    expect(await catalog.findByImdbId('tt0013442')).toEqual([
      expect.objectContaining({ tmdbId: '653', type: 'movie', title: 'Nosferatu' }),
    ]);
    expect(new URL(urls[0]!).pathname).toBe('/3/find/tt0013442');
    expect(new URL(urls[0]!).searchParams.get('external_source')).toBe('imdb_id');
    expect(await catalog.findByImdbId('tt0000001')).toEqual([]);
    expect(await catalog.findByImdbId('653')).toEqual([]);
    expect(urls).toHaveLength(2);
    catalog.dispose();
  });

  it('lists and discovers', async () => {
    const catalog = make();
    expect((await catalog.list({ kind: 'movie-list', list: 'popular' }, 1)).length).toBe(20);
    const netflix = await catalog.list({ kind: 'discover', type: 'movie', provider: 8 }, 1);
    expect(netflix.length).toBe(20);
    expect((await catalog.genres('movie')).find((g) => g.id === 28)?.name).toBe('Action');
    catalog.dispose();
  });

  it('maps 404 to not-found and a wrong key to unauthorized', async () => {
    const catalog = make();
    await expect(catalog.details({ type: 'movie', tmdbId: '1' })).rejects.toMatchObject({ kind: 'not-found' });
    const badKey = make(() => ({ ...localEndpoint(), credential: 'wrong' }));
    await expect(badKey.search('x')).rejects.toMatchObject({ kind: 'unauthorized' });
    catalog.dispose();
    badKey.dispose();
  });

  it('gives up on a silent host after the first timeout and uses the fallback host', async () => {
    const catalog = make(() => ({ ...localEndpoint(), apiBases: [hangUrl, catalogUrl] }), { firstTimeoutMs: 200 });
    const started = Date.now();
    const results = await catalog.search('Caligari');
    expect(results[0]?.tmdbId).toBe('234');
    expect(Date.now() - started).toBeLessThan(2000);
    catalog.dispose();
  });

  it('says the database is unavailable when every host fails', async () => {
    const catalog = make(() => ({ ...localEndpoint(), apiBases: [hangUrl] }), { firstTimeoutMs: 100, fallbackTimeoutMs: 150 });
    const error = await catalog.search('anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'The movie database did not answer in time' });
    catalog.dispose();
  });
});
