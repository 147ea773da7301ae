/** A carousel row's items: loaded once per key while the page lives (tab switches do not refetch). */
import { startTransition, useEffect, useState } from 'react';
import type { MediaCard } from 'shared-contracts';

export type RowState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: MediaCard[] } | { status: 'failed' };

const cache = new Map<string, Promise<MediaCard[]>>();
const settled = new Map<string, RowState>();

/** Loads `load()` for `key` when `active` turns true; failures are logged and leave the row empty (spec §8). */
export function useRow(key: string, active: boolean, load: () => Promise<MediaCard[]>): RowState {
  const [state, setState] = useState<RowState>(() => settled.get(key) ?? { status: 'idle' });
  useEffect(() => {
    const known = settled.get(key);
    if (known) {
      setState(known);
      return;
    }
    if (!active) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    let pending = cache.get(key);
    if (!pending) {
      pending = load();
      cache.set(key, pending);
    }
    pending.then(
      (items) => {
        const next: RowState = { status: 'ready', items };
        settled.set(key, next);
        // A transition: React renders the row's 20 cards in slices, so no long task while scrolling (issue budget).
        if (live) startTransition(() => setState(next));
      },
      (error: unknown) => {
        console.error(`[discover] row ${key} failed to load`, error); // spec §8: logged, the row stays empty
        cache.delete(key);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
    // `load` is derived from `key`; a new closure for the same key must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, active]);
  return state;
}

/** Every item loaded so far (the random-movie button picks from these). */
export function loadedItems(): MediaCard[] {
  return [...settled.values()].flatMap((s) => (s.status === 'ready' ? s.items : []));
}
