/**
 * The playback sources the player ships: their ids, names and ranks are defined here, once, for the
 * scraping engine's providers (scraping-core), the settings' custom source order (the settings remote
 * cannot import the player) and the media library stand-in (services). A test in scraping-core checks
 * this list against its provider registry.
 */
export interface KnownSource {
  id: string;
  name: string;
  /** Higher runs first in the default order. */
  rank: number;
}

const SOURCES = [
  { id: 'media-server', name: 'My media server', rank: 600 },
  { id: 'local-hls-mirror', name: 'Local library (HLS mirror)', rank: 400 },
  { id: 'local-hls-backup', name: 'Local library (HLS backup)', rank: 350 },
  { id: 'local-hls', name: 'Local library (HLS)', rank: 300 },
  { id: 'local-mp4-mirror', name: 'Local library (MP4 mirror)', rank: 250 },
  { id: 'local-mp4', name: 'Local library (MP4)', rank: 200 },
  { id: 'local-hosts', name: 'Local library hosts (embeds)', rank: 175 },
  { id: 'local-embed', name: 'Local library player (embed)', rank: 150 },
  { id: 'local-hls-sd', name: 'Local library (HLS, low quality)', rank: 125 },
  { id: 'local-mp4-sd', name: 'Local library (MP4, low quality)', rank: 100 },
  { id: 'archive', name: 'Public-domain films (archive)', rank: 50 },
] as const satisfies readonly KnownSource[];

export const KNOWN_SOURCES: readonly KnownSource[] = SOURCES;
export type KnownSourceId = (typeof SOURCES)[number]['id'];

/** The sources of the local media library (its index lists which of them has a title). */
export type LibrarySourceId = Extract<KnownSourceId, `local-${string}`>;
export const LIBRARY_SOURCES = SOURCES.filter((s): s is Extract<(typeof SOURCES)[number], { id: LibrarySourceId }> =>
  s.id.startsWith('local-'),
);

/** A known source's id, name and rank. */
export function knownSource(id: KnownSourceId): KnownSource {
  const source = SOURCES.find((s) => s.id === id);
  if (!source) throw new Error(`unknown source ${id}`);
  return { id: source.id, name: source.name, rank: source.rank };
}
