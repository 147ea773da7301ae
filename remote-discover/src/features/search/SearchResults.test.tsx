// @vitest-environment jsdom
/** Search results are the media cards of everywhere else; no result suggests what to try and where to go. */
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'shared-contracts/router';
import { HostContext, THEMES, type HostApi, type MediaCard } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import SearchResults from './SearchResults';

const NOSFERATU: MediaCard = { tmdbId: '653', type: 'movie', title: 'Nosferatu', year: 1922 };

/** The page at `/browse/:query` over a catalog that answers `results` to any search. */
function renderSearch(query: string, results: MediaCard[]) {
  const searched: string[] = [];
  const host = {
    state: { preferences: { enableDetailsModal: false }, bookmarks: {} },
    catalog: {
      search: (q: string) => {
        searched.push(q);
        return Promise.resolve(results);
      },
    },
    config: {},
    navigate: () => {},
    actions: { toggleBookmark: () => true },
  } as unknown as HostApi;
  render(
    <MemoryRouter initialEntries={[`/browse/${encodeURIComponent(query)}`]}>
      <ThemeProvider theme={THEMES.default}>
        <HostContext.Provider value={host}>
          <Routes>
            <Route path="/browse/:query" element={<SearchResults />} />
          </Routes>
        </HostContext.Provider>
      </ThemeProvider>
    </MemoryRouter>,
  );
  return searched;
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { discover: en } }, defaultNS: 'discover' });
});
afterEach(cleanup);

describe('search results', () => {
  it('are media cards with the bookmark toggle and the more-options menu button', async () => {
    const searched = renderSearch('Nosferatu', [NOSFERATU]);
    const grid = await screen.findByTestId('search-results');
    expect(searched).toEqual(['Nosferatu']);
    expect(screen.getByRole('status').textContent).toBe('1 result');
    expect(within(grid).getByRole('link', { name: /Nosferatu/ })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Bookmark Nosferatu' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(grid).getByRole('button', { name: 'More options for Nosferatu' }).getAttribute('aria-haspopup')).toBe('menu');
  });

  it('none: say what to try and link to Discover and its editor picks', async () => {
    renderSearch('zzzzqqq', []);
    const empty = await screen.findByTestId('search-empty');
    expect(within(empty).getByRole('status').textContent).toBe("We couldn't find anything!");
    expect(empty.textContent).toContain('Check the spelling, try fewer words, or search for the original title.');
    expect(within(empty).getByRole('link', { name: 'Browse Discover' }).getAttribute('href')).toBe('/discover');
    expect(within(empty).getByRole('link', { name: 'See the editor picks' }).getAttribute('href')).toBe('/discover?tab=editorpicks');
  });
});
