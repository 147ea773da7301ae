/**
 * Our responses against real TMDB responses (the repository's fixtures/tmdb): same fields, same types.
 * Where captures of different years disagree, the newest capture is the reference, and fields TMDB
 * added after an older capture are listed explicitly per comparison.
 */
import { readTmdbFixture } from 'fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../types';
import { LOCAL_TMDB_READ_TOKEN, MOVIES, SHOWS } from './data';
import { start } from './index';
import { compareShape, compareShapeUnion, type CompareOptions } from './shape';

let service: RunningService;
beforeAll(async () => {
  service = await start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: () => {}, env: {} });
});
afterAll(() => service.close());

async function api(path: string, headers: Record<string, string> = { Authorization: `Bearer ${LOCAL_TMDB_READ_TOKEN}` }): Promise<unknown> {
  const res = await fetch(`${service.url}${path}`, { headers });
  return res.json();
}

const movie = MOVIES.find((m) => !m.publicDomain && !m.adult && m.releaseDate && m.voteCount > 0)!;
const show = SHOWS[0]!;

function expectShape(ours: unknown, fixture: string, options?: CompareOptions, pick?: (f: Record<string, unknown>) => unknown): void {
  const raw = readTmdbFixture(fixture) as Record<string, unknown>;
  expect(compareShape(ours, pick ? pick(raw) : raw, options)).toEqual([]);
}

describe('the comparison itself', () => {
  it('reports missing keys, extra keys and type changes', () => {
    expect(compareShape({ a: 1, b: 'x' }, { a: 2, b: 'y' })).toEqual([]);
    expect(compareShape({ a: 1 }, { a: 1, b: 'y' })).toEqual(['$.b: missing']);
    expect(compareShape({ a: 1, c: true }, { a: 1 })).toEqual(['$.c: not in the reference']);
    expect(compareShape({ a: '1' }, { a: 1 })).toEqual(['$.a: type string, reference has number']);
    expect(compareShape({ r: [{ x: 1, y: 2 }] }, { r: [{ x: 1 }] })).toEqual(['$.r[].y: not in the reference']);
    expect(compareShape({ a: null }, { a: 'x' })).toEqual([]);
  });
});

