import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { createArchiveApp } from './app';

export { buildItems } from './app';

/**
 * An Internet Archive-style search and metadata API for the catalog's public-domain films. Environment:
 * - ARCHIVE_MEDIA_URL: where downloads redirect (default: the `media` service of the same run, else http://localhost:4101)
 */
export const start: StartService = async (options) => {
  const app = createArchiveApp({
    mediaUrl: () => options.env.ARCHIVE_MEDIA_URL || options.urls.media || 'http://localhost:4101',
    log: options.log,
  });
  return listen('archive', app, options);
};
