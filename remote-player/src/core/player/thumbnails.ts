/** Seek-bar thumbnails (docs/behaviour.md#player-thumbnails): snapshots at fractions of a 6-level scheme, the nearest one shown. */

export interface Thumbnail {
  /** Seconds. */
  at: number;
  /** Image data URL. */
  data: string;
}

/** Level 1 is 1/2; level n adds the odd multiples of 1/2^n, so coverage refines level by level. */
export function thumbnailFractions(levels = 6): number[] {
  const out: number[] = [];
  for (let level = 1; level <= levels; level++) {
    const step = 1 / 2 ** level;
    for (let k = 1; k < 2 ** level; k += 2) out.push(k * step);
  }
  return out;
}

export function nearestThumbnail(thumbnails: readonly Thumbnail[], time: number): Thumbnail | null {
  let best: Thumbnail | null = null;
  for (const t of thumbnails) if (!best || Math.abs(t.at - time) < Math.abs(best.at - time)) best = t;
  return best;
}
