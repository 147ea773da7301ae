/**
 * The playback sources the player ships, for the settings' custom source order (the settings remote
 * cannot import the player). A test in the player checks this list against its provider registry.
 */
export interface KnownSource {
  id: string;
  name: string;
  /** Higher runs first in the default order. */
  rank: number;
}

export const KNOWN_SOURCES: readonly KnownSource[] = [
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
];
