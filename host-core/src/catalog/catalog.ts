/**
 * The catalog (TMDB v3) client the host gives every app (docs/behaviour.md#backend-api-movie-database): language, a 5 s first attempt then
 * 30 s on the fallback hosts, optional proxying, normalised results, and the search cache
 * (3600 s, swept every 2 min). With no TMDB token configured it talks to the local catalog service.
 */
import {
  CatalogError,
  firstProxyWorker,
  toTmdbType,
  type CatalogApi,
  type CatalogList,
  type Genre,
  type MediaCard,
  type MediaDetails,
  type MediaType,
  type RuntimeConfig,
  type SeasonDetails,
} from 'shared-contracts';
import { toMediaCard, toMediaDetails, toSeasonDetails } from './normalize';
import { arrangeResults, parseSearchQuery } from './search-query';
import { TtlCache } from './ttl-cache';

/** The local catalog service's read token (services/src/catalog): not a secret, it guards nothing real. */
export const LOCAL_CATALOG_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJsb2NhbC1jYXRhbG9nIiwic3ViIjoibW92aWUtd2ViLWxvY2FsIiwic2NvcGVzIjpbImFwaV9yZWFkIl0sInZlcnNpb24iOjF9.bG9jYWwtY2F0YWxvZy1ub3QtYS1zZWNyZXQ';

export const FIRST_ATTEMPT_TIMEOUT_MS = 5_000;
export const FALLBACK_TIMEOUT_MS = 30_000;
export const SEARCH_TTL_MS = 3_600_000;
export const SEARCH_SWEEP_MS = 120_000;

export interface CatalogEndpoint {
  /** API origins in the order to try (no trailing slash, without /3). */
  apiBases: string[];
  imageBase: string;
  /** 32 hex characters is a v3 key (query parameter); anything else is a read token (Bearer). */
  credential: string;
  /** Wraps a URL to go through a proxy worker, when TMDB proxying is on. */
  proxy?: (url: string) => string;
}

export function endpointFromConfig(config: RuntimeConfig, proxyUrl?: string): CatalogEndpoint {
  const local = !config.tmdbReadToken;
  const trim = (u: string) => u.replace(/\/+$/, '');
  return {
    apiBases: local ? [trim(config.localCatalogUrl)] : [config.tmdbApiUrl, ...config.tmdbFallbackApiUrls].map(trim),
    imageBase: trim(local ? config.localCatalogUrl : config.tmdbImageUrl),
    credential: local ? LOCAL_CATALOG_TOKEN : config.tmdbReadToken,
    proxy: proxyUrl ? (url) => `${trim(proxyUrl)}/?destination=${encodeURIComponent(url)}` : undefined,
  };
}

/**
 * The endpoint for the config and the user's choices: through the first proxy worker of the proxy list
 * (prefixes read, `api:` scraping servers skipped) when `proxyTmdb` is on, straight otherwise.
 */
export function catalogEndpoint(config: RuntimeConfig, choices: { proxyTmdb: boolean; proxyUrls: readonly string[] }): CatalogEndpoint {
  return endpointFromConfig(config, choices.proxyTmdb ? firstProxyWorker(choices.proxyUrls) : undefined);
}

/** TMDB language code for a UI language: en → en-US (docs/behaviour.md#texts-languages), others as given. */
export const tmdbLanguage = (language: string) => (language === 'en' ? 'en-US' : language);

export interface CatalogOptions {
  endpoint: () => CatalogEndpoint;
  language: () => string;
  fetch?: typeof fetch;
  firstTimeoutMs?: number;
  fallbackTimeoutMs?: number;
}

type Raw = Record<string, unknown>;

/** An IMDb title id: `tt` and digits. */
export const IMDB_ID = /^tt\d{1,12}$/;

class Attempt extends Error {
  constructor(
    readonly retryable: boolean,
    readonly error: CatalogError,
  ) {
    super(error.message);
  }
}

/**
 * One search in flight or answered, shared by everyone who asks it: its request stops only once every asker
 * still waiting has cancelled (a page mounted twice, or left and opened again, asks it twice).
 */
interface SharedSearch {
  result: Promise<MediaCard[]>;
  /** Askers waiting for the answer who may still cancel; one without a signal stays for good. */
  waiting: number;
  settled: boolean;
  /** Stops the request and forgets it, when the last asker has cancelled. */
  abandon: () => void;
}

