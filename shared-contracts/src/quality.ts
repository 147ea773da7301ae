/** Quality keys of a file stream, best first: the order automatic mode tries (docs/behaviour.md#player-quality). */
export const QUALITY_KEYS = ['4k', '1080', '720', '480', '360', 'unknown'] as const;
export type QualityKey = (typeof QUALITY_KEYS)[number];

export const isQualityKey = (value: string): value is QualityKey => (QUALITY_KEYS as readonly string[]).includes(value);
