/** Turns catalog records into TMDB v3 response shapes (field names, order and types of real responses). */
import {
  MOVIE_GENRES,
  TV_GENRES,
  WATCH_PROVIDERS,
  type CastMember,
  type Episode,
  type Movie,
  type Person,
  type Season,
  type Show,
} from './data';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const PAGE_SIZE = 20;
export const MAX_PAGE = 500;

export const ERROR_401: JsonObject = {
  status_message: 'Invalid API key: You must be granted a valid key.',
  success: false,
  status_code: 7,
};
export const ERROR_404: JsonObject = {
  status_message: 'The resource you requested could not be found.',
  status_code: 34,
};
export const ERROR_PAGE: JsonObject = {
  success: false,
  status_code: 22,
  status_message: 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
};
export const ERROR_APPEND: JsonObject = {
  success: false,
  status_code: 27,
  status_message: 'Too many append to response objects: The maximum number of remote calls is 20.',
};

/** Where the catalog's trailer and IMDb trailer URLs point (a clip of the media library). */
export interface Links {
  mediaUrl: string;
}

const genreObjects = (ids: readonly number[], list: typeof MOVIE_GENRES): Json[] =>
  ids.flatMap((id) => {
    const genre = list.find((g) => g.id === id);
    return genre ? [{ id: genre.id, name: genre.name }] : [];
  });

const year = (date: string | null): string => (date ? date.slice(0, 4) : '');

// ------------------------------------------------------------------------------------------------
// List items

export function movieItem(m: Movie, mediaType = false): JsonObject {
  const item: JsonObject = {
    adult: m.adult,
    backdrop_path: m.backdropPath,
    genre_ids: [...m.genreIds],
    id: m.id,
    original_language: m.originalLanguage,
    original_title: m.originalTitle,
    overview: m.overview,
    popularity: m.popularity,
    poster_path: m.posterPath,
    release_date: m.releaseDate,
    title: m.title,
    video: false,
    vote_average: m.voteAverage,
    vote_count: m.voteCount,
  };
  if (mediaType) item.media_type = 'movie';
  return item;
}

export function showItem(s: Show, mediaType = false): JsonObject {
  const item: JsonObject = {
    adult: s.adult,
    backdrop_path: s.backdropPath,
    first_air_date: firstAirDate(s) ?? '',
    genre_ids: [...s.genreIds],
    id: s.id,
    name: s.name,
    origin_country: ['US'],
    original_language: s.originalLanguage,
    original_name: s.originalName,
    overview: s.overview,
    popularity: s.popularity,
    poster_path: s.posterPath,
    vote_average: s.voteAverage,
    vote_count: s.voteCount,
  };
  if (mediaType) item.media_type = 'tv';
  return item;
}

export function personItem(p: Person, knownFor: Array<Movie | Show>): JsonObject {
  return {
    adult: false,
    id: p.id,
    name: p.name,
    original_name: p.name,
    media_type: 'person',
    popularity: p.popularity,
    gender: p.gender,
    known_for_department: p.department,
    profile_path: p.profilePath,
    known_for: knownFor.slice(0, 3).map((t) => (t.kind === 'movie' ? movieItem(t, true) : showItem(t, true))),
  };
}

export function paginate(items: Json[], page: number): JsonObject {
  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: totalPages,
    total_results: items.length,
  };
}

// ------------------------------------------------------------------------------------------------
// People in credits

const personBase = (p: Person): JsonObject => ({
  adult: false,
  gender: p.gender,
  id: p.id,
  known_for_department: p.department,
  name: p.name,
  original_name: p.name,
  popularity: p.popularity,
  profile_path: p.profilePath,
});

const castEntry = (c: CastMember, withCastId: boolean): JsonObject => {
  const entry: JsonObject = { ...personBase(c.person) };
  if (withCastId) entry.cast_id = c.order + 2;
  entry.character = c.character;
  entry.credit_id = c.creditId;
  entry.order = c.order;
  return entry;
};

const crewEntry = (p: Person, job: string, department: string, creditId: string): JsonObject => ({
  ...personBase(p),
  credit_id: creditId,
  department,
  job,
});

