// @vitest-environment jsdom
/**
 * Issue: any write to a host store re-rendered every media card. The host rebuilds its HostApi (and the
 * stores' snapshots) on every write; only the cards whose own values changed may render again.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'shared-contracts/router';
import { HostContext, THEMES, type BookmarkItem, type HostApi, type HostState, type MediaMeta, type ProgressItem } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { HomeBookmarks, HomeContinueWatching } from './HomePages';

// Render counter: a card computes its year line once per render.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../core/format', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/format')>();
  return {
    ...real,
    releaseYear: (card: { tmdbId: string; year?: number }) => {
      renders.set(card.tmdbId, (renders.get(card.tmdbId) ?? 0) + 1);
      return real.releaseYear(card);
    },
  };
});

const COUNT = 60; // more than the first slice, so the progressive rendering is exercised too
const bookmark = (i: number, updatedAt = 1000 - i): BookmarkItem => ({ type: 'movie', title: `Film ${i}`, year: 1950, updatedAt });
const progressItem = (i: number, watched = 100 + i): ProgressItem => ({
  type: 'movie',
  title: `Seen ${i}`,
  year: 1960,
  updatedAt: 1000 - i,
  progress: { watched, duration: 5000 },
  seasons: {},
  episodes: {},
});

const initialState = (): Pick<HostState, 'bookmarks' | 'progress' | 'preferences'> => ({
  bookmarks: Object.fromEntries(Array.from({ length: COUNT }, (_, i) => [String(10_000 + i), bookmark(i)])),
  progress: Object.fromEntries(Array.from({ length: COUNT }, (_, i) => [String(20_000 + i), progressItem(i)])),
  preferences: { enableDetailsModal: false } as HostState['preferences'],
});

type Write = (change: (state: ReturnType<typeof initialState>) => ReturnType<typeof initialState>) => void;

/** Stands in for the host: every write builds a new HostApi and new snapshot objects, as the host does. */
function renderHome(): { write: Write; toggles: MediaMeta[] } {
  const toggles: MediaMeta[] = [];
  let write!: Write;
  function FakeHost() {
    const [state, setState] = useState(initialState);
    write = (change) => act(() => setState((s) => structuredClone(change(s))));
    const host = {
      state,
      catalog: {},
      config: {},
      navigate: () => {},
      actions: {
        toggleBookmark: (meta: MediaMeta) => {
          toggles.push(meta);
          return true;
        },
      },
    } as unknown as HostApi;
    return (
      <HostContext.Provider value={host}>
        <HomeContinueWatching />
        <HomeBookmarks />
      </HostContext.Provider>
    );
  }
  render(
    <MemoryRouter>
      <ThemeProvider theme={THEMES.default}>
        <FakeHost />
      </ThemeProvider>
    </MemoryRouter>,
  );
  return { write, toggles };
}

const card = (tmdbId: string, list: 'bookmarks' | 'continue-watching') =>
  screen.getByTestId(list).querySelector(`[data-media-id="tmdb-movie-${tmdbId}"]`) as HTMLElement;

async function allRendered() {
  await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2 * COUNT), { timeout: 10_000 });
  renders.clear();
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { discover: en } }, defaultNS: 'discover' });
});
afterEach(() => {
  cleanup();
  renders.clear();
});

describe("home's card lists", () => {
  it('render every item, the first slice at once and the rest in later tasks', async () => {
    renderHome();
    expect(screen.getAllByTestId('media-card').length).toBeLessThan(2 * COUNT);
    await allRendered();
  });

  it('a bookmark added elsewhere renders the new card only (and the one that shows its flag)', async () => {
    const { write } = renderHome();
    await allRendered();
    write((s) => ({ ...s, bookmarks: { ...s.bookmarks, '20003': bookmark(3, 5000) } }));
    // Its new bookmark card, its flag on Continue Watching, and the card it takes the list's tab stop from
    // (the first card is the list's one tab stop until the person focuses another).
    expect(Object.fromEntries(renders)).toEqual({ '20003': 2, '10000': 1 });
    expect(card('20003', 'continue-watching').querySelector('[data-testid=card-bookmark]')!.getAttribute('aria-pressed')).toBe('true');
    expect(card('20003', 'bookmarks')).toBeTruthy();
  });

  it('a progress write renders only the card whose bar moved', async () => {
    const { write } = renderHome();
    await allRendered();
    write((s) => ({ ...s, progress: { ...s.progress, '20007': progressItem(7, 2500) } }));
    expect(Object.fromEntries(renders)).toEqual({ '20007': 1 });
    expect(card('20007', 'continue-watching').querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).toBe('50');
  });

  it('a write to unrelated stores, or a merge that rebuilds every item with equal values, renders no card', async () => {
    const { write } = renderHome();
    await allRendered();
    write((s) => ({ ...s, preferences: { ...s.preferences } }));
    write((s) => structuredClone(s));
    expect(renders.size).toBe(0);
  });

  it("a card's bookmark button reaches the host with the card's title", async () => {
    const { toggles } = renderHome();
    await allRendered();
    fireEvent.click(card('10004', 'bookmarks').querySelector('[data-testid=card-bookmark]')!);
    expect(toggles).toEqual([{ tmdbId: '10004', type: 'movie', title: 'Film 4', year: 1950, poster: undefined }]);
    expect(renders.size).toBe(0);
  });
});
