/**
 * Quality keys and the choice between them (docs/behaviour.md#player-quality).
 * Pure: used by the engine for files and HLS levels alike.
 */
import { QUALITY_KEYS, type QualityKey } from 'shared-contracts/quality';

/** Best first: the order automatic mode tries. */
export const QUALITY_ORDER: readonly QualityKey[] = QUALITY_KEYS;

/** Ranking: unknown 0, 360 10, 480 20, 720 30, 4k 35, 1080 40. */
export const QUALITY_RANK: Readonly<Record<QualityKey, number>> = { unknown: 0, '360': 10, '480': 20, '720': 30, '4k': 35, '1080': 40 };

export { isQualityKey } from 'shared-contracts/quality';

const HEIGHTS: Array<[QualityKey, number]> = [
  ['360', 360],
  ['480', 480],
  ['720', 720],
  ['1080', 1080],
  ['4k', 2160],
];

/** The key of an HLS level of any height: the nearest known height (2160 → 4k); 0 or unknown → unknown. */
export function qualityFromHeight(height: number | undefined): QualityKey {
  if (!height || !Number.isFinite(height) || height <= 0) return 'unknown';
  let best: QualityKey = 'unknown';
  let distance = Infinity;
  for (const [key, h] of HEIGHTS) {
    const d = Math.abs(h - height);
    if (d < distance) {
      distance = d;
      best = key;
    }
  }
  return best;
}

export class NoUsableQualityError extends Error {
  override name = 'NoUsableQualityError';
  constructor() {
    super('no usable quality');
  }
}

/**
 * Picks a quality among the available ones. Automatic (or no last choice): the first of QUALITY_ORDER.
 * Otherwise the closest at or below the preference by rank, else the nearest above. Throws when none.
 */
export function chooseQuality(
  available: readonly QualityKey[],
  preference: { automaticQuality: boolean; lastChosenQuality: QualityKey | null },
): QualityKey {
  const usable = QUALITY_ORDER.filter((q) => available.includes(q));
  if (usable.length === 0) throw new NoUsableQualityError();
  const wanted = preference.lastChosenQuality;
  if (preference.automaticQuality || !wanted) return usable[0]!;
  const rank = QUALITY_RANK[wanted];
  const below = usable.filter((q) => QUALITY_RANK[q] <= rank).sort((a, b) => QUALITY_RANK[b] - QUALITY_RANK[a]);
  if (below.length) return below[0]!;
  const above = usable.filter((q) => QUALITY_RANK[q] > rank).sort((a, b) => QUALITY_RANK[a] - QUALITY_RANK[b]);
  return above[0]!;
}
