import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a row's cards to render: those that can be in view first, the rest of the row in a
 * transition just after (issue 19: the 20 cards of the home's row were 320 of its first screen's 380
 * elements, and the 9 or more off screen delayed it being usable). Grids show every card at once.
 */
export function useCardsShown(items: readonly unknown[], first: number): number {
  // The list whose every card is rendered: a new list (a row that loaded) starts again with those in view.
  const [whole, setWhole] = useState<readonly unknown[] | null>(null);
  const split = items.length > first && whole !== items;
  useEffect(() => {
    if (split) startTransition(() => setWhole(items));
  }, [split, items]);
  return split ? first : items.length;
}
