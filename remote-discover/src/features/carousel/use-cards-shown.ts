import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a row's cards to render: those that can be in view first, the rest of the row in a
 * transition just after, so the cards off screen do not delay the first screen being usable. Grids show every card at once.
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
