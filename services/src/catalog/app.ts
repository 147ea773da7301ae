/** The catalog's HTTP app: TMDB v3 compatible API, image host and IMDb-style title pages. */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { logRequests } from '../lib/serve';
import {
  LOCAL_TMDB_API_KEY,
  LOCAL_TMDB_READ_TOKEN,
  MOVIES,
  MOVIE_GENRES,
  SHOWS,
  TV_GENRES,
  WATCH_PROVIDERS,
  showByTvdbId,
  titleByImdbId,
  type Movie,
  type Show,
} from './data';
import { HttpError, includeAdult } from './http';
import { IMAGE_SIZES, renderImage } from './images';
import { imdbPageHtml } from './imdb';
import { listRoutes } from './lists';
import { searchResults } from './search';
import { titleRoutes } from './titles';
import { ERROR_401, ERROR_404, movieItem, showItem, trailerUrl, type JsonObject, type Links } from './tmdb';

export interface CatalogConfig {
  readToken: string;
  apiKey: string;
  /** Base URL of the media library (trailers point there). */
  mediaUrl: string;
  /** Artificial delay before every /3 answer (tests of client timeouts). */
  delayMs: number;
  log: (line: string) => void;
}

export function catalogConfig(
  env: Record<string, string | undefined>,
  mediaUrl: string | undefined,
  log: (line: string) => void,
): CatalogConfig {
  return {
    readToken: env.LOCAL_TMDB_READ_TOKEN || LOCAL_TMDB_READ_TOKEN,
    apiKey: env.LOCAL_TMDB_API_KEY || LOCAL_TMDB_API_KEY,
    mediaUrl: (mediaUrl || env.CATALOG_MEDIA_URL || 'http://localhost:4101').replace(/\/+$/, ''),
    delayMs: Number(env.CATALOG_DELAY_MS) || 0,
    log,
  };
}

export function createCatalogApp(config: CatalogConfig): Hono {
  const app = new Hono();
  logRequests(app, config.log);
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 }));
  const links: Links = { mediaUrl: config.mediaUrl };

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status);
    config.log(`error: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDb.' }, 500);
  });

  app.get('/', (c) =>
    c.json({
      service: 'catalog',
      description:
        'Local TMDB v3 compatible catalog. API under /3, images under /t/p/{size}/{file}, IMDb-style pages under /title/{imdbId}/.',
      movies: MOVIES.length,
      shows: SHOWS.length,
    }),
  );

  // Images (no auth, like image.tmdb.org).
  app.get('/t/p/:size/:file', (c) => {
    const image = renderImage(c.req.param('size'), c.req.param('file'));
    if (!image) return c.text('Not Found', 404);
    return c.body(image.body, 200, { 'Content-Type': image.contentType, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });

  // IMDb-style title pages (no auth).
  const titlePage = (c: Context) => {
    const html = imdbPageHtml(c.req.param('imdbId') ?? '', {
      trailerUrl: trailerUrl(links),
      imageBase: `${new URL(c.req.url).origin}/t/p`,
    });
    if (!html)
      return c.html('<!DOCTYPE html><html><head><title>404 Error - IMDb (local)</title></head><body><h1>404 Error</h1></body></html>', 404);
    return c.html(html);
  };
  app.get('/title/:imdbId{tt[0-9]+}', titlePage);
  app.get('/title/:imdbId{tt[0-9]+}/', titlePage);

  // Auth for the API, like TMDB: Bearer read token or api_key query parameter.
  app.use('/3/*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const accepted = [config.readToken, config.apiKey];
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    const apiKey = c.req.query('api_key');
    const ok = (bearer !== undefined && accepted.includes(bearer)) || (apiKey !== undefined && accepted.includes(apiKey));
    if (!ok) return c.json(ERROR_401, 401);
    if (config.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.delayMs));
    return next();
  });

  app.get('/3/authentication', (c) => c.json({ success: true, status_code: 1, status_message: 'Success.' }));

  app.get('/3/configuration', (c) => {
    const base = `${new URL(c.req.url).origin}/t/p/`;
    return c.json({
      images: {
        base_url: base,
        secure_base_url: base,
        backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
        logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
        poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
        profile_sizes: ['w45', 'w185', 'h632', 'original'],
        still_sizes: ['w92', 'w185', 'w300', 'original'],
      },
      change_keys: [],
      all_sizes: IMAGE_SIZES,
    } as JsonObject);
  });

  // Search
  app.get('/3/search/:type{multi|movie|tv}', (c) => c.json(searchResults(c)));

  // Lists and discover
  listRoutes(app);

  app.get('/3/genre/movie/list', (c) => c.json({ genres: MOVIE_GENRES.map((g) => ({ ...g })) }));
  app.get('/3/genre/tv/list', (c) => c.json({ genres: TV_GENRES.map((g) => ({ ...g })) }));

  app.get('/3/watch/providers/:type{movie|tv}', (c) =>
    c.json({
      results: WATCH_PROVIDERS.filter((p) =>
        c.req.param('type') === 'movie' ? p.provider_id !== 257 : p.provider_id !== 9 && p.provider_id !== 99,
      ).map((p) => ({
        display_priority: p.display_priority,
        logo_path: p.logo_path,
        provider_name: p.provider_name,
        provider_id: p.provider_id,
      })),
    }),
  );
  app.get('/3/watch/providers/regions', (c) =>
    c.json({ results: [{ iso_3166_1: 'US', english_name: 'United States of America', native_name: 'United States' }] }),
  );

  // Find by external id
  app.get('/3/find/:externalId', (c) => {
    const externalId = c.req.param('externalId');
    const source = c.req.query('external_source');
    const body: JsonObject = { movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] };
    let title: Movie | Show | undefined;
    if (source === 'imdb_id') title = titleByImdbId.get(externalId);
    else if (source === 'tvdb_id') title = showByTvdbId.get(Number(externalId));
    else if (!source)
      return c.json({ success: false, status_code: 5, status_message: 'Invalid parameters: Your request parameters are incorrect.' }, 400);
    if (title && !(title.kind === 'movie' && title.adult && !includeAdult(c))) {
      if (title.kind === 'movie') body.movie_results = [movieItem(title, true)];
      else body.tv_results = [showItem(title, true)];
    }
    return c.json(body);
  });

  titleRoutes(app, links);
  app.notFound((c) => (new URL(c.req.url).pathname.startsWith('/3/') ? c.json(ERROR_404, 404) : c.text('Not Found', 404)));
  return app;
}
