import { describe, expect, it } from 'vitest';
import type { MediaCard } from 'shared-contracts';
import { arrangeResults, parseSearchQuery } from './search-query';

describe('parseSearchQuery', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['tmdb:603', { kind: 'id', tmdbId: '603', type: null }],
    ['tmdb:603:movie', { kind: 'id', tmdbId: '603', type: 'movie' }],
    ['TMDB:1399:TV', { kind: 'id', tmdbId: '1399', type: 'show' }],
    ['tmdb:abc', { kind: 'text', text: 'tmdb:abc', year: null }],
    ['the matrix year:1999', { kind: 'text', text: 'the matrix', year: 1999 }],
    ['year:1999', { kind: 'empty' }],
    ['the%20matrix', { kind: 'text', text: 'the matrix', year: null }],
    ['100%', { kind: 'text', text: '100%', year: null }],
    ['tmdb%3A603', { kind: 'id', tmdbId: '603', type: null }],
  ])('%j → %j', (raw, parsed) => expect(parseSearchQuery(raw)).toEqual(parsed));
});

describe('arrangeResults', () => {
  const card = (tmdbId: string, year?: number, poster?: string): MediaCard => ({ tmdbId, type: 'movie', title: tmdbId, year, poster });
  it('puts titles with posters first, keeping order', () => {
    expect(arrangeResults([card('a'), card('b', 1, 'p'), card('c'), card('d', 2, 'p')], null).map((c) => c.tmdbId)).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });
  it('filters by year', () => {
    expect(arrangeResults([card('a', 1999), card('b', 2000, 'p'), card('c', 1999, 'p')], 1999).map((c) => c.tmdbId)).toEqual(['c', 'a']);
  });
});
