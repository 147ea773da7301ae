/** The catalog's HTTP app: TMDB v3 compatible API, image host and IMDb-style title pages. */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { logRequests } from '../lib/serve';
import {
  LOCAL_TMDB_API_KEY,
  LOCAL_TMDB_READ_TOKEN,
  MOVIES,
  MOVIE_GENRES,
  PEOPLE,
  SHOWS,
  TV_GENRES,
  WATCH_PROVIDERS,
  dayOffset,
  movieById,
  showById,
  showByTvdbId,
  titleByImdbId,
  type Movie,
  type Show,
} from './data';
import { IMAGE_SIZES, renderImage } from './images';
import { imdbPageHtml } from './imdb';
import {
  ERROR_401,
  ERROR_404,
  ERROR_APPEND,
  ERROR_PAGE,
  MAX_PAGE,
  contentRatings,
  firstAirDate,
  images,
  movieCredits,
  movieDetails,
  movieExternalIds,
  movieItem,
  movieReleaseDates,
  paginate,
  personItem,
  seasonCredits,
  seasonDetails,
  seasonExternalIds,
  showCredits,
  showDetails,
  showExternalIds,
  showItem,
  trailerUrl,
  videos,
  watchProviders,
  type Json,
  type JsonObject,
  type Links,
} from './tmdb';

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

class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    readonly body: JsonObject,
  ) {
    super(typeof body.status_message === 'string' ? body.status_message : '');
  }
}

const notFound = (): HttpError => new HttpError(404, ERROR_404);

function pageParam(c: Context): number {
  const raw = c.req.query('page');
  if (raw === undefined || raw === '') return 1;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw new HttpError(400, ERROR_PAGE);
  return page;
}

function appendParam(c: Context): string[] {
  const raw = c.req.query('append_to_response');
  if (!raw) return [];
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > 20) throw new HttpError(400, ERROR_APPEND);
  return parts;
}

const includeAdult = (c: Context): boolean => c.req.query('include_adult') === 'true';
const today = (): string => new Date().toISOString().slice(0, 10);
const released = (m: Movie): boolean => Boolean(m.releaseDate) && m.releaseDate <= today();

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** 0 = no match; higher is better. */
function matchScore(query: string, text: string): number {
  const q = normalize(query);
  const t = normalize(text);
  if (!q) return 0;
  if (t === q) return 4;
  if (t.startsWith(q)) return 3;
  if (t.includes(q)) return 2;
  const words = q.split(' ');
  return words.every((w) => t.split(' ').some((tw) => tw.startsWith(w))) ? 1 : 0;
}

/** `a,b` = all of; `a|b` = any of. */
function idFilter(raw: string | undefined): ((ids: readonly number[]) => boolean) | undefined {
  if (!raw) return undefined;
  if (raw.includes('|')) {
    const any = raw.split('|').map(Number);
    return (ids) => any.some((id) => ids.includes(id));
  }
  const all = raw.split(',').map(Number);
  return (ids) => all.every((id) => ids.includes(id));
}

type SortKey = (t: Movie | Show) => number | string;
function sorter(sortBy: string | undefined, kind: 'movie' | 'tv'): (a: Movie | Show, b: Movie | Show) => number {
  const [field = 'popularity', dir = 'desc'] = (sortBy || 'popularity.desc').split('.');
  const keys: Record<string, SortKey> = {
    popularity: (t) => t.popularity,
    vote_average: (t) => t.voteAverage,
    vote_count: (t) => t.voteCount,
    primary_release_date: (t) => (t.kind === 'movie' ? t.releaseDate : (firstAirDate(t) ?? '')),
    release_date: (t) => (t.kind === 'movie' ? t.releaseDate : (firstAirDate(t) ?? '')),
    first_air_date: (t) => (t.kind === 'movie' ? t.releaseDate : (firstAirDate(t) ?? '')),
    title: (t) => (t.kind === 'movie' ? t.title : t.name),
    original_title: (t) => (t.kind === 'movie' ? t.originalTitle : t.originalName),
    name: (t) => (t.kind === 'movie' ? t.title : t.name),
    original_name: (t) => (t.kind === 'movie' ? t.originalTitle : t.originalName),
    revenue: (t) => (t.kind === 'movie' ? t.revenue : 0),
  };
  const key = keys[field] ?? keys.popularity!;
  const sign = dir === 'asc' ? 1 : -1;
  void kind;
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    return a.id - b.id;
  };
}

