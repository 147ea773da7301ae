/** Small display rules of the cards and the details modal (docs/behaviour.md#discover-cards, #details-content). Pure. */
import { isReleased } from 'shared-contracts';

/** Progress bar: percent watched, full above 98% (docs/behaviour.md#details-seasons-and-episodes). */
export function barPercent(watched: number, duration: number): number {
  if (!(duration > 0) || !(watched > 0)) return 0;
  const fraction = watched / duration;
  if (fraction > 0.98) return 100;
  return Math.min(100, Math.round(fraction * 100));
}

/** Episode ring: percent watched, full above 90%. */
export function ringPercent(watched: number, duration: number): number {
  if (!(duration > 0) || !(watched > 0)) return 0;
  const fraction = watched / duration;
  if (fraction > 0.9) return 100;
  return Math.min(100, Math.round(fraction * 100));
}

/** Year, or null when the title is unreleased (docs/behaviour.md#discover-cards) — the card then says "Unreleased". */
export function releaseYear(title: { year?: number; releaseDate?: string }, now: Date = new Date()): number | 'unreleased' | null {
  if (!isReleased(title, now)) return 'unreleased';
  return title.year ?? null;
}

/** Runtime in minutes as hours and minutes. */
export function splitRuntime(minutes: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Which runtime text to use: "40m" and "2h", not "0h 40m" or "2h 0m". */
export function runtimeKey({ hours, minutes }: { hours: number; minutes: number }): 'runtimeValue' | 'runtimeHours' | 'runtimeMinutes' {
  if (hours === 0) return 'runtimeMinutes';
  if (minutes === 0) return 'runtimeHours';
  return 'runtimeValue';
}

export type RatingColor = 'green' | 'yellow' | 'orange' | 'red';

/** Rating bar colour: green at 8 or more, yellow at 6, orange at 4, red below (docs/behaviour.md#details-content). */
export function ratingColor(rating: number): RatingColor {
  if (rating >= 8) return 'green';
  if (rating >= 6) return 'yellow';
  if (rating >= 4) return 'orange';
  return 'red';
}

/** Vote count: "K+" at 1000 or more (1234 → "1K+"), the number otherwise. */
export function formatVotes(votes: number): string {
  if (votes >= 1000) return `${Math.floor(votes / 1000)}K+`;
  return String(Math.max(0, Math.round(votes)));
}
