// @vitest-environment jsdom
/**
 * A card's more-options menu by mouse: it stays open while the pointer wanders off for a moment and
 * closes 2 s after the pointer left the card (coming back keeps it open); Copy Link says "Copied!" for
 * 2 s; right-click opens it.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'shared-contracts/router';
import { HostContext, THEMES, type HostApi, type MediaCard as Card } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { CardHostProvider } from './card-host';
import { MediaCard } from './MediaCard';

const NOSFERATU: Card = { tmdbId: '653', type: 'movie', title: 'Nosferatu', year: 1922 };

/** What the clipboard was given (jsdom has none). */
let clipboard: string[];

function renderCard() {
  const host = {
    state: { preferences: { enableDetailsModal: false } },
    catalog: {},
    config: {},
    navigate: () => {},
    actions: { toggleBookmark: () => true },
  } as unknown as HostApi;
  render(
    <MemoryRouter>
      <ThemeProvider theme={THEMES.default}>
        <HostContext.Provider value={host}>
          <CardHostProvider>
            <MediaCard card={NOSFERATU} bookmarked={false} />
          </CardHostProvider>
        </HostContext.Provider>
      </ThemeProvider>
    </MemoryRouter>,
  );
  return screen.getByTestId('media-card');
}

const menu = () => screen.queryByRole('menu', { name: 'Options for Nosferatu' });

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { discover: en } }, defaultNS: 'discover' });
});
beforeEach(() => {
  vi.useFakeTimers();
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => (clipboard.push(text), Promise.resolve()) },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe("a card's more-options menu by mouse", () => {
  it('opens on right-click and closes 2 s after the pointer leaves the card, not before; coming back keeps it', () => {
    const card = renderCard();
    fireEvent.contextMenu(card);
    expect(menu()).not.toBeNull();

    fireEvent.mouseLeave(card);
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    fireEvent.mouseEnter(card);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(menu(), 'the pointer came back in time').not.toBeNull();

    fireEvent.mouseLeave(card);
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(menu()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(menu()).toBeNull();
  });

  it('Copy Link copies the title’s address and says "Copied!" for 2 s; Copy ID copies its id', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'More options for Nosferatu' }));
    await act(async () => fireEvent.click(within(menu()!).getByRole('menuitem', { name: 'Copy Link' })));
    expect(clipboard).toEqual([new URL('/media/tmdb-movie-653-nosferatu', window.location.href).toString()]);
    expect(within(menu()!).getByRole('menuitem', { name: 'Copied!' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(within(menu()!).queryByRole('menuitem', { name: 'Copy Link' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(menu()!).getByRole('menuitem', { name: 'Copy Link' })).toBeTruthy();

    await act(async () => fireEvent.click(within(menu()!).getByRole('menuitem', { name: 'Copy ID tmdb-movie-653' })));
    expect(clipboard.at(-1)).toBe('tmdb-movie-653');
  });
});
