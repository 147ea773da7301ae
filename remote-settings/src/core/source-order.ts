/** The custom source order (preferences.sourceOrder): every known source once, in the user's order. Pure. */
import type { KnownSource } from 'shared-contracts';

/** The user's order, with sources it does not mention appended by rank and unknown ids dropped. */
export function completeOrder(order: readonly string[], known: readonly KnownSource[]): string[] {
  const ids = new Set(known.map((s) => s.id));
  const kept = order.filter((id, i) => ids.has(id) && order.indexOf(id) === i);
  const rest = [...known]
    .sort((a, b) => b.rank - a.rank)
    .filter((s) => !kept.includes(s.id))
    .map((s) => s.id);
  return [...kept, ...rest];
}

/** Moves the item at `from` to `to` (clamped). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}
