// @vitest-environment jsdom
/**
 * A list of cards is one tab stop whose arrow keys move between the cards; a card's more-options button
 * opens a real menu (arrow keys, Escape back to the button, closed when focus leaves it).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'shared-contracts/router';
import { encodeMediaId, HostContext, THEMES, type HostApi, type MediaCard as Card } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { CardHostProvider } from './card-host';
import { MediaCard } from './MediaCard';
import { useRovingCards } from './use-roving-cards';

const CARDS: Card[] = ['Nosferatu', 'Metropolis', 'Caligari'].map((title, i) => ({
  tmdbId: String(100 + i),
  type: 'movie',
  title,
  year: 1922 + i,
}));

function Row() {
  const roving = useRovingCards();
  const tabStop = roving.tabStop(CARDS.map((card) => encodeMediaId(card)));
  return (
    <ul {...roving.listProps}>
      {CARDS.map((card) => (
        <li key={card.tmdbId}>
          <MediaCard card={card} bookmarked={false} tabbable={encodeMediaId(card) === tabStop} />
        </li>
      ))}
    </ul>
  );
}

function renderRow() {
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
          <button type="button">before</button>
          <CardHostProvider>
            <Row />
          </CardHostProvider>
          <button type="button">after</button>
        </HostContext.Provider>
      </ThemeProvider>
    </MemoryRouter>,
  );
}

/** The elements a Tab reaches, in order (tabIndex ≥ 0). */
const tabStops = () => [...document.querySelectorAll<HTMLElement>('a, button')].filter((el) => el.tabIndex >= 0);
const cardOf = (title: string) => screen.getByRole('link', { name: new RegExp(title) }).closest('article')!;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { discover: en } }, defaultNS: 'discover' });
});
afterEach(cleanup);

describe('a row of cards', () => {
  it('is one card of tab stops: the link, its bookmark and its more button; arrows move between the links', () => {
    renderRow();
    const first = cardOf('Nosferatu');
    expect(tabStops().map((el) => el.textContent || el.getAttribute('aria-label'))).toEqual([
      'before',
      expect.stringContaining('Nosferatu'),
      'Bookmark Nosferatu',
      'More options for Nosferatu',
      'after',
    ]);
    const link = within(first).getByRole('link');
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'ArrowRight' });
    const second = within(cardOf('Metropolis')).getByRole('link');
    expect(document.activeElement).toBe(second);
    // The focused card is now the row's tab stop, the first one is not.
    expect(second.tabIndex).toBe(0);
    expect(link.tabIndex).toBe(-1);
    expect(within(cardOf('Metropolis')).getByRole('button', { name: 'More options for Metropolis' }).tabIndex).toBe(0);
    fireEvent.keyDown(second, { key: 'End' });
    expect(document.activeElement).toBe(within(cardOf('Caligari')).getByRole('link'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }); // stays at the end
    expect(document.activeElement).toBe(within(cardOf('Caligari')).getByRole('link'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(link);
  });
});

describe("a card's more-options menu", () => {
  it('is a menu button: arrow keys move among the items, Escape closes it back to the button', () => {
    renderRow();
    const more = screen.getByRole('button', { name: 'More options for Nosferatu' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.focus());
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Options for Nosferatu' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('aria-label') ?? item.textContent)).toEqual([
      'More Info',
      'Copy Link',
      'Close',
      'Copy ID tmdb-movie-100',
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' }); // wraps to the last
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(items[3]!, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    fireEvent.keyDown(more, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(within(screen.getByRole('menu')).getAllByRole('menuitem')[3]);
  });

  it('closes when focus leaves it', () => {
    renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'More options for Nosferatu' }));
    const menu = screen.getByRole('menu');
    const after = screen.getByRole('button', { name: 'after' });
    act(() => after.focus());
    expect(menu.isConnected).toBe(false);
    expect(document.activeElement).toBe(after);
  });
});
