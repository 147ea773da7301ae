/** Old guide links against the real streaming-guide stand-in and the real local catalog over HTTP. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, slugify } from 'shared-contracts';
import { createCatalog, endpointFromConfig } from 'host-core/catalog';
import { MOVIES, SHOWS } from 'services/catalog-data';
import { startServices, type RunningServices } from 'services/run';
import { GUIDE_IMDB_ONLY_MOVIE_ID, GUIDE_ONLY_MOVIE_ID, guideIdOf } from 'services/streaming-guide';
import { guidePosterUrl, parseJwLink, readGuideEpisode, readGuideTitle, resolveImdbLink, resolveJwLink, type JwLink } from './legacy-guide';

let services: RunningServices;
let guideUrl: string;
let hang: http.Server;
let hangUrl: string;

beforeAll(async () => {
  services = await startServices({
    names: ['catalog', 'guide'],
    ports: { catalog: 0, guide: 0 },
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-guide-')),
    log: () => {},
  });
  guideUrl = services.urls.guide!;
  hang = http.createServer(() => {}); // accepts, never answers
  await new Promise<void>((r) => hang.listen(0, 'localhost', r));
  hangUrl = `http://localhost:${(hang.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await services.close();
  hang.closeAllConnections();
  await new Promise((r) => hang.close(r));
});
const setMode = (mode: string) => fetch(`${guideUrl}/__control/mode?set=${mode}`, { method: 'POST' });
afterEach(async () => void (await setMode('normal')));

const catalog = () =>
  createCatalog({
    endpoint: () => endpointFromConfig({ ...DEFAULT_RUNTIME_CONFIG, localCatalogUrl: services.urls.catalog! }),
    language: () => 'en',
  });
const resolve = (link: JwLink, search = '', extra: { guideUrl?: string; timeoutMs?: number; imageUrl?: string } = {}) => {
  const c = catalog();
  return resolveJwLink({
    guideUrl: extra.guideUrl ?? guideUrl,
    link,
    search,
    fetch,
    findByImdbId: (imdbId, signal) => c.findByImdbId(imdbId, { signal }),
    season: (tmdbId, n, signal) => c.season(tmdbId, n, { signal }),
    timeoutMs: extra.timeoutMs,
    ...(extra.imageUrl ? { imageUrl: extra.imageUrl } : {}),
  });
};

describe('parseJwLink', () => {
  it('reads movie and show ids, with or without a slug or the dash', () => {
    expect(parseJwLink('JW-movie-123', [])).toEqual({ type: 'movie', guideId: '123' });
    expect(parseJwLink('JWshow-9-old-slug', [])).toEqual({ type: 'show', guideId: '9' });
  });
  it('keeps season and episode ids of shows only, when both are numbers', () => {
    expect(parseJwLink('JW-show-9', ['1', '2'])).toEqual({ type: 'show', guideId: '9', seasonId: '1', episodeId: '2' });
    expect(parseJwLink('JW-show-9', ['1', 'x'])).toEqual({ type: 'show', guideId: '9' });
    expect(parseJwLink('JW-movie-9', ['1', '2'])).toEqual({ type: 'movie', guideId: '9' });
  });
  it('refuses anything else', () => {
    for (const id of ['JW', 'JW-series-1', 'JW-movie-', 'JW-movie-abc', 'jw-movie-1', 'JW-movie-1234567890'])
      expect(parseJwLink(id, [])).toBeNull();
  });
});

describe('reading guide answers', () => {
  it('prefers tmdb_latest to tmdb, imdb_latest to imdb, and refuses other shapes', () => {
    const ids = [
      { provider: 'tmdb', external_id: '1' },
      { provider: 'tmdb_latest', external_id: '603' },
      { provider: 'imdb', external_id: 'tt1' },
      { provider: 'imdb_latest', external_id: 'tt0133093' },
    ];
    expect(readGuideTitle({ title: 'X', object_type: 'movie', external_ids: ids }, 'movie')).toEqual({
      title: 'X',
      tmdbId: '603',
      imdbId: 'tt0133093',
      poster: null,
    });
    expect(readGuideTitle({ title: 'X', poster: '/poster/8/{profile}', external_ids: [] }, 'movie')?.poster).toBe('/poster/8/{profile}');
    expect(readGuideTitle({ title: 'X', poster: 'javascript:alert(1)', external_ids: [] }, 'movie')?.poster).toBeNull();
    expect(guidePosterUrl('https://images.justwatch.com/', '/poster/8/{profile}')).toBe('https://images.justwatch.com/poster/8/s166');
    expect(readGuideTitle({ title: 'X', external_ids: [{ provider: 'imdb', external_id: 'tt1' }] }, 'movie')).toEqual({
      title: 'X',
      tmdbId: null,
      imdbId: 'tt1',
      poster: null,
    });
    expect(
      readGuideTitle(
        {
          title: 'X',
          external_ids: [
            { provider: 'tmdb', external_id: '1; drop' },
            { provider: 'imdb', external_id: '../tt1' },
          ],
        },
        'movie',
      ),
    ).toEqual({ title: 'X', tmdbId: null, imdbId: null, poster: null });
    expect(readGuideTitle({ title: 'X', object_type: 'show', external_ids: ids }, 'movie')).toBeNull();
    expect(readGuideTitle('<html>', 'movie')).toBeNull();
    expect(readGuideTitle({ external_ids: [] }, 'movie')).toBeNull();
  });
  it('finds an episode number by the guide episode id', () => {
    const season = {
      season_number: 2,
      episodes: [
        { id: 71, episode_number: 1 },
        { id: 72, episode_number: 2 },
      ],
    };
    expect(readGuideEpisode(season, '72')).toEqual({ seasonNumber: 2, episodeNumber: 2 });
    expect(readGuideEpisode(season, '73')).toBeNull();
    expect(readGuideEpisode({ episodes: [] }, '72')).toBeNull();
  });
});

describe('resolveJwLink', () => {
  it('sends a movie to its TMDB path with a slug, keeping the query string', async () => {
    const movie = MOVIES[1]!;
    expect(await resolve({ type: 'movie', guideId: String(guideIdOf.movie(1)) }, '?theme=teal')).toEqual({
      kind: 'redirect',
      to: `/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?theme=teal`,
    });
  });

  it('uses the latest TMDB id when the guide also has a stale one', async () => {
    const result = await resolve({ type: 'movie', guideId: String(guideIdOf.movie(0)) });
    expect(result).toEqual({ kind: 'redirect', to: `/media/tmdb-movie-${MOVIES[0]!.id}-${slugify(MOVIES[0]!.title)}` });
  });

  it("turns a show episode's guide ids into the catalog's season and episode ids", async () => {
    const show = SHOWS[0]!;
    const season = show.seasons.find((s) => s.number === 2)!;
    const episode = season.episodes[2]!;
    const link = {
      type: 'show' as const,
      guideId: String(guideIdOf.show(0)),
      seasonId: String(guideIdOf.season(0, 2)),
      episodeId: String(guideIdOf.episode(0, 2, episode.number)),
    };
    expect(await resolve(link, '?language=ar')).toEqual({
      kind: 'redirect',
      to: `/media/tmdb-tv-${show.id}-${slugify(show.name)}/${season.id}/${episode.id}?language=ar`,
    });
  });

  it('opens the show itself when the episode is not in the guide', async () => {
    const show = SHOWS[0]!;
    const link = { type: 'show' as const, guideId: String(guideIdOf.show(0)), seasonId: String(guideIdOf.season(0, 2)), episodeId: '1' };
    expect(await resolve(link)).toEqual({ kind: 'redirect', to: `/media/tmdb-tv-${show.id}-${slugify(show.name)}` });
  });

  it('finds the title by its IMDb id when the guide gives no TMDB id', async () => {
    const movie = MOVIES[0]!;
    expect(await resolve({ type: 'movie', guideId: String(GUIDE_IMDB_ONLY_MOVIE_ID) }, '?theme=teal')).toEqual({
      kind: 'redirect',
      to: `/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?theme=teal`,
    });
  });

  it('says not found for ids the guide does not know, or a title that neither id finds', async () => {
    expect(await resolve({ type: 'movie', guideId: '1' })).toEqual({ kind: 'not-found' });
    expect(await resolve({ type: 'show', guideId: String(guideIdOf.movie(1)) })).toEqual({ kind: 'not-found' });
    // The guide knew that one: its name, and its poster at the s166 profile on the guide's image host.
    expect(await resolve({ type: 'movie', guideId: String(GUIDE_ONLY_MOVIE_ID) })).toEqual({
      kind: 'not-found',
      known: { title: 'A Film Only the Guide Knew', poster: `${guideUrl}/poster/${GUIDE_ONLY_MOVIE_ID}/s166` },
    });
    const poster = await fetch(`${guideUrl}/poster/${GUIDE_ONLY_MOVIE_ID}/s166`);
    expect(poster.headers.get('content-type')).toBe('image/svg+xml');
    expect(await poster.text()).toContain('width="166" height="236"');
  });

  it('says unavailable when the guide fails, answers garbage, is down, hangs or is not configured', async () => {
    const link = { type: 'movie' as const, guideId: String(guideIdOf.movie(1)) };
    await setMode('fail');
    expect(await resolve(link)).toEqual({ kind: 'unavailable' });
    await setMode('garbage');
    expect(await resolve(link)).toEqual({ kind: 'unavailable' });
    await setMode('normal');
    expect(await resolve(link, '', { guideUrl: 'http://localhost:1' })).toEqual({ kind: 'unavailable' });
    expect(await resolve(link, '', { guideUrl: hangUrl, timeoutMs: 300 })).toEqual({ kind: 'unavailable' });
    expect(await resolve(link, '', { guideUrl: '' })).toEqual({ kind: 'unavailable' });
  });
});

describe('resolveImdbLink', () => {
  const find = (imdbId: string, signal?: AbortSignal) => catalog().findByImdbId(imdbId, { signal });

  it('sends an IMDb id to the title the movie database has for it, keeping the query string', async () => {
    const movie = MOVIES[1]!;
    const show = SHOWS[0]!;
    expect(await resolveImdbLink(movie.imdbId, '?language=ar', find)).toEqual({
      kind: 'redirect',
      to: `/media/tmdb-movie-${movie.id}-${slugify(movie.title)}?language=ar`,
    });
    expect(await resolveImdbLink(show.imdbId, '', find)).toEqual({
      kind: 'redirect',
      to: `/media/tmdb-tv-${show.id}-${slugify(show.name)}`,
    });
  });

  it('says not found for an id the database does not know, unavailable when it cannot answer', async () => {
    expect(await resolveImdbLink('tt0999999', '', find)).toEqual({ kind: 'not-found' });
    const down = createCatalog({
      endpoint: () => endpointFromConfig({ ...DEFAULT_RUNTIME_CONFIG, localCatalogUrl: 'http://localhost:1' }),
      language: () => 'en',
      firstTimeoutMs: 300,
      fallbackTimeoutMs: 300,
    });
    expect(await resolveImdbLink(MOVIES[1]!.imdbId, '', (id, signal) => down.findByImdbId(id, { signal }))).toEqual({
      kind: 'unavailable',
    });
  });
});
