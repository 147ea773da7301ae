/** One player per page: the engine with hls.js loaded lazily (only when an HLS source plays). */
import type { QualityPreference } from 'shared-contracts';
import type { HlsConstructor } from '../../core/player/engine';
import { createPlayer } from './player.store';

export const loadHls = () => import(/* webpackChunkName: "hls" */ 'hls.js').then((m) => m.default as unknown as HlsConstructor);

export function newPlayer(quality: () => QualityPreference) {
  const player = createPlayer({ loadHls, quality });
  return player;
}
