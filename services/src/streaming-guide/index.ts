import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { listen, logRequests } from '../lib/serve';
import type { StartService } from '../types';
import { MOVIES, SHOWS, type Movie, type Show } from '../catalog/data';

/**
 * The streaming-guide stand-in (title and season details for old links,
 * docs/behaviour.md#routes-legacy-redirects): the JustWatch content API the old product's
 * `/media/JW-{movie|show}-{id}` links were made from, answering its two reads with the shapes the old product used:
 *
 * - `GET /content/titles/{movie|show}/{id}/locale/{xx_YY}` → `{ id, title, object_type,
 *   original_release_year, poster, jw_entity_id, external_ids: [{ provider, external_id }],
 *   seasons?: [{ id, season_number, title }] }`
 * - `GET /content/titles/show_season/{id}/locale/{xx_YY}` → `{ id, title, season_number,
 *   episodes: [{ id, episode_number, title }] }`
 *
 * Unknown ids answer 404, malformed ones 400 (the old product read both as "not found").
 * Every title of the local catalog has a guide id of its own (not its TMDB id), see `guideIdOf`.
 * Failure injection: `POST /__control/mode?set=fail|garbage|normal` (500s, or a body that is not the
 * API's JSON), or `GUIDE_MODE=fail|garbage` in the environment at start.
 */

export type GuideMode = 'normal' | 'fail' | 'garbage';

export interface GuideExternalId {
  provider: 'eidr' | 'imdb_latest' | 'imdb' | 'tmdb_latest' | 'tmdb' | 'tms';
  external_id: string;
}

export interface GuideTitle {
  id: number;
  title: string;
  object_type: 'movie' | 'show';
  original_release_year: number | null;
  /** A poster path with a `{profile}` placeholder (the old product asked for profile s166). */
  poster: string | null;
  jw_entity_id: string;
  external_ids: GuideExternalId[];
  seasons?: Array<{ id: number; season_number: number; title: string }>;
}

export interface GuideSeason {
  id: number;
  title: string;
  season_number: number;
  episodes: Array<{ id: number; episode_number: number; title: string }>;
}

/** Guide ids: movies 20001…, shows 40001…, seasons 70000 + show × 100 + number, episodes 8000000 + … */
export const guideIdOf = {
  movie: (index: number) => 20_001 + index,
  show: (index: number) => 40_001 + index,
  season: (showIndex: number, seasonNumber: number) => 70_000 + showIndex * 100 + seasonNumber,
  episode: (showIndex: number, seasonNumber: number, episodeNumber: number) =>
    8_000_000 + showIndex * 10_000 + seasonNumber * 100 + episodeNumber,
};

/** A guide title that has no TMDB id (only an IMDb one): its old links cannot be resolved. */
export const GUIDE_ONLY_MOVIE_ID = 29_999;
/** A guide title that names its movie by IMDb id only (the catalog's first movie): found through the catalog's IMDb look-up. */
export const GUIDE_IMDB_ONLY_MOVIE_ID = 29_998;
/** The id a stale `tmdb` entry carries beside `tmdb_latest` on every fifth movie (the newer one wins). */
export const STALE_TMDB_ID = '1';

const year = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);

function movieTitle(movie: Movie, index: number): GuideTitle {
  const ids: GuideExternalId[] = [{ provider: 'imdb', external_id: movie.imdbId }];
  if (index % 5 === 0)
    ids.push({ provider: 'tmdb', external_id: STALE_TMDB_ID }, { provider: 'tmdb_latest', external_id: String(movie.id) });
  else ids.push({ provider: 'tmdb', external_id: String(movie.id) });
  const id = guideIdOf.movie(index);
  return {
    id,
    title: movie.title,
    object_type: 'movie',
    original_release_year: year(movie.releaseDate || null),
    poster: `/poster/${id}/{profile}`,
    jw_entity_id: `tm${id}`,
    external_ids: ids,
  };
}

function showTitle(show: Show, index: number): GuideTitle {
  const id = guideIdOf.show(index);
  return {
    id,
    title: show.name,
    object_type: 'show',
    original_release_year: year(show.seasons.find((s) => s.number > 0)?.airDate ?? null),
    poster: `/poster/${id}/{profile}`,
    jw_entity_id: `ts${id}`,
    external_ids: [
      { provider: 'imdb', external_id: show.imdbId },
      { provider: 'tmdb', external_id: String(show.id) },
    ],
    seasons: show.seasons.map((s) => ({ id: guideIdOf.season(index, s.number), season_number: s.number, title: s.name })),
  };
}

