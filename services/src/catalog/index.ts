import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { catalogConfig, createCatalogApp } from './app';

export { LOCAL_TMDB_API_KEY, LOCAL_TMDB_READ_TOKEN, EDITOR_PICK_MOVIE_IDS, EDITOR_PICK_SHOW_IDS, IMDB_PAGE_IDS } from './data';

/**
 * The catalog service (TMDB v3 compatible). Environment:
 * - LOCAL_TMDB_READ_TOKEN: accepted Bearer token (default: the exported LOCAL_TMDB_READ_TOKEN)
 * - LOCAL_TMDB_API_KEY: accepted api_key (default: the exported LOCAL_TMDB_API_KEY)
 * - CATALOG_MEDIA_URL: media library base URL when the media service is not started in the same run
 * - CATALOG_DELAY_MS: artificial delay before each API answer (timeout tests)
 */
export const start: StartService = async (options) => {
  const config = catalogConfig(options.env, options.urls.media, options.log);
  const app = createCatalogApp(config);
  return listen('catalog', app, options);
};