const idHex = (n: number, salt: string): string => {
  // A stable 24-hex "credit id" derived from numbers (TMDB credit ids are Mongo object ids).
  let h = 2166136261;
  for (const ch of `${salt}:${n}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `${h.toString(16).padStart(8, '0')}${(n >>> 0).toString(16).padStart(8, '0')}${(h ^ 0x5bd1e995).toString(16).padStart(8, '0').slice(0, 8)}`;
};

// ------------------------------------------------------------------------------------------------
// Movie details and appends

export function movieCredits(m: Movie): JsonObject {
  return {
    cast: m.cast.map((c) => castEntry(c, true)),
    crew: [
      ...m.directors.map((d) => crewEntry(d, 'Director', 'Directing', idHex(d.id, `dir${m.id}`))),
      ...m.writers.map((w) => crewEntry(w, 'Screenplay', 'Writing', idHex(w.id, `wr${m.id}`))),
    ],
  };
}

export function movieReleaseDates(m: Movie): JsonObject {
  if (!m.releaseDate) return { results: [] };
  const at = `${m.releaseDate}T00:00:00.000Z`;
  return {
    results: [
      {
        iso_3166_1: 'GB',
        release_dates: [{ certification: '', descriptors: [], iso_639_1: '', note: '', release_date: at, type: 3 }],
      },
      {
        iso_3166_1: 'US',
        release_dates: [
          { certification: m.certification, descriptors: [], iso_639_1: '', note: '', release_date: at, type: 3 },
          { certification: m.certification, descriptors: [], iso_639_1: '', note: 'Digital', release_date: at, type: 4 },
        ],
      },
    ],
  };
}

export function movieExternalIds(m: Movie): JsonObject {
  return { imdb_id: m.imdbId, wikidata_id: null, facebook_id: null, instagram_id: null, twitter_id: '' };
}

/** Every title has one trailer: a clip of the local media library (site "LocalMedia", key = its URL). */
export function videos(kind: 'movie' | 'tv', id: number, title: string, date: string | null, links: Links): JsonObject {
  return {
    results: [
      {
        iso_639_1: 'en',
        iso_3166_1: 'US',
        name: `${title} – Official Trailer`,
        key: trailerUrl(links),
        site: 'LocalMedia',
        size: 720,
        type: 'Trailer',
        official: true,
        published_at: `${date || '2020-01-01'}T12:00:00.000Z`,
        id: idHex(id, `video-${kind}`),
      },
    ],
  };
}

export const trailerUrl = (links: Links): string => `${links.mediaUrl}/clips/trailer/mp4/720.mp4`;

const imageEntry = (path: string, width: number, height: number, lang: string | null): JsonObject => ({
  aspect_ratio: Number((width / height).toFixed(3)),
  height,
  iso_639_1: lang,
  file_path: path,
  vote_average: 5.3,
  vote_count: 1,
  width,
});

export function images(poster: string | null, backdrop: string | null, logo: string | null): JsonObject {
  return {
    backdrops: backdrop ? [imageEntry(backdrop, 1920, 1080, null)] : [],
    logos: logo ? [imageEntry(logo, 500, 200, 'en')] : [],
    posters: poster ? [imageEntry(poster, 1000, 1500, 'en')] : [],
  };
}

export function watchProviders(kind: 'movie' | 'tv', id: number, providerIds: readonly number[]): JsonObject {
  const flatrate = WATCH_PROVIDERS.filter((p) => providerIds.includes(p.provider_id)).map((p) => ({
    logo_path: p.logo_path,
    provider_id: p.provider_id,
    provider_name: p.provider_name,
    display_priority: p.display_priority,
  }));
  return flatrate.length
    ? { results: { US: { link: `https://www.themoviedb.org/${kind}/${id}/watch?locale=US`, flatrate } } }
    : { results: {} };
}

export function movieDetails(m: Movie): JsonObject {
  return {
    adult: m.adult,
    backdrop_path: m.backdropPath,
    belongs_to_collection: null,
    budget: m.budget,
    genres: genreObjects(m.genreIds, MOVIE_GENRES),
    homepage: '',
    id: m.id,
    imdb_id: m.imdbId,
    original_language: m.originalLanguage,
    original_title: m.originalTitle,
    overview: m.overview,
    popularity: m.popularity,
    poster_path: m.posterPath,
    production_companies: [{ id: 190_001, logo_path: null, name: 'Local Library Pictures', origin_country: 'US' }],
    production_countries: [{ iso_3166_1: 'US', name: 'United States of America' }],
    release_date: m.releaseDate,
    revenue: m.revenue,
    runtime: m.runtime,
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    status: m.releaseDate && m.releaseDate <= today() ? 'Released' : 'Post Production',
    tagline: m.tagline,
    title: m.title,
    video: false,
    vote_average: m.voteAverage,
    vote_count: m.voteCount,
  };
}

const today = (): string => new Date().toISOString().slice(0, 10);

// ------------------------------------------------------------------------------------------------
// TV

export const firstAirDate = (s: Show): string | null => s.seasons.find((season) => season.number > 0)?.episodes[0]?.airDate ?? null;

const allEpisodes = (s: Show): Episode[] => s.seasons.filter((x) => x.number > 0).flatMap((x) => x.episodes);

function episodeSummary(s: Show, e: Episode): JsonObject {
  return {
    id: e.id,
    name: e.name,
    overview: e.overview,
    vote_average: e.voteAverage,
    vote_count: e.voteCount,
    air_date: e.airDate,
    episode_number: e.number,
    episode_type: e.episodeType,
    production_code: '',
    runtime: e.runtime,
    season_number: e.seasonNumber,
    show_id: s.id,
    still_path: e.stillPath,
  };
}

export function showDetails(s: Show): JsonObject {
  const now = today();
  const episodes = allEpisodes(s);
  const aired = episodes.filter((e) => e.airDate && e.airDate <= now);
  const lastAired = aired[aired.length - 1];
  const next = episodes.find((e) => e.airDate && e.airDate > now);
  const runtimes = [...new Set(aired.map((e) => e.runtime).filter((r): r is number => r !== null))].slice(0, 1);
  return {
    adult: s.adult,
    backdrop_path: s.backdropPath,
    created_by: s.creators.map((p) => ({
      id: p.id,
      credit_id: idHex(p.id, `creator${s.id}`),
      name: p.name,
      gender: p.gender,
      profile_path: p.profilePath,
    })),
    episode_run_time: runtimes,
    first_air_date: firstAirDate(s),
    genres: genreObjects(s.genreIds, TV_GENRES),
    homepage: '',
    id: s.id,
    in_production: s.status !== 'Ended',
    languages: [s.originalLanguage],
    last_air_date: lastAired?.airDate ?? null,
    last_episode_to_air: lastAired ? episodeSummary(s, lastAired) : null,
    name: s.name,
    next_episode_to_air: next ? episodeSummary(s, next) : null,
    networks: [s.network],
    number_of_episodes: episodes.length,
    number_of_seasons: s.seasons.filter((x) => x.number > 0).length,
    origin_country: ['US'],
    original_language: s.originalLanguage,
    original_name: s.originalName,
    overview: s.overview,
    popularity: s.popularity,
    poster_path: s.posterPath,
    production_companies: [{ id: 190_002, logo_path: null, name: 'Local Library Television', origin_country: 'US' }],
    production_countries: [{ iso_3166_1: 'US', name: 'United States of America' }],
    seasons: s.seasons.map((season) => ({
      air_date: season.airDate,
      episode_count: season.episodes.length,
      id: season.id,
      name: season.name,
      overview: season.overview,
      poster_path: season.posterPath,
      season_number: season.number,
      vote_average: season.voteAverage,
    })),
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    status: s.status,
    tagline: s.tagline,
    type: s.type,
    vote_average: s.voteAverage,
    vote_count: s.voteCount,
  };
}

export function showCredits(s: Show): JsonObject {
  return {
    cast: s.cast.map((c) => castEntry(c, false)),
    crew: s.creators.map((p) => crewEntry(p, 'Executive Producer', 'Production', idHex(p.id, `ep${s.id}`))),
  };
}

export function showExternalIds(s: Show): JsonObject {
  return {
    imdb_id: s.imdbId,
    freebase_mid: null,
    freebase_id: null,
    tvdb_id: s.tvdbId,
    tvrage_id: null,
    wikidata_id: null,
    facebook_id: null,
    instagram_id: null,
    twitter_id: null,
  };
}

export function contentRatings(s: Show): JsonObject {
  return {
    results: [
      { descriptors: [], iso_3166_1: 'US', rating: s.rating },
      { descriptors: [], iso_3166_1: 'DE', rating: '12' },
    ],
  };
}

export function seasonDetails(s: Show, season: Season): JsonObject {
  return {
    _id: idHex(season.id, 'season'),
    air_date: season.airDate,
    episodes: season.episodes.map((e) => ({
      air_date: e.airDate,
      episode_number: e.number,
      episode_type: e.episodeType,
      id: e.id,
      name: e.name,
      overview: e.overview,
      production_code: '',
      runtime: e.runtime,
      season_number: e.seasonNumber,
      show_id: s.id,
      still_path: e.stillPath,
      vote_average: e.voteAverage,
      vote_count: e.voteCount,
      crew: [
        { department: 'Directing', job: 'Director', credit_id: idHex(e.id, 'epdir'), ...personBase(e.director) },
        { department: 'Writing', job: 'Writer', credit_id: idHex(e.id, 'epwr'), ...personBase(e.writer) },
      ],
      guest_stars: e.guestStars.map((g) => ({
        character: g.character,
        credit_id: g.creditId,
        order: g.order,
        ...personBase(g.person),
      })),
    })),
    name: season.name,
    overview: season.overview,
    id: season.id,
    poster_path: season.posterPath,
    season_number: season.number,
    vote_average: season.voteAverage,
  };
}

export const seasonCredits = (s: Show): JsonObject => showCredits(s);
export const seasonExternalIds = (season: Season): JsonObject => ({
  freebase_mid: null,
  freebase_id: null,
  tvdb_id: 800_000 + season.id,
  tvrage_id: null,
  wikidata_id: null,
});

export const releaseYear = year;