function discover(c: Context, kind: 'movie' | 'tv'): JsonObject {
  const q = (name: string) => c.req.query(name);
  let items: Array<Movie | Show> = kind === 'movie' ? [...MOVIES] : [...SHOWS];
  if (!includeAdult(c)) items = items.filter((t) => !t.adult);
  const genres = idFilter(q('with_genres'));
  if (genres) items = items.filter((t) => genres(t.genreIds));
  const without = q('without_genres');
  if (without) {
    const excluded = without.split(/[,|]/).map(Number);
    items = items.filter((t) => !t.genreIds.some((id) => excluded.includes(id)));
  }
  const providers = idFilter(q('with_watch_providers'));
  if (providers) {
    const region = (q('watch_region') || 'US').toUpperCase();
    items = region === 'US' ? items.filter((t) => providers(t.providerIds)) : [];
  }
  const lang = q('with_original_language');
  if (lang) items = items.filter((t) => lang.split('|').includes(t.originalLanguage));
  const date = (t: Movie | Show) => (t.kind === 'movie' ? t.releaseDate : (firstAirDate(t) ?? ''));
  const gte = q(kind === 'movie' ? 'primary_release_date.gte' : 'first_air_date.gte') ?? q('release_date.gte');
  const lte = q(kind === 'movie' ? 'primary_release_date.lte' : 'first_air_date.lte') ?? q('release_date.lte');
  if (gte) items = items.filter((t) => date(t) !== '' && date(t) >= gte);
  if (lte) items = items.filter((t) => date(t) !== '' && date(t) <= lte);
  const yearParam = q(kind === 'movie' ? 'primary_release_year' : 'first_air_date_year') ?? q('year');
  if (yearParam) items = items.filter((t) => date(t).startsWith(yearParam));
  const minVotes = Number(q('vote_count.gte'));
  if (minVotes) items = items.filter((t) => t.voteCount >= minVotes);
  const minAverage = Number(q('vote_average.gte'));
  if (minAverage) items = items.filter((t) => t.voteAverage >= minAverage);
  items.sort(sorter(q('sort_by'), kind));
  return paginate(
    items.map((t) => (t.kind === 'movie' ? movieItem(t) : showItem(t))),
    pageParam(c),
  );
}

function movieAppend(m: Movie, part: string, links: Links): Json | undefined {
  switch (part) {
    case 'release_dates':
      return movieReleaseDates(m);
    case 'credits':
      return movieCredits(m);
    case 'external_ids':
      return movieExternalIds(m);
    case 'videos':
      return videos('movie', m.id, m.title, m.releaseDate, links);
    case 'images':
      return images(m.posterPath, m.backdropPath, `/logo-m${m.id}.svg`);
    case 'watch/providers':
      return watchProviders('movie', m.id, m.providerIds);
    case 'keywords':
      return { keywords: [{ id: 1, name: m.publicDomain ? 'public domain' : 'invented title' }] };
    default:
      return undefined;
  }
}

function showAppend(s: Show, part: string, links: Links): Json | undefined {
  switch (part) {
    case 'content_ratings':
      return contentRatings(s);
    case 'credits':
    case 'aggregate_credits':
      return showCredits(s);
    case 'external_ids':
      return showExternalIds(s);
    case 'videos':
      return videos('tv', s.id, s.name, firstAirDate(s), links);
    case 'images':
      return images(s.posterPath, s.backdropPath, `/logo-t${s.id}.svg`);
    case 'watch/providers':
      return watchProviders('tv', s.id, s.providerIds);
    default:
      return undefined;
  }
}

