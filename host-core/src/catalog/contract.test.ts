/**
 * The catalog client against TMDB itself, as far as a test can reach it offline: every call the client
 * makes is answered with a real recorded TMDB response (fixtures/tmdb, SOURCES.md says where each
 * comes from), and every request it builds is checked against TMDB's v3 API: the host, the path, the
 * parameters that endpoint takes, and the credential where TMDB reads it.
 */
import { readTmdbFixture } from 'fixtures';
import { describe, expect, it } from 'vitest';
import { CatalogError, DEFAULT_RUNTIME_CONFIG, type CatalogList } from 'shared-contracts';
import { createCatalog, endpointFromConfig } from './catalog';

type Raw = Record<string, unknown>;
const fixture = (name: string) => readTmdbFixture(name) as Raw;
const results = (name: string) => fixture(name).results as Raw[];

/** TMDB v3's endpoints the client may call: the path, and the query parameters each one takes. */
const TMDB_API: ReadonlyArray<{ path: RegExp; params: readonly string[] }> = [
  { path: /^\/3\/search\/multi$/, params: ['query', 'include_adult', 'language', 'page', 'region'] },
  { path: /^\/3\/(movie|tv)\/\d+$/, params: ['append_to_response', 'language'] },
  { path: /^\/3\/tv\/\d+\/season\/\d+$/, params: ['append_to_response', 'language'] },
  { path: /^\/3\/movie\/(now_playing|top_rated|popular|upcoming)$/, params: ['language', 'page', 'region'] },
  { path: /^\/3\/tv\/(top_rated|popular|on_the_air|airing_today)$/, params: ['language', 'page'] },
  {
    path: /^\/3\/discover\/(movie|tv)$/,
    params: ['language', 'page', 'sort_by', 'include_adult', 'with_genres', 'with_watch_providers', 'watch_region', 'region'],
  },
  { path: /^\/3\/genre\/(movie|tv)\/list$/, params: ['language'] },
  { path: /^\/3\/find\/[^/]+$/, params: ['external_source', 'language'] },
];
/** Objects TMDB appends to movie and tv details (at most 20 per request). */
const APPENDABLE = new Set(['external_ids', 'release_dates', 'content_ratings', 'credits', 'videos', 'images', 'watch/providers']);

const READ_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl';
const V3_KEY = '0123456789abcdef0123456789abcdef';

