/**
 * One tab stop per list of cards (a row, a grid): only one card's controls are in the tab order, the
 * card last focused (the first at the start). The arrow keys move between the cards' links (mirrored
 * right to left), Home and End to the first and last card. From the card's link, Tab reaches that
 * card's bookmark and more-options buttons, and the next Tab leaves the list.
 *
 * This is the roving focus of Netflix's and Jellyfin's rows (arrow keys along a row), keeping a card's
 * own actions one Tab away as YouTube does for its video menu: a row of 20 cards was 60 tab stops.
 */
import { useCallback, useState, type FocusEvent, type KeyboardEvent } from 'react';

const CARD = '[data-testid=media-card]';

function cardsOf(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>(CARD)];
}

export interface RovingCards {
  /** The media id of the list's tab stop among `ids` (the cards shown, in order): the card last focused, else the first. */
  tabStop(ids: readonly string[]): string | undefined;
  /** Spread on the list element (the cards' common ancestor). */
  listProps: {
    onFocus(event: FocusEvent<HTMLElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  };
}

export function useRovingCards(): RovingCards {
  // By media id, not position: a card added above keeps the tab stop on the card the person left.
  const [active, setActive] = useState<string | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const id = event.target.closest<HTMLElement>(CARD)?.dataset.mediaId;
    if (id) setActive(id);
  }, []);
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    // Only from a card's link: a card's menu and buttons keep their own keys.
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || !target.matches(`${CARD} > a`)) return;
    const cards = cardsOf(event.currentTarget);
    const index = cards.indexOf(target.parentElement!);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    let next = -1;
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = Math.min(index + 1, cards.length - 1);
    else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = Math.max(index - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = cards.length - 1;
    if (next < 0) return;
    event.preventDefault();
    cards[next]?.querySelector<HTMLElement>(':scope > a')?.focus();
  }, []);
  const tabStop = useCallback((ids: readonly string[]) => (active !== null && ids.includes(active) ? active : ids[0]), [active]);
  return { tabStop, listProps: { onFocus, onKeyDown } };
}
