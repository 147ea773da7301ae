import { MEDIA_ROOT } from '../media/app';
import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { createJellyfinApp } from './app';

export { SERVER_ID, USER_ID } from './app';
export { buildLibrary, itemId } from './library';

/** The default API key of the stand-in (not a secret: a local test server). */
export const LOCAL_JELLYFIN_API_KEY = 'local-jellyfin-api-key-0000000001';

/**
 * A Jellyfin-compatible media server stand-in. Environment:
 * - JELLYFIN_API_KEY: the accepted key (default LOCAL_JELLYFIN_API_KEY)
 * - MEDIA_ROOT: where the clips are (default services/media)
 */
export const start: StartService = async (options) => {
  const app = createJellyfinApp({
    apiKey: options.env.JELLYFIN_API_KEY || LOCAL_JELLYFIN_API_KEY,
    mediaRoot: options.env.MEDIA_ROOT || MEDIA_ROOT,
    log: options.log,
  });
  return listen('jellyfin', app, options);
};