/** A client on TMDB's real hosts whose network answers `body` (a fixture) and records each request. */
function recorded(body: Raw, credential = READ_TOKEN, status = 200) {
  const requests: Array<{ url: URL; headers: Headers }> = [];
  const catalog = createCatalog({
    endpoint: () => endpointFromConfig({ ...DEFAULT_RUNTIME_CONFIG, tmdbReadToken: credential }),
    language: () => 'en',
    fetch: (input, init) => {
      requests.push({
        url: new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input),
        headers: new Headers(init?.headers),
      });
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { catalog, requests };
}

/** Each request is one TMDB v3 takes as it is: host, path, parameters, the Bearer token, en-US. */
function expectTmdbRequests(requests: ReadonlyArray<{ url: URL; headers: Headers }>) {
  expect(requests.length).toBeGreaterThan(0);
  for (const { url, headers } of requests) {
    expect(url.origin).toBe('https://api.themoviedb.org');
    const endpoint = TMDB_API.find((e) => e.path.test(url.pathname));
    expect(endpoint, url.pathname).toBeDefined();
    for (const name of url.searchParams.keys()) expect(endpoint!.params, `${url.pathname} ?${name}`).toContain(name);
    expect(url.searchParams.get('language')).toBe('en-US');
    const append = url.searchParams.get('append_to_response');
    if (append) {
      const parts = append.split(',');
      expect(parts.length).toBeLessThanOrEqual(20);
      for (const part of parts) expect(APPENDABLE).toContain(part);
    }
    expect(headers.get('authorization')).toBe(`Bearer ${READ_TOKEN}`);
    expect(headers.get('accept')).toBe('application/json');
  }
}

describe('the catalog client against recorded TMDB responses', () => {
  it.each(['search-multi-brad.json', 'search-multi-game-of-thrones.json'])(
    'search/multi (%s): movies and shows, people dropped',
    async (name) => {
      const { catalog, requests } = recorded(fixture(name));
      const cards = await catalog.search('brad');
      const kept = results(name).filter((r) => r.media_type === 'movie' || r.media_type === 'tv');
      expect(cards.map((c) => c.tmdbId).sort()).toEqual(kept.map((r) => String(r.id)).sort());
      expectTmdbRequests(requests);
      expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
        language: 'en-US',
        query: 'brad',
        page: '1',
        include_adult: 'false',
      });
      catalog.dispose();
    },
  );

  it('movie details with their appends', async () => {
    const raw = fixture('movie-607-details-append.json');
    const { catalog, requests } = recorded(raw);
    const details = await catalog.details({ type: 'movie', tmdbId: '607' });
    expect(details).toMatchObject({
      tmdbId: '607',
      type: 'movie',
      title: raw.title,
      imdbId: raw.imdb_id,
      runtime: raw.runtime,
      rating: 'PG-13',
    });
    expect(details.trailerUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(details.directors.length).toBeGreaterThan(0);
    expectTmdbRequests(requests);
    expect(requests[0]!.url.pathname).toBe('/3/movie/607');
    expect(requests[0]!.url.searchParams.get('append_to_response')).toBe('external_ids,release_dates,credits,videos');
    catalog.dispose();
  });

  it.each(['tv-96677-details-append.json', 'tv-1396-details-append.json'])('tv details with their appends (%s)', async (name) => {
    const raw = fixture(name);
    const { catalog, requests } = recorded(raw);
    const details = await catalog.details({ type: 'show', tmdbId: String(raw.id) });
    expect(details).toMatchObject({ tmdbId: String(raw.id), type: 'show', title: raw.name, imdbId: (raw.external_ids as Raw).imdb_id });
    // The 2014 capture's seasons carry no ids: a season is addressed by its id, so those are left out.
    expect(details.seasons!.map((s) => s.id)).toEqual(
      (raw.seasons as Raw[])
        .filter((s) => typeof s.id === 'number')
        .sort((a, b) =>
          a.season_number === 0 ? 1 : b.season_number === 0 ? -1 : (a.season_number as number) - (b.season_number as number),
        )
        .map((s) => String(s.id)),
    );
    expect(details.rating).toBeTruthy();
    expectTmdbRequests(requests);
    expect(requests[0]!.url.searchParams.get('append_to_response')).toBe('external_ids,content_ratings,credits,videos');
    catalog.dispose();
  });

  it.each(['tv-1399-season-1.json', 'tv-1396-season-2-append.json'])('a season (%s)', async (name) => {
    const raw = fixture(name);
    const { catalog, requests } = recorded(raw);
    const season = await catalog.season('1399', raw.season_number as number);
    expect(season.number).toBe(raw.season_number);
    // Episodes are addressed by id: the 2014 capture's, which have none, are left out.
    const addressable = (raw.episodes as Raw[]).filter((e) => typeof e.id === 'number');
    expect(season.episodes.map((e) => e.id)).toEqual(addressable.map((e) => String(e.id)));
    expectTmdbRequests(requests);
    expect(requests[0]!.url.pathname).toBe(`/3/tv/1399/season/${String(raw.season_number)}`);
    catalog.dispose();
  });

  it.each<[CatalogList, string, string, Record<string, string>]>([
    [{ kind: 'movie-list', list: 'now_playing' }, 'movie-popular.json', '/3/movie/now_playing', {}],
    [{ kind: 'movie-list', list: 'top_rated' }, 'movie-popular.json', '/3/movie/top_rated', {}],
    [{ kind: 'movie-list', list: 'popular' }, 'movie-popular.json', '/3/movie/popular', {}],
    [{ kind: 'tv-list', list: 'top_rated' }, 'discover-tv.json', '/3/tv/top_rated', {}],
    [{ kind: 'tv-list', list: 'popular' }, 'discover-tv.json', '/3/tv/popular', {}],
    [{ kind: 'discover', type: 'movie', genre: 28 }, 'discover-movie.json', '/3/discover/movie', { with_genres: '28' }],
    [{ kind: 'discover', type: 'show', genre: 18 }, 'discover-tv.json', '/3/discover/tv', { with_genres: '18' }],
    [
      { kind: 'discover', type: 'movie', provider: 8 },
      'discover-movie.json',
      '/3/discover/movie',
      { with_watch_providers: '8', watch_region: 'US' },
    ],
    [
      { kind: 'discover', type: 'show', provider: 337 },
      'discover-tv.json',
      '/3/discover/tv',
      { with_watch_providers: '337', watch_region: 'US' },
    ],
  ])('the list %j', async (list, name, path, params) => {
    const { catalog, requests } = recorded(fixture(name));
    const cards = await catalog.list(list, 2);
    expect(cards.map((c) => c.tmdbId)).toEqual(results(name).map((r) => String(r.id)));
    expectTmdbRequests(requests);
    expect(requests[0]!.url.pathname).toBe(path);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ language: 'en-US', page: '2', ...params });
    catalog.dispose();
  });

  it.each([
    ['movie', 'genre-movie-list.json', 19],
    ['show', 'genre-tv-list.json', 16],
  ] as const)('the %s genres', async (type, name, count) => {
    const { catalog, requests } = recorded(fixture(name));
    expect(await catalog.genres(type)).toHaveLength(count);
    expectTmdbRequests(requests);
    expect(requests[0]!.url.pathname).toBe(`/3/genre/${type === 'movie' ? 'movie' : 'tv'}/list`);
    catalog.dispose();
  });

  it.each([
    ['movie', 'movie-550-details.json', '/3/movie/550'],
    ['show', 'tv-1399-details.json', '/3/tv/1399'],
  ] as const)('an Editor Pick (%s)', async (type, name, path) => {
    const raw = fixture(name);
    const { catalog, requests } = recorded(raw);
    expect(await catalog.pick({ type, tmdbId: String(raw.id) })).toMatchObject({ tmdbId: String(raw.id), title: raw.title ?? raw.name });
    expectTmdbRequests(requests);
    expect(requests[0]!.url.pathname).toBe(path);
    expect(requests[0]!.url.searchParams.get('append_to_response')).toBe('videos,images');
    catalog.dispose();
  });

  it('find by IMDb id', async () => {
    const raw = fixture('find-imdb-tt31193180.json');
    const { catalog, requests } = recorded(raw);
    const found = await catalog.findByImdbId('tt31193180');
    expect(found).toEqual([
      expect.objectContaining({ tmdbId: String((raw.movie_results as Raw[])[0]!.id), type: 'movie', title: 'Sinners' }),
    ]);
    expectTmdbRequests(requests);
    expect(requests[0]!.url.pathname).toBe('/3/find/tt31193180');
    expect(requests[0]!.url.searchParams.get('external_source')).toBe('imdb_id');
    catalog.dispose();
  });

  it('find reads a show, and leaves an episode that shares the id alone', async () => {
    const raw = fixture('find-tvdb-72023.json');
    const { catalog } = recorded(raw);
    const found = await catalog.findByImdbId('tt0348914');
    expect(found).toEqual([expect.objectContaining({ type: 'show', tmdbId: String((raw.tv_results as Raw[])[0]!.id) })]);
    catalog.dispose();
  });

  it("TMDB's error bodies: 401 is a refused key, 404 not found, neither retried", async () => {
    const refused = recorded(fixture('error-401-invalid-api-key.json'), READ_TOKEN, 401);
    await expect(refused.catalog.details({ type: 'movie', tmdbId: '1' })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(refused.requests).toHaveLength(1);
    const missing = recorded(fixture('error-404-resource-not-found.json'), READ_TOKEN, 404);
    const error = await missing.catalog.details({ type: 'movie', tmdbId: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ kind: 'not-found' });
    expect(missing.requests).toHaveLength(1);
  });

  it('a v3 key goes as ?api_key, never as a Bearer header', async () => {
    const { catalog, requests } = recorded(fixture('genre-movie-list.json'), V3_KEY);
    await catalog.genres('movie');
    expect(requests[0]!.url.searchParams.get('api_key')).toBe(V3_KEY);
    expect(requests[0]!.headers.get('authorization')).toBeNull();
  });
});
