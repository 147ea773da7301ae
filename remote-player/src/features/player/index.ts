/** The player feature's public surface (the watch page and /dev/video use it). */
export { newPlayer, preparePlayback } from './create';
export { PlayerView } from './Player';
export { MetaErrorScreen, WaitingScreen } from './Screens';
export { PlayerContext, type EpisodeLink, type Player, type PlayerMeta } from './player.store';
export { plain, scrapeOptionsForRun, scrapeOptionsFrom, startStream, stopThumbnails } from './start-stream';
export { resolveDirectStream } from './load-media';
export { postToParent } from './embed-parent';
export { usePlaybackEffects } from './use-playback';
export {
  openMenuFromLink,
  resetForTitle,
  scrapeProgressed,
  setIntroSkipTime,
  setMeta,
  setPlayerHooks,
  setResumeFrom,
  setScrapeError,
  setSkippedEpisodes,
  setStartFromBeginning,
  stopAutoplay,
} from './player.actions';
