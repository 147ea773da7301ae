/** Carousel rules (docs/behaviour.md#discover-carousels): pages 1 and 2 shuffled, at most 20 unique items, scroll 2 or 4 cards. */
import type { MediaCard } from 'shared-contracts';
import { CAROUSEL_MAX_ITEMS } from './constants';

/** Fisher–Yates on a copy; `random` is injectable for tests. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Unique by type and id, first occurrence kept, capped. */
export function uniqueCards(cards: readonly MediaCard[], max = CAROUSEL_MAX_ITEMS): MediaCard[] {
  const seen = new Set<string>();
  const out: MediaCard[] = [];
  for (const card of cards) {
    const key = `${card.type}:${card.tmdbId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(card);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * A row's items from its fetched pages: merged, shuffled, then deduplicated and capped. The cards `order`
 * names come first, in its order (see inOrder).
 */
export function rowItems(
  pages: readonly (readonly MediaCard[])[],
  random: () => number = Math.random,
  order?: readonly string[],
): MediaCard[] {
  return uniqueCards(inOrder(shuffle(pages.flat(), random), order));
}

/**
 * `items` with the cards `order` names (`type:tmdbId`) first, in that order, then the rest as they were: a
 * row drawn by the page's first frame keeps the frame's order (FirstFrame.rowOrder).
 */
export function inOrder(items: readonly MediaCard[], order: readonly string[] | undefined): MediaCard[] {
  if (!order?.length) return items.slice();
  const rank = new Map(order.map((key, index) => [key, index]));
  const at = (card: MediaCard) => rank.get(`${card.type}:${card.tmdbId}`) ?? order.length;
  // Array#sort is stable: cards the frame did not draw keep their shuffled order.
  return items.slice().sort((a, b) => at(a) - at(b));
}

/** How many cards one arrow press scrolls: 2, or 4 when more than 5 cards fit. */
export function cardsPerScroll(viewportWidth: number, cardWidth: number): number {
  if (!(cardWidth > 0)) return 2;
  return Math.floor(viewportWidth / cardWidth) > 5 ? 4 : 2;
}

/** Horizontal scroll delta for an arrow; RTL rows scroll the other way (negative scrollLeft in Chromium). */
export function arrowDelta(direction: 'previous' | 'next', cards: number, cardWidth: number, rtl: boolean): number {
  const forward = direction === 'next' ? 1 : -1;
  return forward * (rtl ? -1 : 1) * cards * cardWidth;
}

/**
 * Which arrows a row needs: none where it cannot scroll further that way. `scrollLeft` runs 0 → negative
 * in right-to-left rows (Chromium, Firefox, Safari), so the distance from the start is its magnitude.
 * A pixel of slack absorbs sub-pixel layouts.
 */
export function arrowsNeeded(track: { scrollLeft: number; scrollWidth: number; clientWidth: number }): { start: boolean; end: boolean } {
  const fromStart = Math.abs(track.scrollLeft);
  return { start: fromStart > 1, end: fromStart + track.clientWidth < track.scrollWidth - 1 };
}
