import { describe, expect, it } from 'vitest';
import { knownTitle, resolveLegacyMedia, safeBackPath, withoutUnsafeBack } from './media-routes';

describe('legacy media urls', () => {
  it('redirects tmdb-show ids, keeping slug, trailing segments and query', () => {
    expect(resolveLegacyMedia('tmdb-show-1399-game-of-thrones', ['3624', '63056'], '?theme=red')).toEqual({
      kind: 'redirect',
      to: '/media/tmdb-tv-1399-game-of-thrones/3624/63056?theme=red',
    });
    expect(resolveLegacyMedia('tmdb-show-1399', [], '')).toEqual({ kind: 'redirect', to: '/media/tmdb-tv-1399' });
  });
  it('hands streaming-guide ids to the guide look-up, with the episode segments', () => {
    expect(resolveLegacyMedia('JW-movie-123-x', [], '')).toEqual({ kind: 'guide', link: { type: 'movie', guideId: '123' } });
    expect(resolveLegacyMedia('JW-show-45', ['7', '8'], '?a=1')).toEqual({
      kind: 'guide',
      link: { type: 'show', guideId: '45', seasonId: '7', episodeId: '8' },
    });
  });
  it('hands IMDb ids to the IMDb look-up', () => {
    expect(resolveLegacyMedia('tt0013442', [], '?theme=teal')).toEqual({ kind: 'imdb', imdbId: 'tt0013442' });
    expect(resolveLegacyMedia('tt', [], '').kind).toBe('none');
    expect(resolveLegacyMedia('tt12x', [], '').kind).toBe('none');
  });
  it('cannot resolve JW paths that are no guide id', () => expect(resolveLegacyMedia('JWnonsense', [], '').kind).toBe('unresolvable'));
  it('leaves current ids alone', () => expect(resolveLegacyMedia('tmdb-movie-603-the-matrix', [], '').kind).toBe('none'));
});

describe('?back= accepts same-site paths only', () => {
  it.each([
    ['/browse/Nosferatu', '/browse/Nosferatu'],
    ['/discover?tab=tvshows', '/discover?tab=tvshows'],
    ['/', '/'],
    ['/browse/a%20b?x=1#top', '/browse/a%20b?x=1#top'],
  ])('%s is kept', (value, expected) => {
    expect(safeBackPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    'http://evil.example/browse/x',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'browse/x',
    '/browse/\nx',
    '/a\\b',
  ])('%s is refused', (value) => {
    expect(safeBackPath(value)).toBeNull();
  });

  it('the watch URL loses an unsafe back and keeps its other parameters', () => {
    expect(withoutUnsafeBack('?back=https%3A%2F%2Fevil.example&theme=red')).toBe('?theme=red');
    expect(withoutUnsafeBack('?back=%2F%2Fevil.example')).toBe('');
    expect(withoutUnsafeBack('?back=%2Fbrowse%2Fx&theme=red')).toBeNull();
    expect(withoutUnsafeBack('?theme=red')).toBeNull();
  });
});

describe('knownTitle: the title a watch page can show before the catalog answers', () => {
  const state = { progress: { '653': { title: 'Nosferatu' } }, bookmarks: { '19': { title: 'Metropolis' }, '653': { title: 'Old name' } } };
  it.each([
    ['tmdb-movie-653-nosferatu', 'Nosferatu'],
    ['tmdb-movie-19', 'Metropolis'],
    ['tmdb-tv-4', null],
    ['garbage', null],
  ])('%s → %s', (media, title) => expect(knownTitle(media, state)).toBe(title));
});
