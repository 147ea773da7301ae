/** The player feature's public surface (the watch page and /dev/video use it). */
export { newPlayer } from './create';
export { PlayerView } from './Player';
export { MetaErrorScreen } from './Screens';
export { PlayerContext, type EpisodeLink, type Player, type PlayerMeta } from './player.store';
export { plain, scrapeOptionsForRun, scrapeOptionsFrom, startStream, stopThumbnails } from './start-stream';
export { resolveDirectStream } from './load-media';
export { postToParent, usePlaybackEffects } from './use-playback';