/** The shared search's answer for one asker, who may cancel on their own. */
function joinSearch(shared: SharedSearch, signal: AbortSignal | undefined): Promise<MediaCard[]> {
  if (!signal) {
    shared.waiting += 1;
    return shared.result;
  }
  const cancelled = () => new CatalogError('unavailable', 'Cancelled');
  if (signal.aborted) return Promise.reject(cancelled());
  shared.waiting += 1;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(cancelled());
      shared.waiting -= 1;
      if (shared.waiting === 0 && !shared.settled) shared.abandon();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(
      (cards) => {
        signal.removeEventListener('abort', onAbort);
        resolve(cards);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function createCatalog(options: CatalogOptions): CatalogApi & { dispose(): void; searchCacheSize(): number } {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const searchCache = new TtlCache<SharedSearch>(SEARCH_TTL_MS);
  searchCache.startSweeping(SEARCH_SWEEP_MS);
  const genreCache = new Map<string, Promise<Genre[]>>();

  async function attempt(url: string, endpoint: CatalogEndpoint, timeoutMs: number, signal?: AbortSignal): Promise<Raw> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const useKey = /^[0-9a-f]{32}$/i.test(endpoint.credential);
    const target = useKey ? `${url}${url.includes('?') ? '&' : '?'}api_key=${endpoint.credential}` : url;
    try {
      const response = await doFetch(endpoint.proxy ? endpoint.proxy(target) : target, {
        headers: { accept: 'application/json', ...(useKey ? {} : { Authorization: `Bearer ${endpoint.credential}` }) },
        signal: controller.signal,
      });
      if (response.status === 404) throw new Attempt(false, new CatalogError('not-found', 'Not found in the movie database'));
      if (response.status === 401) throw new Attempt(false, new CatalogError('unauthorized', 'The movie database refused the API key'));
      if (!response.ok)
        throw new Attempt(
          response.status >= 500 || response.status === 429,
          new CatalogError('unavailable', `The movie database answered HTTP ${response.status}`),
        );
      const json = (await response.json().catch(() => null)) as unknown;
      if (!json || typeof json !== 'object')
        throw new Attempt(true, new CatalogError('bad-response', 'The movie database did not answer with JSON'));
      return json as Raw;
    } catch (error) {
      if (error instanceof Attempt) throw error;
      if (signal?.aborted) throw new Attempt(false, new CatalogError('unavailable', 'Cancelled'));
      const timedOut = controller.signal.aborted;
      throw new Attempt(
        true,
        new CatalogError('unavailable', timedOut ? 'The movie database did not answer in time' : 'Could not reach the movie database'),
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** GET /3/<path>: the first host with a short timeout, then the fallbacks (or the same host again) with a long one. */
  async function get(path: string, params: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<Raw> {
    const endpoint = options.endpoint();
    const query = new URLSearchParams();
    query.set('language', tmdbLanguage(options.language()));
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
    const bases = endpoint.apiBases.length > 1 ? endpoint.apiBases : [endpoint.apiBases[0]!, endpoint.apiBases[0]!];
    let last: CatalogError | null = null;
    for (let i = 0; i < bases.length; i++) {
      try {
        return await attempt(
          `${bases[i]}/3/${path}?${query}`,
          endpoint,
          i === 0 ? (options.firstTimeoutMs ?? FIRST_ATTEMPT_TIMEOUT_MS) : (options.fallbackTimeoutMs ?? FALLBACK_TIMEOUT_MS),
          signal,
        );
      } catch (error) {
        const failed = error as Attempt;
        last = failed.error;
        if (!failed.retryable) break;
      }
    }
    throw last ?? new CatalogError('unavailable', 'Could not reach the movie database');
  }

  const image = (path: string, size: string) => `${options.endpoint().imageBase}/t/p/${size}${path.startsWith('/') ? path : `/${path}`}`;

  async function details(ref: { type: MediaType; tmdbId: string }, signal?: AbortSignal): Promise<MediaDetails> {
    const type = toTmdbType(ref.type);
    const append = type === 'movie' ? 'external_ids,release_dates,credits,videos' : 'external_ids,content_ratings,credits,videos';
    const raw = await get(`${type}/${encodeURIComponent(ref.tmdbId)}`, { append_to_response: append }, signal);
    try {
      return toMediaDetails(raw, type, image);
    } catch (error) {
      throw new CatalogError('bad-response', `Unexpected answer from the movie database (${(error as Error).message})`);
    }
  }

  /** An Editor Pick's card: its details with the videos and images Editor Picks append. */
  async function pick(ref: { type: MediaType; tmdbId: string }, signal?: AbortSignal): Promise<MediaCard> {
    const type = toTmdbType(ref.type);
    const raw = await get(`${type}/${encodeURIComponent(ref.tmdbId)}`, { append_to_response: 'videos,images' }, signal);
    const card = toMediaCard(raw, image, type);
    if (!card) throw new CatalogError('bad-response', 'Unexpected answer from the movie database (details without id or title)');
    return card;
  }

  /** The titles an IMDb id names: movies first, then shows (one id can name both lists' entries). */
  async function findByImdbId(imdbId: string, signal?: AbortSignal): Promise<MediaCard[]> {
    if (!IMDB_ID.test(imdbId)) return [];
    const body = await get(`find/${imdbId}`, { external_source: 'imdb_id' }, signal);
    const cards = (key: string, type: 'movie' | 'tv') =>
      (Array.isArray(body[key]) ? (body[key] as Raw[]) : [])
        .map((r) => toMediaCard(r, image, type))
        .filter((c): c is MediaCard => c !== null);
    return [...cards('movie_results', 'movie'), ...cards('tv_results', 'tv')];
  }

  async function runSearch(raw: string, signal?: AbortSignal): Promise<MediaCard[]> {
    const parsed = parseSearchQuery(raw);
    if (parsed.kind === 'empty') return [];
    if (parsed.kind === 'id') {
      // Without a type, a movie id is not also fetched as a show (the expected 404 of the other type
      // would print an error on every such search): the show is looked up only when no movie
      // has that id. `tmdb:{id}:tv` reaches a show whose id a movie also has.
      const types: MediaType[] = parsed.type ? [parsed.type] : ['movie', 'show'];
      for (const type of types) {
        try {
          const d = await details({ type, tmdbId: parsed.tmdbId }, signal);
          return [{ tmdbId: d.tmdbId, type: d.type, title: d.title, year: d.year, releaseDate: d.releaseDate, poster: d.poster }];
        } catch (error) {
          if (!(error instanceof CatalogError && error.kind === 'not-found')) throw error;
        }
      }
      return [];
    }
    const body = await get('search/multi', { query: parsed.text, page: 1, include_adult: 'false' }, signal);
    const results = Array.isArray(body.results) ? (body.results as Raw[]) : [];
    const cards = results.map((r) => toMediaCard(r, image)).filter((c): c is MediaCard => c !== null);
    return arrangeResults(cards, parsed.year);
  }

  return {
    search(query, opts) {
      const key = `${options.language()}|${query.trim()}`;
      let shared = searchCache.get(key);
      if (!shared) {
        const controller = new AbortController();
        const forget = (entry: SharedSearch) => {
          if (searchCache.get(key) === entry) searchCache.delete(key);
        };
        const entry: SharedSearch = {
          result: runSearch(query, controller.signal),
          waiting: 0,
          settled: false,
          abandon: () => {
            forget(entry);
            controller.abort();
          },
        };
        entry.result.then(
          () => void (entry.settled = true),
          () => {
            entry.settled = true;
            forget(entry); // failures are not cached
          },
        );
        searchCache.set(key, entry);
        shared = entry;
      }
      return joinSearch(shared, opts?.signal);
    },
    details: (ref, opts) => details(ref, opts?.signal),
    pick: (ref, opts) => pick(ref, opts?.signal),
    findByImdbId: (imdbId, opts) => findByImdbId(imdbId, opts?.signal),
    async season(tvId, seasonNumber, opts): Promise<SeasonDetails> {
      const raw = await get(`tv/${encodeURIComponent(tvId)}/season/${seasonNumber}`, {}, opts?.signal);
      try {
        return toSeasonDetails(raw, image);
      } catch (error) {
        throw new CatalogError('bad-response', `Unexpected answer from the movie database (${(error as Error).message})`);
      }
    },
    async list(list: CatalogList, page, opts) {
      let path: string;
      let type: 'movie' | 'tv';
      const params: Record<string, string | number | undefined> = { page };
      if (list.kind === 'movie-list') [path, type] = [`movie/${list.list}`, 'movie'];
      else if (list.kind === 'tv-list') [path, type] = [`tv/${list.list}`, 'tv'];
      else {
        type = toTmdbType(list.type);
        path = `discover/${type}`;
        params.with_genres = list.genre;
        if (list.provider !== undefined) {
          params.with_watch_providers = list.provider;
          params.watch_region = list.region ?? 'US';
        }
      }
      const body = await get(path, params, opts?.signal);
      const results = Array.isArray(body.results) ? (body.results as Raw[]) : [];
      return results.map((r) => toMediaCard(r, image, type)).filter((c): c is MediaCard => c !== null);
    },
    genres(type) {
      const key = `${options.language()}|${type}`;
      let pending = genreCache.get(key);
      if (!pending) {
        pending = get(`genre/${toTmdbType(type)}/list`, {}).then((body) =>
          (Array.isArray(body.genres) ? (body.genres as Raw[]) : []).flatMap((g) =>
            typeof g.id === 'number' && typeof g.name === 'string' ? [{ id: g.id, name: g.name }] : [],
          ),
        );
        genreCache.set(key, pending);
        pending.catch(() => genreCache.delete(key));
      }
      return pending;
    },
    image,
    dispose: () => searchCache.stopSweeping(),
    searchCacheSize: () => searchCache.size,
  };
}
