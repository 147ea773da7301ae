/** What the host's catalog (TMDB) client gives remotes: normalised titles, never raw TMDB JSON. */
import type { MediaRef, MediaType } from './media-id';

/** A title as a card shows it (docs/behaviour.md#discover-cards). */
export interface MediaCard {
  tmdbId: string;
  type: MediaType;
  title: string;
  /** Release (or first air) year; absent when unknown. */
  year?: number;
  /** YYYY-MM-DD; absent when unknown. */
  releaseDate?: string;
  /** Poster URL (w342), absent when the title has none. */
  poster?: string;
}

export interface Genre {
  id: number;
  name: string;
}

export interface EpisodeInfo {
  id: string;
  number: number;
  seasonNumber: number;
  title: string;
  overview: string;
  /** YYYY-MM-DD, or null when unknown (unaired). */
  airDate: string | null;
  /** Still URL (w300). */
  still?: string;
}

export interface SeasonInfo {
  id: string;
  number: number;
  title: string;
  episodeCount: number;
  airDate: string | null;
}

/** What the details modal shows (docs/behaviour.md#details-content). */
export interface MediaDetails extends MediaCard {
  imdbId?: string;
  overview: string;
  backdrop?: string;
  /** Minutes. */
  runtime?: number;
  genres: Genre[];
  language: string;
  voteAverage: number;
  voteCount: number;
  /** US certification, e.g. PG-13 or TV-MA. */
  rating?: string;
  directors: string[];
  /** First cast names, billing order. */
  actors: string[];
  /** Trailer video URL when there is one. */
  trailerUrl?: string;
  /** Shows only. */
  seasons?: SeasonInfo[];
  episodeCount?: number;
}

export interface SeasonDetails {
  id: string;
  number: number;
  title: string;
  episodes: EpisodeInfo[];
}

export type CatalogList =
  | { kind: 'movie-list'; list: 'now_playing' | 'top_rated' | 'popular' }
  | { kind: 'tv-list'; list: 'top_rated' | 'popular' }
  | { kind: 'discover'; type: MediaType; genre?: number; provider?: number; region?: string };

export class CatalogError extends Error {
  override name = 'CatalogError';
  constructor(
    /** 'not-found' (404), 'unauthorized' (bad key), 'unavailable' (network, timeout, 5xx), 'bad-response'. */
    readonly kind: 'not-found' | 'unauthorized' | 'unavailable' | 'bad-response',
    message: string,
  ) {
    super(message);
  }
}

/** The catalog the host provides on HostContext. Every method rejects with CatalogError. */
export interface CatalogApi {
  /** Search rules: tmdb:{id}, year:{YYYY}, posters first, movies and shows only (docs/behaviour.md#home-search). */
  search(query: string, options?: { signal?: AbortSignal }): Promise<MediaCard[]>;
  details(ref: MediaRef, options?: { signal?: AbortSignal }): Promise<MediaDetails>;
  /** An Editor Pick's card, read from its details with videos and images appended. */
  pick(ref: MediaRef, options?: { signal?: AbortSignal }): Promise<MediaCard>;
  /** The titles an IMDb id (`tt…`) names, movies first; none for anything that is not an IMDb id. */
  findByImdbId(imdbId: string, options?: { signal?: AbortSignal }): Promise<MediaCard[]>;
  season(tvId: string, seasonNumber: number, options?: { signal?: AbortSignal }): Promise<SeasonDetails>;
  list(list: CatalogList, page: number, options?: { signal?: AbortSignal }): Promise<MediaCard[]>;
  genres(type: MediaType): Promise<Genre[]>;
  /** URL of a TMDB image path at a size (w342, w300, w1280, original). */
  image(path: string, size: string): string;
}
