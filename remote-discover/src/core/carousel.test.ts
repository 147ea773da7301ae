import { describe, expect, it } from 'vitest';
import type { MediaCard } from 'shared-contracts';
import { arrowDelta, arrowsNeeded, cardsPerScroll, inOrder, rowItems, shuffle, uniqueCards } from './carousel';

const card = (id: number, type: 'movie' | 'show' = 'movie'): MediaCard => ({ tmdbId: String(id), type, title: `T${id}` });

describe('carousel rows', () => {
  it('shuffle keeps every item and does not touch its input', () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffle(input, () => 0);
    expect(out.slice().sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect(out).not.toEqual(input);
  });

  it('keeps at most 20 unique items, first occurrence wins', () => {
    const page1 = Array.from({ length: 20 }, (_, i) => card(i));
    const page2 = Array.from({ length: 20 }, (_, i) => card(i + 10));
    const items = rowItems([page1, page2]);
    expect(items).toHaveLength(20);
    expect(new Set(items.map((c) => c.tmdbId)).size).toBe(20);
    expect(uniqueCards([card(1), card(1), card(1, 'show')])).toHaveLength(2);
  });

  it("keeps the order the page's first frame drew, over all the pages' cards, then the rest shuffled", () => {
    const page1 = Array.from({ length: 20 }, (_, i) => card(i));
    const page2 = Array.from({ length: 20 }, (_, i) => card(i + 10));
    // The frame chose cards a capped shuffle might have left out, and names one no page has.
    const order = ['movie:29', 'movie:3', 'show:99', 'movie:25'];
    const items = rowItems([page1, page2], Math.random, order);
    expect(items.slice(0, 3).map((c) => c.tmdbId)).toEqual(['29', '3', '25']);
    expect(items).toHaveLength(20);
    expect(new Set(items.map((c) => c.tmdbId)).size).toBe(20);
    expect(inOrder([card(1), card(2), card(3)], undefined).map((c) => c.tmdbId)).toEqual(['1', '2', '3']);
    expect(inOrder([card(1), card(2), card(3)], ['movie:3']).map((c) => c.tmdbId)).toEqual(['3', '1', '2']);
  });

  it('rows with few results keep them all', () => {
    expect(
      rowItems([
        [card(1), card(2)],
        [card(2), card(3)],
      ]),
    ).toHaveLength(3);
  });

  it.each([
    [1280, 180, 4],
    [1080, 180, 4],
    [1079, 180, 2],
    [390, 140, 2],
    [900, 0, 2],
  ])('viewport %i with %i px cards scrolls %i cards', (viewport, cardWidth, expected) => {
    expect(cardsPerScroll(viewport, cardWidth)).toBe(expected);
  });

  it('arrows scroll by cards, mirrored right to left', () => {
    expect(arrowDelta('next', 2, 100, false)).toBe(200);
    expect(arrowDelta('previous', 4, 100, false)).toBe(-400);
    expect(arrowDelta('next', 2, 100, true)).toBe(-200);
    expect(arrowDelta('previous', 2, 100, true)).toBe(200);
  });
});

describe('arrowsNeeded', () => {
  it.each([
    ['at the start', { scrollLeft: 0, scrollWidth: 2000, clientWidth: 1000 }, { start: false, end: true }],
    ['in the middle', { scrollLeft: 500, scrollWidth: 2000, clientWidth: 1000 }, { start: true, end: true }],
    ['at the end', { scrollLeft: 1000, scrollWidth: 2000, clientWidth: 1000 }, { start: true, end: false }],
    ['at the end, sub-pixel', { scrollLeft: 999.5, scrollWidth: 2000, clientWidth: 1000 }, { start: true, end: false }],
    ['RTL at the start', { scrollLeft: 0, scrollWidth: 2000, clientWidth: 1000 }, { start: false, end: true }],
    ['RTL scrolled', { scrollLeft: -600, scrollWidth: 2000, clientWidth: 1000 }, { start: true, end: true }],
    ['RTL at the end', { scrollLeft: -1000, scrollWidth: 2000, clientWidth: 1000 }, { start: true, end: false }],
    ['everything fits', { scrollLeft: 0, scrollWidth: 900, clientWidth: 1000 }, { start: false, end: false }],
  ])('%s', (_, track, expected) => {
    expect(arrowsNeeded(track)).toEqual(expected);
  });
});