describe('responses have the structure of real TMDB responses', () => {
  it('search/multi (movies, shows, people)', async () => {
    expectShape(await api('/3/search/multi?query=the'), 'search-multi-game-of-thrones.json');
    const person = MOVIES[20]!.cast[0]!.person;
    const people = (await api(`/3/search/multi?query=${encodeURIComponent(person.name)}`)) as { results: Array<{ media_type: string }> };
    expect(people.results.some((r) => r.media_type === 'person')).toBe(true);
    expectShape(people, 'search-multi-brad.json', { allowExtra: ['$.results[].known_for[].media_type'] });
    expectShape(await api('/3/search/multi?query=the'), 'search-multi-brad.json', { allowExtra: [] });
  });

  it('discover/movie and the movie lists', async () => {
    expectShape(await api('/3/discover/movie?page=1'), 'discover-movie.json');
    expectShape(await api('/3/discover/movie?with_genres=28&page=2'), 'discover-movie.json');
    expectShape(await api('/3/movie/popular'), 'movie-popular.json');
    expectShape(await api('/3/movie/top_rated'), 'movie-popular.json');
    // now_playing carries `dates` on TMDB (no capture of it here).
    expectShape(await api('/3/movie/now_playing'), 'movie-popular.json', { allowExtra: ['$.dates'] });
  });

  it('discover/tv and the tv lists', async () => {
    // TMDB list items gained `adult` for tv after this 2022 capture (the 2025 search capture has it).
    const options = { allowExtra: ['$.results[].adult'] };
    expectShape(await api('/3/discover/tv?page=1'), 'discover-tv.json', options);
    expectShape(await api('/3/discover/tv?with_watch_providers=8&watch_region=US'), 'discover-tv.json', options);
    expectShape(await api('/3/tv/popular'), 'discover-tv.json', options);
    expectShape(await api('/3/tv/top_rated'), 'discover-tv.json', options);
  });

  it('movie details, plain and with append_to_response', async () => {
    expectShape(await api(`/3/movie/${movie.id}`), 'movie-550-details.json');
    const appended = (await api(
      `/3/movie/${movie.id}?append_to_response=external_ids,videos,release_dates,credits,watch/providers`,
    )) as Record<string, any>;
    const { 'watch/providers': _providers, ...withoutProviders } = appended;
    expectShape(withoutProviders, 'movie-607-details-append.json', {
      // Not served: reviews. Newer than this 2021 capture: wikidata_id, release date descriptors.
      // watch/providers results are keyed by country: compared below.
      allowMissing: ['$.reviews', '$.watch/providers'],
      allowExtra: ['$.external_ids.wikidata_id', '$.release_dates.results[].release_dates[].descriptors'],
    });
    expectShape(await api(`/3/movie/${movie.id}/release_dates`), 'movie-550-release-dates.json');
    expectShape(await api(`/3/movie/${movie.id}/external_ids`), 'movie-550-external-ids.json');
    expectShape(await api(`/3/movie/${movie.id}/videos`), 'movie-550-videos.json');
    const countries = Object.values(
      (readTmdbFixture('movie-550-watch-providers.json') as { results: Record<string, Record<string, unknown>> }).results,
    );
    const providers = (await api(`/3/movie/${movie.id}/watch/providers`)) as {
      id: number;
      results: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(providers.results)).toEqual(['US']);
    expect(compareShapeUnion(providers.results.US!, countries)).toEqual([]);
    expect(compareShapeUnion(appended['watch/providers'].results.US, countries)).toEqual([]);
  });

  it('tv details, appends, content ratings and seasons', async () => {
    expectShape(await api(`/3/tv/${show.id}`), 'tv-1399-details.json');
    const appended = (await api(`/3/tv/${show.id}?append_to_response=external_ids,credits,content_ratings,videos`)) as Record<
      string,
      unknown
    >;
    expectShape(appended.external_ids, 'tv-96677-details-append.json', { allowExtra: ['$.wikidata_id'] }, (f) => f.external_ids);
    expectShape(appended.credits, 'tv-96677-details-append.json', {}, (f) => f.credits);
    expectShape(appended.content_ratings, 'tv-1399-content-ratings.json', { allowMissing: ['$.id'] });
    expectShape(appended.videos, 'movie-550-videos.json', { allowMissing: ['$.id'] });
    expectShape(await api(`/3/tv/${show.id}/content_ratings`), 'tv-1399-content-ratings.json');
    for (const season of show.seasons) expectShape(await api(`/3/tv/${show.id}/season/${season.number}`), 'tv-1399-season-1.json');
  });

  it('find by IMDb id and TVDB id', async () => {
    expectShape(await api(`/3/find/${movie.imdbId}?external_source=imdb_id`), 'find-imdb-tt31193180.json');
    expectShape(await api(`/3/find/${show.tvdbId}?external_source=tvdb_id`), 'find-tvdb-72023.json');
  });

  it('genre lists equal the real ones', async () => {
    expect(await api('/3/genre/movie/list')).toEqual(readTmdbFixture('genre-movie-list.json'));
    expect(await api('/3/genre/tv/list')).toEqual(readTmdbFixture('genre-tv-list.json'));
  });

  it('watch provider list, configuration and error bodies', async () => {
    expectShape(await api('/3/watch/providers/movie'), 'watch-providers-movie-list.json');
    expectShape(await api('/3/configuration'), 'configuration.json', { allowMissing: ['$.change_keys'], allowExtra: ['$.all_sizes'] });
    expect(await api('/3/movie/653', {})).toEqual(readTmdbFixture('error-401-invalid-api-key.json'));
    expect(await api('/3/movie/1')).toEqual(readTmdbFixture('error-404-resource-not-found.json'));
  });
});
