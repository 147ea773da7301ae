import { describe, expect, it } from 'vitest';
import { parseTab, withTab } from './tab-param';

describe("Discover's tab in the URL", () => {
  it.each([
    ['', 'movies'],
    ['?tab=tvshows', 'tvshows'],
    ['?tab=editorpicks&m=details-tmdb-movie-653', 'editorpicks'],
    ['?tab=anime', 'movies'],
    ['?tab=', 'movies'],
  ] as const)('%s → %s', (search, tab) => {
    expect(parseTab(search)).toBe(tab);
  });

  it('sets the tab and keeps other parameters; the default tab leaves none', () => {
    expect(withTab('', 'tvshows')).toBe('?tab=tvshows');
    expect(withTab('?m=details-tmdb-movie-653', 'editorpicks')).toBe('?m=details-tmdb-movie-653&tab=editorpicks');
    expect(withTab('?tab=tvshows', 'movies')).toBe('');
    expect(withTab('?tab=tvshows&m=x', 'movies')).toBe('?m=x');
  });
});
