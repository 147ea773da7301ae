import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { MEDIA_ROOT, createMediaApp } from './app';

export { BROKEN_MOVIES, LONG_MOVIES, LONG_SHOW, MOVIES_WITHOUT_STREAM, movieEntry, episodeEntry } from './library';
export { MAX_LONG_MINUTES } from './long';
export type { IndexEntry, IndexSource, IndexStream, IndexCaption, IndexEmbed } from './library';

/**
 * The media library service. Environment:
 * - MEDIA_ROOT: folder holding clips/, subtitles/ and broken/ (default: services/media of this repo)
 */
export const start: StartService = async (options) => {
  const app = createMediaApp({ root: options.env.MEDIA_ROOT || MEDIA_ROOT, log: options.log });
  return listen('media', app, options);
};
