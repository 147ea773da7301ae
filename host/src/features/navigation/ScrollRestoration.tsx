/**
 * Scroll position per history entry (issue 18 §1): a new page starts at the top; Back and Forward
 * return to where the person was, waiting for the page's content (search results, lazy rows) to be
 * tall enough, and giving up as soon as they scroll themselves. Positions live in sessionStorage, so a
 * reload or a return from the watch page (a different layout) keeps them.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'shared-contracts/router';
import { recordEntry } from './history';

const STORAGE_KEY = 'mw:scroll';
/** How long a restore waits for the content to grow, ms. */
const RESTORE_WINDOW_MS = 4000;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {}; // storage blocked or unreadable: nothing to restore
  }
}

function savePosition(key: string, y: number) {
  try {
    const positions = readPositions();
    positions[key] = Math.round(y);
    const keys = Object.keys(positions);
    // A long session: keep the 100 most recent entries.
    for (const old of keys.slice(0, Math.max(0, keys.length - 100))) delete positions[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // storage blocked or full: scroll restoration is a nicety
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const keyRef = useRef(location.key);
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Before any scroll event of the new page: positions are recorded under the entry being shown.
  useLayoutEffect(() => {
    keyRef.current = location.key;
    recordEntry(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savePosition(keyRef.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    const target = navigationType === NavigationType.Pop ? readPositions()[location.key] : undefined;
    if (target === undefined) {
      // A new page starts at the top; a change of query on the same page (tab, modal) stays put.
      if (!samePage) window.scrollTo(0, 0);
      return;
    }
    const started = performance.now();
    let frame = 0;
    let cancelled = false;
    const stop = () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
    const step = () => {
      if (cancelled) return;
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(target, Math.max(0, room)));
      if (room >= target || performance.now() - started > RESTORE_WINDOW_MS) return;
      frame = requestAnimationFrame(step);
    };
    step();
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const name of events) window.addEventListener(name, stop, { passive: true, once: true });
    return () => {
      stop();
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, [location, navigationType]);

  return null;
}
