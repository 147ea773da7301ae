/** A carousel row's items: loaded once per key while the page lives (tab switches do not refetch). */
import { startTransition, useEffect, useState } from 'react';
import type { MediaCard } from 'shared-contracts';

/** A failed row made offline says it needs the connection, and asks again once it is back. */
export type RowState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: MediaCard[] } | { status: 'failed'; offline: boolean };

const pending = new Map<string, Promise<MediaCard[]>>();
const settled = new Map<string, RowState>();

/** Starts (once) the request of a row; its result is remembered as soon as it arrives, mounted or not. */
function fetchRow(key: string, load: () => Promise<MediaCard[]>): Promise<MediaCard[]> {
  let request = pending.get(key);
  if (!request) {
    request = load();
    pending.set(key, request);
    request.then(
      (items) => settled.set(key, { status: 'ready', items }),
      (error: unknown) => {
        console.error(`[discover] row ${key} failed to load`, error); // logged only, the row stays empty
        pending.delete(key); // a later visit tries again
      },
    );
  }
  return request;
}

/**
 * Starts a row's request before its carousel renders (a cold load's first page); the carousel shares it.
 * `onLoaded` gets the row's items when this call started or joined the request (not when they were in already).
 */
export function prefetchRow(key: string, load: () => Promise<MediaCard[]>, onLoaded?: (items: MediaCard[]) => void): void {
  if (!settled.has(key)) void fetchRow(key, load).then(onLoaded, () => undefined);
}

/** Loads `load()` for `key` when `active` turns true; a failure leaves the row empty until the next try. */
export function useRow(key: string, active: boolean, load: () => Promise<MediaCard[]>): RowState {
  // Start the request while rendering rather than after the first paint: the first rows are on the
  // page's critical path. Idempotent (one request per key), so safe when React renders twice.
  if (active) prefetchRow(key, load);
  const [state, setState] = useState<RowState>(() => settled.get(key) ?? { status: active ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);
  const failed = state.status === 'failed';
  useEffect(() => {
    if (!failed) return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);
  useEffect(() => {
    const known = settled.get(key);
    if (known) {
      // A row seen before, or one whose answer came while the page rendered: shown in a transition too.
      // An effect's update takes the priority of the render that ran it; after a synchronous one (a store
      // write) it would render the row's 20 cards in one task.
      startTransition(() => setState(known));
      return;
    }
    if (!active) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a row that went out of use shows as idle
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    // Unchanged when the row already shows as loading (it was active from its first render): a new
    // object would re-render every row once more, synchronously, right after the page mounts.
    setState((shown) => (shown.status === 'loading' ? shown : { status: 'loading' }));
    fetchRow(key, load).then(
      (items) => {
        // A transition: React renders the row's 20 cards in slices, so no long task while scrolling (issue budget).
        if (live) startTransition(() => setState({ status: 'ready', items }));
      },
      () => live && setState({ status: 'failed', offline: !navigator.onLine }),
    );
    return () => {
      live = false;
    };
    // `load` is derived from `key`; a new closure for the same key must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, active, attempt]);
  return state;
}

/** Every item loaded so far (the random-movie button picks from these). */
export function loadedItems(): MediaCard[] {
  return [...settled.values()].flatMap((s) => (s.status === 'ready' ? s.items : []));
}
