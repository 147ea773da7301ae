/** Raw TMDB JSON → the catalog contract. Every field is checked: TMDB leaves many empty or null. */
import type { EpisodeInfo, Genre, MediaCard, MediaDetails, SeasonDetails, SeasonInfo } from 'shared-contracts';

type Raw = Record<string, unknown>;
export type ImageUrl = (path: string, size: string) => string;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const arr = (v: unknown): Raw[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Raw[]) : []);
const obj = (v: unknown): Raw => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {});

export const yearOf = (date: string | undefined): number | undefined => {
  const match = date ? /^(\d{4})-\d{2}-\d{2}/.exec(date) : null;
  return match ? Number(match[1]) : undefined;
};

const image = (imageUrl: ImageUrl, path: unknown, size: string) => {
  const p = str(path);
  return p ? imageUrl(p, size) : undefined;
};

/** A movie or tv result (search, lists, discover); null for people and anything else. */
export function toMediaCard(raw: Raw, imageUrl: ImageUrl, fallbackType?: 'movie' | 'tv'): MediaCard | null {
  // A list's entry may be anything: null or a string is no title.
  if (!raw || typeof raw !== 'object') return null;
  const kind = str(raw.media_type) ?? fallbackType;
  const id = num(raw.id);
  if (id === undefined || (kind !== 'movie' && kind !== 'tv')) return null;
  const title = kind === 'movie' ? (str(raw.title) ?? str(raw.original_title)) : (str(raw.name) ?? str(raw.original_name));
  if (!title) return null;
  const releaseDate = str(kind === 'movie' ? raw.release_date : raw.first_air_date);
  return {
    tmdbId: String(id),
    type: kind === 'movie' ? 'movie' : 'show',
    title,
    year: yearOf(releaseDate),
    releaseDate,
    poster: image(imageUrl, raw.poster_path, 'w342'),
  };
}

function usCertification(raw: Raw): string | undefined {
  const movieDates = arr(obj(raw.release_dates).results).find((r) => r.iso_3166_1 === 'US');
  if (movieDates) {
    const dates = arr(movieDates.release_dates);
    for (const type of [3, 2, 4, 5, 1, 6]) {
      const found = dates.find((d) => d.type === type && str(d.certification));
      if (found) return str(found.certification);
    }
  }
  const tvRating = arr(obj(raw.content_ratings).results).find((r) => r.iso_3166_1 === 'US' && str(r.rating));
  return tvRating ? str(tvRating.rating) : undefined;
}

function trailerOf(raw: Raw): string | undefined {
  const videos = arr(obj(raw.videos).results).filter((v) => str(v.key));
  const best =
    videos.find((v) => v.type === 'Trailer' && v.official === true) ??
    videos.find((v) => v.type === 'Trailer') ??
    videos.find((v) => v.type === 'Teaser');
  if (!best) return undefined;
  const key = str(best.key)!;
  if (best.site === 'YouTube') return `https://www.youtube.com/watch?v=${encodeURIComponent(key)}`;
  if (best.site === 'Vimeo') return `https://vimeo.com/${encodeURIComponent(key)}`;
  // The local catalog's trailers are direct video URLs.
  return /^https?:\/\//.test(key) ? key : undefined;
}

export function toMediaDetails(raw: Raw, type: 'movie' | 'tv', imageUrl: ImageUrl): MediaDetails {
  const card = toMediaCard(raw, imageUrl, type);
  if (!card) throw new Error('details without id or title');
  const credits = obj(raw.credits);
  const genres: Genre[] = arr(raw.genres).flatMap((g) =>
    num(g.id) !== undefined && str(g.name) ? [{ id: num(g.id)!, name: str(g.name)! }] : [],
  );
  const directors =
    type === 'movie'
      ? arr(credits.crew)
          .filter((c) => c.job === 'Director')
          .flatMap((c) => (str(c.name) ? [str(c.name)!] : []))
      : arr(raw.created_by).flatMap((c) => (str(c.name) ? [str(c.name)!] : []));
  const actors = arr(credits.cast)
    .slice()
    .sort((a, b) => (num(a.order) ?? 0) - (num(b.order) ?? 0))
    .flatMap((c) => (str(c.name) ? [str(c.name)!] : []))
    .slice(0, 5);
  const details: MediaDetails = {
    ...card,
    imdbId: str(obj(raw.external_ids).imdb_id) ?? str(raw.imdb_id),
    overview: str(raw.overview) ?? '',
    backdrop: image(imageUrl, raw.backdrop_path, 'w1280'),
    runtime: type === 'movie' ? num(raw.runtime) || undefined : num((raw.episode_run_time as unknown[] | undefined)?.[0]),
    genres,
    language: str(raw.original_language) ?? '',
    voteAverage: num(raw.vote_average) ?? 0,
    voteCount: num(raw.vote_count) ?? 0,
    rating: usCertification(raw),
    directors: [...new Set(directors)],
    actors,
    trailerUrl: trailerOf(raw),
  };
  if (type === 'tv') {
    details.seasons = arr(raw.seasons)
      .flatMap((s): SeasonInfo[] =>
        num(s.id) !== undefined && num(s.season_number) !== undefined
          ? [
              {
                id: String(num(s.id)),
                number: num(s.season_number)!,
                title: str(s.name) ?? `Season ${num(s.season_number)}`,
                episodeCount: num(s.episode_count) ?? 0,
                airDate: str(s.air_date) ?? null,
              },
            ]
          : [],
      )
      .sort((a, b) => (a.number === 0 ? 1 : b.number === 0 ? -1 : a.number - b.number));
    details.episodeCount = num(raw.number_of_episodes);
  }
  return details;
}

export function toSeasonDetails(raw: Raw, imageUrl: ImageUrl): SeasonDetails {
  const id = num(raw.id);
  const number = num(raw.season_number);
  if (id === undefined || number === undefined) throw new Error('season without id or number');
  return {
    id: String(id),
    number,
    title: str(raw.name) ?? `Season ${number}`,
    episodes: arr(raw.episodes).flatMap((e): EpisodeInfo[] =>
      num(e.id) !== undefined && num(e.episode_number) !== undefined
        ? [
            {
              id: String(num(e.id)),
              number: num(e.episode_number)!,
              seasonNumber: num(e.season_number) ?? number,
              title: str(e.name) ?? `Episode ${num(e.episode_number)}`,
              overview: str(e.overview) ?? '',
              airDate: str(e.air_date) ?? null,
              still: image(imageUrl, e.still_path, 'w300'),
            },
          ]
        : [],
    ),
  };
}
