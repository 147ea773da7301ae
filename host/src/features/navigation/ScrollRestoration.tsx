/**
 * Scroll position per history entry: a new page starts at the top; Back and Forward return to where
 * the person was, the page and each sideways row (Discover's carousels), waiting for the page's
 * content (search results, lazy rows) to arrive, and giving up as soon as they scroll themselves.
 * Places live in sessionStorage, so a reload or a return from the watch page (a different layout)
 * keeps them.
 *
 * Pages mark what is worth keeping: `data-scroll-anchor="<key>"` on blocks the page position is held
 * to (rows above may load taller or shorter than their placeholders), `data-scroll-x="<key>"` on
 * elements that scroll sideways.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'shared-contracts/router';
import { recordEntry } from './history';

const STORAGE_KEY = 'mw:scroll';
/** How long a restore waits for the content to arrive, ms. */
const RESTORE_WINDOW_MS = 4000;
/** The page is held in place for this many frames before a restore lets it go. */
const SETTLED_FRAMES = 10;

/** Where the person was on one history entry. */
interface Place {
  /** The page's scroll position, px. */
  y: number;
  /** The first marked block at the top of the window, and its top edge's distance from the window's top, px. */
  anchor?: { key: string; top: number };
  /** Sideways scroll position of each marked element that was not at its start, px. */
  rows?: Record<string, number>;
}

function readPlaces(): Record<string, Place> {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const places: Record<string, Place> = {};
    for (const [key, value] of Object.entries(parsed)) {
      // Older entries held the position alone.
      if (typeof value === 'number') places[key] = { y: value };
      else if (value && typeof value === 'object' && typeof (value as Place).y === 'number') places[key] = value as Place;
    }
    return places;
  } catch {
    return {}; // storage blocked or unreadable: nothing to restore
  }
}

function savePlace(key: string, place: Place) {
  try {
    const places = readPlaces();
    delete places[key];
    places[key] = place;
    const keys = Object.keys(places);
    // A long session: keep the 100 most recent entries.
    for (const old of keys.slice(0, Math.max(0, keys.length - 100))) delete places[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(places));
  } catch {
    // storage blocked or full: scroll restoration is a nicety
  }
}

/** The place shown now. */
function currentPlace(): Place {
  const place: Place = { y: Math.round(window.scrollY) };
  for (const block of document.querySelectorAll<HTMLElement>('[data-scroll-anchor]')) {
    const rect = block.getBoundingClientRect();
    if (rect.bottom > 0 && rect.height > 0) {
      place.anchor = { key: block.dataset.scrollAnchor!, top: Math.round(rect.top) };
      break;
    }
  }
  const rows: Record<string, number> = {};
  for (const row of document.querySelectorAll<HTMLElement>('[data-scroll-x]')) {
    if (Math.round(row.scrollLeft) !== 0) rows[row.dataset.scrollX!] = Math.round(row.scrollLeft);
  }
  if (Object.keys(rows).length) place.rows = rows;
  return place;
}

/**
 * The key a history entry's place is kept under. An entry the site did not create (a page opened by its
 * address, a link from elsewhere) has no state, and the router gives every such entry the key "default":
 * the address tells them apart.
 */
const placeKey = ({ key, pathname, search, hash }: { key: string; pathname: string; search: string; hash: string }) =>
  key === 'default' ? `default:${pathname}${search}${hash}` : key;

/** Whether this document came back to an entry (a reload, Back or Forward) rather than opening an address anew. */
function documentReturned(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

const byKey = (attribute: string, key: string) => document.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(key)}"]`);

/** A restore under way: what is back in place already. */
interface Restore {
  place: Place;
  /** Frames in a row with the page where it was. */
  settledFrames: number;
  pageDone: boolean;
  rowsDone: Set<string>;
}

/** Moves one step towards the place; true when everything is back. */
function restoreStep(restore: Restore): boolean {
  const { place } = restore;
  if (!restore.pageDone) {
    const anchor = place.anchor ? byKey('data-scroll-anchor', place.anchor.key) : null;
    const wanted = anchor && place.anchor ? window.scrollY + anchor.getBoundingClientRect().top - place.anchor.top : place.y;
    const room = document.documentElement.scrollHeight - window.innerHeight;
    const y = Math.min(Math.max(0, wanted), Math.max(0, room));
    if (Math.abs(window.scrollY - y) >= 1) window.scrollTo({ top: y, behavior: 'instant' });
    const inPlace = !(place.anchor && !anchor) && room >= wanted;
    restore.settledFrames = inPlace ? restore.settledFrames + 1 : 0;
    // Held a few frames: rows above that finish loading can still move the content.
    if (restore.settledFrames >= SETTLED_FRAMES) restore.pageDone = true;
  }
  for (const [key, left] of Object.entries(place.rows ?? {})) {
    if (restore.rowsDone.has(key)) continue;
    const row = byKey('data-scroll-x', key);
    // Once the row is wide enough: set once, then the row is the person's again.
    if (!row || row.scrollWidth - row.clientWidth < Math.abs(left) - 1) continue;
    row.scrollTo({ left, behavior: 'instant' });
    restore.rowsDone.add(key);
  }
  return restore.pageDone && restore.rowsDone.size === Object.keys(place.rows ?? {}).length;
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const keyRef = useRef(placeKey(location));
  const previousPath = useRef<string | null>(null);
  /** The document's first location: a place is returned to there only if the document itself came back to it. */
  const firstLocation = useRef(location);
  /** True while a restore moves the page: its own scrolling is not the person's place. */
  const restoring = useRef(false);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Before any scroll event of the new page: places are recorded under the entry being shown.
  useLayoutEffect(() => {
    keyRef.current = placeKey(location);
    recordEntry(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);

  useEffect(() => {
    let frame = 0;
    const onScroll = (event: Event) => {
      const target = event.target;
      // The page, or a marked row (scroll events of elements reach the document in the capture phase only).
      if (target !== document && !(target instanceof HTMLElement && target.dataset.scrollX !== undefined)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!restoring.current) savePlace(keyRef.current, currentPlace());
      });
    };
    document.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, []);

  useEffect(() => {
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    const key = placeKey(location);
    // The router reports a document's first location as a Pop, also when the address was typed in.
    const returned = navigationType === NavigationType.Pop && (location !== firstLocation.current || documentReturned());
    const place = returned ? readPlaces()[key] : undefined;
    if (place === undefined) {
      // A new page starts at the top; a change of query on the same page (tab, modal) stays put.
      if (!samePage) window.scrollTo(0, 0);
      // Kept at once: an entry left without scrolling (a modal opened over the page) is returned to as it was.
      savePlace(key, currentPlace());
      return;
    }
    const started = performance.now();
    const restore: Restore = { place, settledFrames: 0, pageDone: false, rowsDone: new Set() };
    let frame = 0;
    restoring.current = true;
    const stop = () => {
      if (!restoring.current) return;
      restoring.current = false;
      cancelAnimationFrame(frame);
      savePlace(key, currentPlace());
    };
    const step = () => {
      if (restoreStep(restore) || performance.now() - started > RESTORE_WINDOW_MS) return stop();
      frame = requestAnimationFrame(step);
    };
    step();
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const name of events) window.addEventListener(name, stop, { passive: true, once: true });
    return () => {
      restoring.current = false;
      cancelAnimationFrame(frame);
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, [location, navigationType]);

  return null;
}