const withId = (id: number, body: Json | undefined): JsonObject => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw notFound();
  return { id, ...body };
};

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
  app.get('/3/search/:type{multi|movie|tv}', (c) => {
    const type = c.req.param('type');
    const query = c.req.query('query') ?? '';
    const page = pageParam(c);
    const adult = includeAdult(c);
    const scored: Array<{ score: number; popularity: number; item: JsonObject }> = [];
    if (type !== 'tv')
      for (const m of MOVIES) {
        if (m.adult && !adult) continue;
        const score = Math.max(matchScore(query, m.title), matchScore(query, m.originalTitle));
        if (score) scored.push({ score, popularity: m.popularity, item: movieItem(m, type === 'multi') });
      }
    if (type !== 'movie')
      for (const s of SHOWS) {
        const score = Math.max(matchScore(query, s.name), matchScore(query, s.originalName));
        if (score) scored.push({ score, popularity: s.popularity, item: showItem(s, type === 'multi') });
      }
    if (type === 'multi')
      for (const p of PEOPLE) {
        const score = matchScore(query, p.name);
        if (!score) continue;
        const knownFor: Array<Movie | Show> = [
          ...MOVIES.filter((m) => !m.adult && (m.cast.some((x) => x.person.id === p.id) || m.directors.some((d) => d.id === p.id))),
          ...SHOWS.filter((s) => s.cast.some((x) => x.person.id === p.id)),
        ];
        scored.push({ score, popularity: p.popularity, item: personItem(p, knownFor) });
      }
    scored.sort((a, b) => b.score - a.score || b.popularity - a.popularity);
    return c.json(
      paginate(
        scored.map((s) => s.item),
        page,
      ),
    );
  });

  // Lists
  const list = (c: Context, items: Array<Movie | Show>, extra?: JsonObject) => {
    const body = paginate(
      items.map((t) => (t.kind === 'movie' ? movieItem(t) : showItem(t))),
      pageParam(c),
    );
    return c.json(extra ? { ...extra, ...body } : body);
  };
  const byPopularity = (a: Movie | Show, b: Movie | Show) => b.popularity - a.popularity || a.id - b.id;
  const byRating = (a: Movie | Show, b: Movie | Show) => b.voteAverage - a.voteAverage || b.voteCount - a.voteCount || a.id - b.id;
  const visibleMovies = () => MOVIES.filter((m) => !m.adult);
  app.get('/3/movie/now_playing', (c) => {
    const min = dayOffset(-45);
    const items = visibleMovies()
      .filter((m) => released(m) && m.releaseDate >= min)
      .sort(byPopularity);
    return list(c, items, { dates: { maximum: dayOffset(3), minimum: min } });
  });
  app.get('/3/movie/upcoming', (c) => {
    const items = visibleMovies()
      .filter((m) => m.releaseDate > today())
      .sort(byPopularity);
    return list(c, items, { dates: { maximum: dayOffset(60), minimum: dayOffset(1) } });
  });
  app.get('/3/movie/popular', (c) => list(c, visibleMovies().filter(released).sort(byPopularity)));
  app.get('/3/movie/top_rated', (c) =>
    list(
      c,
      visibleMovies()
        .filter((m) => released(m) && m.voteCount >= 50)
        .sort(byRating),
    ),
  );
  app.get('/3/tv/popular', (c) => list(c, SHOWS.filter((s) => s.voteCount > 0).sort(byPopularity)));
  app.get('/3/tv/top_rated', (c) => list(c, SHOWS.filter((s) => s.voteCount >= 50).sort(byRating)));
  app.get('/3/tv/on_the_air', (c) => list(c, SHOWS.filter((s) => s.status === 'Returning Series').sort(byPopularity)));
  app.get('/3/tv/airing_today', (c) => list(c, SHOWS.filter((s) => s.status === 'Returning Series').slice(0, 5)));
  app.get('/3/trending/:type{all|movie|tv}/:window{day|week}', (c) => {
    const type = c.req.param('type');
    const items: Array<Movie | Show> = [
      ...(type === 'tv' ? [] : visibleMovies().filter(released)),
      ...(type === 'movie' ? [] : SHOWS.filter((s) => s.voteCount > 0)),
    ].sort(byPopularity);
    return c.json(
      paginate(
        items.map((t) => (t.kind === 'movie' ? movieItem(t, true) : showItem(t, true))),
        pageParam(c),
      ),
    );
  });

  app.get('/3/discover/movie', (c) => c.json(discover(c, 'movie')));
  app.get('/3/discover/tv', (c) => c.json(discover(c, 'tv')));

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

  // Movie details and sub-resources
  const getMovie = (c: Context): Movie => {
    const movie = movieById.get(Number(c.req.param('id')));
    if (!movie) throw notFound();
    return movie;
  };
  app.get('/3/movie/:id{[0-9]+}', (c) => {
    const movie = getMovie(c);
    const body = movieDetails(movie);
    for (const part of appendParam(c)) {
      const value = movieAppend(movie, part, links);
      if (value !== undefined) body[part] = value;
    }
    return c.json(body);
  });
  app.get('/3/movie/:id{[0-9]+}/:sub{[a-z_]+(?:/providers)?}', (c) => {
    const movie = getMovie(c);
    return c.json(withId(movie.id, movieAppend(movie, c.req.param('sub'), links)));
  });

  // TV details, seasons, episodes
  const getShow = (c: Context): Show => {
    const show = showById.get(Number(c.req.param('id')));
    if (!show) throw notFound();
    return show;
  };
  app.get('/3/tv/:id{[0-9]+}', (c) => {
    const show = getShow(c);
    const body = showDetails(show);
    for (const part of appendParam(c)) {
      const value = showAppend(show, part, links);
      if (value !== undefined) body[part] = value;
    }
    return c.json(body);
  });
  app.get('/3/tv/:id{[0-9]+}/season/:n{[0-9]+}', (c) => {
    const show = getShow(c);
    const season = show.seasons.find((s) => s.number === Number(c.req.param('n')));
    if (!season) throw notFound();
    const body = seasonDetails(show, season);
    for (const part of appendParam(c)) {
      if (part === 'credits') body.credits = seasonCredits(show);
      else if (part === 'external_ids') body.external_ids = seasonExternalIds(season);
      else if (part === 'images') body.images = { posters: images(season.posterPath, null, null).posters as Json[] };
      else if (part === 'videos') body.videos = { results: [] };
    }
    return c.json(body);
  });
  app.get('/3/tv/:id{[0-9]+}/season/:n{[0-9]+}/episode/:e{[0-9]+}', (c) => {
    const show = getShow(c);
    const season = show.seasons.find((s) => s.number === Number(c.req.param('n')));
    const episode = season?.episodes.find((e) => e.number === Number(c.req.param('e')));
    if (!season || !episode) throw notFound();
    const full = (seasonDetails(show, season).episodes as JsonObject[]).find((e) => e.id === episode.id) as JsonObject;
    return c.json(full);
  });
  app.get('/3/tv/:id{[0-9]+}/:sub{[a-z_]+(?:/providers)?}', (c) => {
    const show = getShow(c);
    return c.json(withId(show.id, showAppend(show, c.req.param('sub'), links)));
  });
  app.notFound((c) => (new URL(c.req.url).pathname.startsWith('/3/') ? c.json(ERROR_404, 404) : c.text('Not Found', 404)));
  return app;
}
