/** One player per page: the engine with hls.js loaded lazily (only when an HLS source plays). */
import type { QualityPreference } from 'shared-contracts';
import type { HlsConstructor } from '../../core/player/engine';
import { createPlayer } from './player.store';

export const loadHls = () => import(/* webpackChunkName: "hls" */ 'hls.js').then((m) => m.default as unknown as HlsConstructor);

/**
 * A title is being looked up: fetch and evaluate hls.js meanwhile, so a stream found a moment later
 * starts without waiting for the library (it is most of the player's JavaScript; the page plays HLS
 * through it even where the browser could play HLS itself). A failure here is the load's to report
 * when a stream needs it.
 */
export function preparePlayback() {
  void loadHls().catch(() => undefined);
}

export function newPlayer(quality: () => QualityPreference) {
  const player = createPlayer({ loadHls, quality });
  return player;
}
