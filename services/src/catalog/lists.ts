/** TMDB's lists (popular, top rated, now playing, upcoming, trending) and /3/discover with its filters and sort orders. */
import type { Context, Hono } from 'hono';
import { MOVIES, SHOWS, dayOffset, type Movie, type Show } from './data';
import { includeAdult, pageParam, released, today } from './http';
import { firstAirDate, movieItem, paginate, showItem, type JsonObject } from './tmdb';

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

/** Registers the list and discover routes. */
export function listRoutes(app: Hono): void {
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
}
