/**
 * A title is released when its release date is not in the future, or, without a date, when its year is not after this year
 * (docs/behaviour.md#discover-cards).
 */
export function isReleased(title: { year?: number; releaseDate?: string }, now: Date = new Date()): boolean {
  if (title.releaseDate && /^\d{4}-\d{2}-\d{2}/.test(title.releaseDate)) {
    return title.releaseDate.slice(0, 10) <= now.toISOString().slice(0, 10);
  }
  if (title.year) return title.year <= now.getUTCFullYear();
  return false;
}

/** Episodes with a future or missing air date are unavailable (docs/behaviour.md#details-seasons-and-episodes). */
export function isAired(airDate: string | null | undefined, now: Date = new Date()): boolean {
  return Boolean(airDate && /^\d{4}-\d{2}-\d{2}/.test(airDate) && airDate.slice(0, 10) <= now.toISOString().slice(0, 10));
}
