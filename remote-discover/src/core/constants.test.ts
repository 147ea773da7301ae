import { describe, expect, it } from 'vitest';
// Test-only: the product ships its own copy of the lists; this keeps the copy equal to the local catalog's.
import { EDITOR_PICK_MOVIE_IDS as CATALOG_MOVIES, EDITOR_PICK_SHOW_IDS as CATALOG_SHOWS } from 'services/catalog-data';
import { EDITOR_PICK_MOVIE_IDS, EDITOR_PICK_SHOW_IDS, MOVIE_PROVIDERS, TV_PROVIDERS } from './constants';

describe('fixed lists', () => {
  it('editor picks: 31 movies and 16 shows, the catalog’s ids', () => {
    expect(EDITOR_PICK_MOVIE_IDS).toHaveLength(31);
    expect(EDITOR_PICK_SHOW_IDS).toHaveLength(16);
    expect([...EDITOR_PICK_MOVIE_IDS]).toEqual([...CATALOG_MOVIES]);
    expect([...EDITOR_PICK_SHOW_IDS]).toEqual([...CATALOG_SHOWS]);
  });

  it('providers in the spec’s order (§2)', () => {
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
