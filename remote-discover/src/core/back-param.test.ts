import { describe, expect, it } from 'vitest';
import { withBack } from './back-param';

describe('withBack', () => {
  it('adds the page a title was opened from', () => {
    expect(withBack('/media/tmdb-tv-1-x', '/discover?tab=tvshows')).toBe('/media/tmdb-tv-1-x?back=%2Fdiscover%3Ftab%3Dtvshows');
    expect(withBack('/media/tmdb-movie-2?theme=red', '/browse/a b')).toBe('/media/tmdb-movie-2?theme=red&back=%2Fbrowse%2Fa+b');
  });
  it('home, and anything not a path of this site, adds nothing', () => {
    expect(withBack('/media/tmdb-movie-2', '/')).toBe('/media/tmdb-movie-2');
    expect(withBack('/media/tmdb-movie-2', '//evil.example')).toBe('/media/tmdb-movie-2');
    expect(withBack('/media/tmdb-movie-2', 'https://evil.example/')).toBe('/media/tmdb-movie-2');
  });
});
