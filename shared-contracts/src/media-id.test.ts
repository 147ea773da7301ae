import { describe, expect, it } from 'vitest';
import { decodeMediaId, encodeMediaId, mediaPath, slugify } from './media-id';

describe('media ids', () => {
  it.each([
    ['The Matrix', 'the-matrix'],
    ['Amélie', 'amelie'],
    ['  Spider-Man: No Way Home  ', 'spider-man-no-way-home'],
    ['千と千尋の神隠し', ''],
  ])('slugify(%j) = %j', (title, slug) => expect(slugify(title)).toBe(slug));

  it('round-trips', () => {
    const id = encodeMediaId({ type: 'show', tmdbId: '1399' }, 'Game of Thrones');
    expect(id).toBe('tmdb-tv-1399-game-of-thrones');
    expect(decodeMediaId(id)).toEqual({ type: 'show', tmdbId: '1399' });
    expect(encodeMediaId({ type: 'movie', tmdbId: '5' })).toBe('tmdb-movie-5');
  });

  it.each(['tmdb-show-1399', 'JWmovie-1', 'tmdb-movie-', 'tmdb-movie-12a', 'movie-12', ''])('refuses %j', (id) => {
    expect(decodeMediaId(id)).toBeNull();
  });

  it('builds watch paths', () => {
    expect(mediaPath({ type: 'show', tmdbId: '1' }, 'A B', { seasonId: '10', episodeId: '20' })).toBe('/media/tmdb-tv-1-a-b/10/20');
  });
});
