import { describe, expect, it } from 'vitest';
import { REMOTE_ROUTES, firstRemotePage, matchesRoute } from './routes';

describe('matchesRoute', () => {
  it.each([
    ['/discover', '/discover', true],
    ['/discover', '/discover/x', false],
    ['/discover', '/Discover', false],
    ['/media/:media', '/media/tmdb-movie-1', true],
    ['/media/:media', '/media', false],
    ['/media/:media/:season/:episode', '/media/x/1/2', true],
    ['/media/:media/:season/:episode', '/media/x/1', false],
    ['/onboarding/*', '/onboarding', true],
    ['/onboarding/*', '/onboarding/proxy/x', true],
    ['/onboarding/*', '/onboardings', false],
  ])('%s ~ %s: %s', (pattern, path, expected) => expect(matchesRoute(pattern, path)).toBe(expected));
});

describe('firstRemotePage', () => {
  it('names the remote page a cold load shows first', () => {
    expect(firstRemotePage('/', true)).toEqual({ remote: 'discover', page: 'homeSection' });
    expect(firstRemotePage('/', false)).toBeNull();
    expect(firstRemotePage('/discover/', true)).toEqual({ remote: 'discover', page: 'discover' });
    expect(firstRemotePage('/settings', true)).toEqual({ remote: 'settings', page: 'settings' });
    expect(firstRemotePage('/login', true)).toEqual({ remote: 'account', page: 'login' });
    expect(firstRemotePage('/register', false)).toEqual({ remote: 'account', page: 'register' });
    expect(firstRemotePage('/media/tmdb-movie-653-nosferatu', true)).toEqual({ remote: 'player', page: 'watch' });
    expect(firstRemotePage('/media/tmdb-tv-1/s/e/', true)).toEqual({ remote: 'player', page: 'watch' });
    expect(firstRemotePage('/embed/tmdb-tv-1/2/3', true)).toEqual({ remote: 'player', page: 'watch' });
  });

  it('is null where the host renders the page, or the path is not one page', () => {
    for (const path of ['/browse/alien', '/about', '/media/x/1', '/media/x/1/2/3', '/dev/video', '/onboarding', '/nowhere'])
      expect(firstRemotePage(path, true)).toBeNull();
  });

  it('follows the route table: every early route is named, with its own remote and page', () => {
    for (const route of REMOTE_ROUTES.filter((r) => r.early))
      expect(firstRemotePage(route.path, true)).toEqual({ remote: route.remote, page: route.page });
  });
});
