import { describe, expect, it } from 'vitest';
// Test-only: the product ships its own copy of the lists; this keeps the copy equal to the local catalog's.
import { EDITOR_PICK_MOVIE_IDS as CATALOG_MOVIES, EDITOR_PICK_SHOW_IDS as CATALOG_SHOWS, movieById, showById } from 'services/catalog-data';
import { EDITOR_PICK_MOVIE_IDS, EDITOR_PICK_SHOW_IDS, MOVIE_PROVIDERS, TV_PROVIDERS } from './constants';

describe('fixed lists', () => {
  it('editor picks: 31 movies and 16 shows, the catalog’s ids', () => {
    expect(new Set(EDITOR_PICK_MOVIE_IDS).size).toBe(31);
    expect(new Set(EDITOR_PICK_SHOW_IDS).size).toBe(16);
    expect([...EDITOR_PICK_MOVIE_IDS]).toEqual([...CATALOG_MOVIES]);
    expect([...EDITOR_PICK_SHOW_IDS]).toEqual([...CATALOG_SHOWS]);
  });

  it('editor picks are real TMDB titles: none in the local catalog’s invented ranges, each one in the catalog', () => {
    // Invented movies are 900001 and up (adult test titles 990001 and up), invented shows 910001 and up:
    // ids TMDB gives to unrelated titles, or to none.
    for (const id of EDITOR_PICK_MOVIE_IDS) {
      expect(id, `movie ${id}`).toBeLessThan(900_001);
      expect(movieById.get(id)?.adult, `movie ${id}`).toBe(false);
    }
    for (const id of EDITOR_PICK_SHOW_IDS) {
      expect(id, `show ${id}`).toBeLessThan(910_001);
      expect(showById.get(id)?.seasons.length, `show ${id}`).toBeGreaterThan(0);
    }
    // Spot checks against TMDB: Nosferatu, Inception, Breaking Bad's five seasons.
    expect(movieById.get(653)?.title).toBe('Nosferatu');
    expect(movieById.get(27205)).toMatchObject({ title: 'Inception', releaseDate: '2010-07-15', runtime: 148 });
    expect(showById.get(1396)?.seasons.map((s) => [s.airDate, s.episodes.length])).toEqual([
      ['2008-01-19', 7],
      ['2009-03-08', 13],
      ['2010-03-21', 13],
      ['2011-07-17', 13],
      ['2012-07-15', 16],
    ]);
  });

  it('lists the providers in the product’s order', () => {
    expect(MOVIE_PROVIDERS.map((p) => p.name)).toEqual([
      'Netflix',
      'Apple TV+',
      'Amazon Prime Video',
      'Hulu',
      'Max',
      'Paramount Plus',
      'Disney Plus',
      'Shudder',
    ]);
    expect(TV_PROVIDERS.map((p) => p.name)).toEqual(['Netflix', 'Apple TV+', 'Paramount Plus', 'Hulu', 'Max', 'Disney Plus', 'fubuTV']);
  });
});
