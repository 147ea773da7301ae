// @vitest-environment jsdom
/** A carousel row below the fold: skeletons until its cards come, and no request until the page nears it. */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HostContext, THEMES, type HostApi, type MediaCard } from 'shared-contracts';
import { MemoryRouter } from 'shared-contracts/router';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { Carousel } from './Carousel';

/** The browser's IntersectionObserver, reporting when the test says the row came near. */
class FakeIntersectionObserver {
  static made: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  /** The observed row enters the root's box grown by the margin. */
  near() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { discover: en } }, defaultNS: 'discover' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeIntersectionObserver.made = [];
});

const card = (tmdbId: string): MediaCard => ({ tmdbId, type: 'movie', title: `Film ${tmdbId}`, year: 2001, releaseDate: '2001-01-01' });

function renderRow(rowKey: string, load: () => Promise<MediaCard[]>) {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const host = {
    state: { bookmarks: {}, progress: {}, preferences: { enableDetailsModal: false } },
    actions: {},
    config: {},
    navigate: () => {},
  } as unknown as HostApi;
  render(
    <MemoryRouter>
      <ThemeProvider theme={THEMES.default}>
        <HostContext.Provider value={host}>
          <Carousel rowKey={rowKey} title="Westerns" load={load} />
        </HostContext.Provider>
      </ThemeProvider>
    </MemoryRouter>,
  );
  return within(screen.getByTestId('carousel'));
}

describe('a carousel row below the fold', () => {
  it('shows 10 skeletons and asks nothing until it is within 200 px of the viewport', async () => {
    let answer = (_: MediaCard[]) => {};
    const load = vi.fn(() => new Promise<MediaCard[]>((resolve) => (answer = resolve)));
    const row = renderRow('westerns-lazy', load);
    expect(row.getAllByTestId('card-skeleton')).toHaveLength(10);
    expect(load).not.toHaveBeenCalled();
    const [observer] = FakeIntersectionObserver.made;
    expect(observer?.options.rootMargin).toBe('200px 0px');

    act(() => observer!.near());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('carousel').getAttribute('data-status')).toBe('loading');
    expect(row.getAllByTestId('card-skeleton'), 'still 10 while it loads').toHaveLength(10);

    await act(async () => answer([card('1'), card('2')]));
    expect(row.queryAllByTestId('card-skeleton')).toHaveLength(0);
    expect(row.getAllByTestId('media-card')).toHaveLength(2);
  });
});
