import { readTmdbFixture } from 'fixtures';
import { describe, expect, it } from 'vitest';
import { toMediaCard, toMediaDetails, toSeasonDetails } from './normalize';

const load = (name: string) => readTmdbFixture(name) as Record<string, unknown>;
const img = (p: string, size: string) => `https://img/${size}${p}`;

describe('normalising real TMDB responses', () => {
  it('search/multi keeps movies and shows, drops people', () => {
    const raw = load('search-multi-brad.json');
    const cards = (raw.results as Record<string, unknown>[]).map((r) => toMediaCard(r, img)).filter(Boolean);
    const people = (raw.results as Record<string, unknown>[]).filter((r) => r.media_type === 'person').length;
    expect(cards.length).toBe((raw.results as unknown[]).length - people);
    for (const card of cards) expect(['movie', 'show']).toContain(card!.type);
  });

  it('movie details with appends', () => {
    const details = toMediaDetails(load('movie-607-details-append.json'), 'movie', img);
    expect(details.type).toBe('movie');
    expect(details.title).toBeTruthy();
    expect(details.poster).toMatch(/^https:\/\/img\/w342\//);
    expect(details.actors.length).toBeLessThanOrEqual(5);
    expect(details.directors.length).toBeGreaterThan(0);
    expect(details.imdbId).toMatch(/^tt\d+/);
    expect(details.year).toBeGreaterThan(1900);
  });

  it('tv details with seasons, specials last', () => {
    const details = toMediaDetails(load('tv-1399-details.json'), 'tv', img);
    expect(details.type).toBe('show');
    expect(details.title).toBe('Game of Thrones');
    const numbers = details.seasons!.map((s) => s.number);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(details.directors).toContain('David Benioff');
    // Another capture, with content ratings and external ids appended.
    const appended = toMediaDetails(load('tv-96677-details-append.json'), 'tv', img);
    expect(appended.rating).toBeTruthy();
    expect(appended.imdbId).toMatch(/^tt\d+/);
  });

  it('season episodes', () => {
    const season = toSeasonDetails(load('tv-1399-season-1.json'), img);
    expect(season.number).toBe(1);
    expect(season.episodes.length).toBe(10);
    expect(season.episodes[0]).toMatchObject({ number: 1, seasonNumber: 1, title: 'Winter Is Coming' });
    expect(season.episodes[0]!.still).toMatch(/^https:\/\/img\/w300\//);
  });

  it('a list entry that is not an object is no card', () => {
    for (const raw of [null, 'Nosferatu', 42, undefined]) expect(toMediaCard(raw as never, img, 'movie')).toBeNull();
  });
  it('a card without a date has no year', () => {
    expect(toMediaCard({ id: 1, media_type: 'movie', title: 'X', release_date: '' }, img)).toEqual({
      tmdbId: '1',
      type: 'movie',
      title: 'X',
      year: undefined,
      releaseDate: undefined,
      poster: undefined,
    });
  });
});
