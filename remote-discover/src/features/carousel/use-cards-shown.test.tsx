// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCardsShown } from './use-cards-shown';

const cards = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

function shownOver(initial: unknown[], first: number) {
  const seen: number[] = [];
  const view = renderHook(
    ({ items }) => {
      const shown = useCardsShown(items, first);
      seen.push(shown);
      return shown;
    },
    { initialProps: { items: initial } },
  );
  return { seen, view };
}

describe('useCardsShown', () => {
  it('renders the cards that can be in view first, then the whole row', async () => {
    const { seen, view } = shownOver(cards(20), 11);
    expect(seen[0], 'the first render has only the cards in view').toBe(11);
    await waitFor(() => expect(view.result.current).toBe(20));
  });

  it('a row no longer than the cards in view is rendered whole at once', () => {
    const { seen } = shownOver(cards(8), 11);
    expect(seen).toEqual([8]);
  });

  it('a row that loads again starts again with the cards in view', async () => {
    const { seen, view } = shownOver(cards(20), 11);
    await waitFor(() => expect(view.result.current).toBe(20));
    seen.length = 0;
    view.rerender({ items: cards(15) });
    expect(seen[0]).toBe(11);
    await waitFor(() => expect(view.result.current).toBe(15));
  });

  it('the whole row stays whole on a re-render with the same cards', async () => {
    const items = cards(20);
    const { seen, view } = shownOver(items, 11);
    await waitFor(() => expect(view.result.current).toBe(20));
    seen.length = 0;
    view.rerender({ items });
    expect(seen).toEqual([20]);
  });
});
