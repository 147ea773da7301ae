import { describe, expect, it } from 'vitest';
import { resolveLegacyMedia, viewParams } from './media-routes';

describe('legacy media urls', () => {
  it('redirects tmdb-show ids, keeping slug, trailing segments and query', () => {
    expect(resolveLegacyMedia('tmdb-show-1399-game-of-thrones', ['3624', '63056'], '?theme=red')).toEqual({
      kind: 'redirect',
      to: '/media/tmdb-tv-1399-game-of-thrones/3624/63056?theme=red',
    });
    expect(resolveLegacyMedia('tmdb-show-1399', [], '')).toEqual({ kind: 'redirect', to: '/media/tmdb-tv-1399' });
  });
  it('cannot resolve streaming-guide ids', () => expect(resolveLegacyMedia('JWmovie-123-x', [], '').kind).toBe('unresolvable'));
  it('leaves current ids alone', () => expect(resolveLegacyMedia('tmdb-movie-603-the-matrix', [], '').kind).toBe('none'));
  it('reads theme and language', () => expect(viewParams('?theme=teal&language=ar')).toEqual({ theme: 'teal', language: 'ar' }));
});
