import { describe, expect, it } from 'vitest';
import type { ScrapeMedia, ScrapeOptions } from '../types';
import { mediaFromQuery, mediaToQuery, optionsFromQuery, optionsToQuery } from './remote';

const params = (q: Record<string, string>) => new URLSearchParams(q);

describe('media and options as query parameters (remote server)', () => {
  it.each<ScrapeMedia>([
    { type: 'movie', title: 'Nosferatu', releaseYear: 1922, tmdbId: '653', imdbId: 'tt0013442' },
    { type: 'movie', title: 'Ünïcode & "quotes"', releaseYear: 0, tmdbId: '1' },
    {
      type: 'show',
      title: 'A Show',
      releaseYear: 2020,
      tmdbId: '910001',
      season: { number: 0, tmdbId: '600000' },
      episode: { number: 3, tmdbId: '5000053' },
    },
  ])('round-trips %j', (media) => expect(mediaFromQuery(params(mediaToQuery(media)))).toEqual({ ok: true, value: media }));

  it.each([
    [{ title: 'x', tmdbId: '1', releaseYear: '2000' }, 'type must be movie or show'],
    [{ type: 'movie', title: 'x', releaseYear: '2000' }, 'tmdbId is required'],
    [{ type: 'movie', title: 'x', tmdbId: 'abc' }, 'tmdbId is required'],
    [
      { type: 'show', title: 'x', tmdbId: '1', releaseYear: '2000', seasonNumber: '1' },
      'seasonNumber and episodeNumber are required for shows',
    ],
  ])('rejects %j', (query, message) => expect(mediaFromQuery(params(query))).toMatchObject({ ok: false, error: { message } }));

  it('run options survive the trip; the custom order only when enabled', () => {
    const options: ScrapeOptions = {
      enableSourceOrder: true,
      sourceOrder: ['b', 'a'],
      disallowedIds: ['x', 'tmdb-movie-1'],
      timeoutMs: 5000,
      cdnReplacements: [['a.test', 'b.test']],
    };
    expect(optionsFromQuery(params(optionsToQuery(options)))).toEqual(options);
    expect(optionsToQuery({ enableSourceOrder: false, sourceOrder: ['b'] })).toEqual({});
    expect(optionsFromQuery(params({ timeoutMs: '999999', cdnReplacements: 'not json' }))).toEqual({ timeoutMs: 60_000 });
  });
});
