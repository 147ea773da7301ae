/** A movie's or show's details, its seasons and episodes, and the sub-resources `append_to_response` can add. */
import type { Context, Hono } from 'hono';
import { movieById, showById, type Movie, type Show } from './data';
import { appendParam, notFound } from './http';
import {
  contentRatings,
  firstAirDate,
  images,
  movieCredits,
  movieDetails,
  movieExternalIds,
  movieReleaseDates,
  seasonCredits,
  seasonDetails,
  seasonExternalIds,
  showCredits,
  showDetails,
  showExternalIds,
  videos,
  watchProviders,
  type Json,
  type JsonObject,
  type Links,
} from './tmdb';

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

/** Registers /3/movie/{id}… and /3/tv/{id}…; trailers point at `links.mediaUrl`. */
export function titleRoutes(app: Hono, links: Links): void {
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
}
