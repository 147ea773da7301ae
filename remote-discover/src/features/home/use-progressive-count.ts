/**
 * How many of a long list's items to render: the first HOME_FIRST_CARDS at once, then
 * HOME_CARDS_PER_TASK more per task until all are. 250 bookmarks rendered in one go blocked the main
 * thread for well over 50 ms (issue: any write to a host store re-renders every media card); the first
 * rows are on screen in the first task and the rest follow while the page stays responsive.
 */
import { startTransition, useEffect, useState } from 'react';
import { HOME_CARDS_PER_TASK, HOME_FIRST_CARDS } from '../../core/constants';

export function useProgressiveCount(total: number): number {
  const [limit, setLimit] = useState(HOME_FIRST_CARDS);
  useEffect(() => {
    if (limit >= total) return;
    // A macrotask per slice (not a microtask): the browser gets to run input and paint in between; a
    // transition, so React also yields inside a slice's render and input goes first.
    const timer = setTimeout(() => startTransition(() => setLimit(limit + HOME_CARDS_PER_TASK)), 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  return Math.min(limit, total);
}