const titles = new Map<string, GuideTitle>();
MOVIES.forEach((movie, index) => titles.set(`movie/${guideIdOf.movie(index)}`, movieTitle(movie, index)));
SHOWS.forEach((show, index) => titles.set(`show/${guideIdOf.show(index)}`, showTitle(show, index)));
titles.set(`movie/${GUIDE_ONLY_MOVIE_ID}`, {
  id: GUIDE_ONLY_MOVIE_ID,
  title: 'A Film Only the Guide Knew',
  object_type: 'movie',
  original_release_year: 1999,
  poster: `/poster/${GUIDE_ONLY_MOVIE_ID}/{profile}`,
  jw_entity_id: `tm${GUIDE_ONLY_MOVIE_ID}`,
  external_ids: [{ provider: 'imdb', external_id: 'tt0999999' }],
});

titles.set(`movie/${GUIDE_IMDB_ONLY_MOVIE_ID}`, {
  ...movieTitle(MOVIES[0]!, 0),
  id: GUIDE_IMDB_ONLY_MOVIE_ID,
  jw_entity_id: `tm${GUIDE_IMDB_ONLY_MOVIE_ID}`,
  external_ids: [{ provider: 'imdb', external_id: MOVIES[0]!.imdbId }],
});

const seasons = new Map<number, GuideSeason>();
SHOWS.forEach((show, index) => {
  for (const s of show.seasons) {
    const id = guideIdOf.season(index, s.number);
    seasons.set(id, {
      id,
      title: s.name,
      season_number: s.number,
      episodes: s.episodes.map((e) => ({ id: guideIdOf.episode(index, s.number, e.number), episode_number: e.number, title: e.name })),
    });
  }
});

/** The guide's title by type and id (what the service answers), for tests. */
export const guideTitle = (type: 'movie' | 'show', id: number): GuideTitle | undefined => titles.get(`${type}/${id}`);
export const guideSeason = (id: number): GuideSeason | undefined => seasons.get(id);

const LOCALE = /^[a-z]{2}_[A-Z]{2}$/;

/** The guide's poster profiles: width and height. */
const POSTER_PROFILES: Record<string, { width: number; height: number }> = {
  s166: { width: 166, height: 236 },
  s332: { width: 332, height: 472 },
  s592: { width: 592, height: 841 },
};

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch] ?? ch);

/** A plain poster: the title on a dark card. */
function posterSvg(title: string, { width, height }: { width: number; height: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 166 236"><rect width="166" height="236" fill="#2b2340"/><text x="83" y="118" fill="#e8e0ff" font-family="sans-serif" font-size="13" text-anchor="middle">${escapeXml(title.slice(0, 22))}</text></svg>`;
}
const MODES: readonly GuideMode[] = ['normal', 'fail', 'garbage'];

export const start: StartService = async (options) => {
  let mode: GuideMode = MODES.includes(options.env.GUIDE_MODE as GuideMode) ? (options.env.GUIDE_MODE as GuideMode) : 'normal';
  const app = new Hono();
  logRequests(app, options.log);
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  app.get('/', (c) =>
    c.json({
      service: 'streaming-guide',
      usage: 'GET /content/titles/{movie|show}/{id}/locale/en_US, GET /content/titles/show_season/{id}/locale/en_US',
    }),
  );
  app.post('/__control/mode', (c) => {
    const next = c.req.query('set') as GuideMode;
    if (!MODES.includes(next)) return c.json({ error: `set must be one of ${MODES.join(', ')}` }, 400);
    mode = next;
    return c.json({ mode });
  });

  /** Injected failures first, then the answer (or 400 for a malformed id or locale, 404 for an unknown one). */
  const answer = (c: Context, id: string, find: (n: number) => object | undefined) => {
    if (mode === 'fail') return c.json({ error: 'Internal Server Error (injected)' }, 500);
    if (mode === 'garbage') return c.body('<html>upstream hiccup</html>', 200, { 'content-type': 'application/json' });
    if (!/^\d{1,9}$/.test(id) || !LOCALE.test(c.req.param('locale') ?? '')) return c.json({ error: 'bad request' }, 400);
    const found = find(Number(id));
    return found ? c.json(found) : c.json({ error: 'not found' }, 404);
  };
  app.get('/content/titles/show_season/:id/locale/:locale', (c) => answer(c, c.req.param('id'), (n) => seasons.get(n)));
  app.get('/content/titles/:type/:id/locale/:locale', (c) => {
    const type = c.req.param('type');
    if (type !== 'movie' && type !== 'show') return c.json({ error: 'bad request' }, 400);
    return answer(c, c.req.param('id'), (n) => titles.get(`${type}/${n}`));
  });
  // Posters by profile, as the guide's image host serves them (s166: 166×236).
  app.get('/poster/:id/:profile', (c) => {
    const size = POSTER_PROFILES[c.req.param('profile')];
    const title = [...titles.values()].find((t) => t.poster === `/poster/${c.req.param('id')}/{profile}`);
    if (!size || !title) return c.json({ error: 'Not found' }, 404);
    return c.body(posterSvg(title.title, size), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return listen('guide', app, options);
};
