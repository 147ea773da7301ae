/**
 * Old `/media/JW-{movie|show}-{id}[/{seasonId}/{episodeId}]` links (docs/behaviour.md#routes-legacy-redirects): the
 * ids are a streaming guide's (JustWatch content API). The guide gives the title's TMDB id (and, for an
 * episode, the season and episode numbers behind its own season and episode ids); the movie database
 * turns those numbers into its ids. Pure apart from the `fetch` and season look-up it is given.
 */
import { mediaPath, type MediaType } from 'shared-contracts';
import type { JwLink } from './media-routes';

// Parsing the path is in media-routes.ts (the routes need it on every load; this file loads only for old links).
export { parseJwLink, type JwLink } from './media-routes';

/** The profile of the guide's posters the old product showed (166 px wide). */
export const GUIDE_POSTER_PROFILE = 's166';

export type JwResolution =
  | { kind: 'redirect'; to: string }
  /** The guide does not know the id (it answers 400 or 404), or knows the title (`known`) but no id leads to it. */
  | { kind: 'not-found'; known?: { title: string; poster?: string } }
  /** No guide configured, or it failed, timed out or answered something that is not its API. */
  | { kind: 'unavailable' };

export interface ResolveOptions {
  guideUrl: string;
  /** Where the guide's posters live; empty or absent: the guide's own origin. */
  imageUrl?: string;
  link: JwLink;
  /** The query string to keep, with its '?' (or ''). */
  search: string;
  fetch: typeof fetch;
  /** The movie database's season by TMDB show id and season number: its id and its episodes' ids by number. */
  /** The movie database's titles for an IMDb id, for guide titles that carry no TMDB id. */
  findByImdbId?: (imdbId: string, signal: AbortSignal) => Promise<ReadonlyArray<{ tmdbId: string; type: MediaType }>>;
  season: (
    tmdbId: string,
    seasonNumber: number,
    signal: AbortSignal,
  ) => Promise<{ id: string | number; episodes: ReadonlyArray<{ id: string | number; number: number }> }>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export const GUIDE_TIMEOUT_MS = 8000;
const LOCALE = 'en_US';

class GuideFailure extends Error {
  constructor(readonly notFound: boolean) {
    super(notFound ? 'not found' : 'unavailable');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface GuideTitle {
  title: string;
  tmdbId: string | null;
  imdbId: string | null;
  /** The poster's path with its `{profile}` placeholder. */
  poster: string | null;
}

/** The title and TMDB id of a guide answer (`tmdb_latest` before `tmdb`, as the old product read it), or null when it is not one. */
export function readGuideTitle(body: unknown, type: MediaType): GuideTitle | null {
  if (!isRecord(body) || typeof body.title !== 'string' || !Array.isArray(body.external_ids)) return null;
  if (body.object_type !== undefined && body.object_type !== type) return null;
  const ids = body.external_ids.filter(isRecord);
  const of = (provider: string, pattern: RegExp) => {
    const value = ids.find((e) => e.provider === provider)?.external_id;
    const text = typeof value === 'number' ? String(value) : value;
    return typeof text === 'string' && pattern.test(text) ? text : null;
  };
  const tmdb = /^\d{1,12}$/;
  const imdb = /^tt\d{1,12}$/;
  return {
    title: body.title,
    tmdbId: of('tmdb_latest', tmdb) ?? of('tmdb', tmdb),
    imdbId: of('imdb_latest', imdb) ?? of('imdb', imdb),
    poster: typeof body.poster === 'string' && /^\/[\w/{}.-]+$/.test(body.poster) ? body.poster : null,
  };
}

/** A guide poster's URL at the profile the old product showed. */
export function guidePosterUrl(imageBase: string, poster: string): string {
  return `${imageBase.replace(/\/+$/, '')}${poster.replace('{profile}', GUIDE_POSTER_PROFILE)}`;
}

/** The season number and the number of the episode with `episodeId` in a guide season answer, or null. */
export function readGuideEpisode(body: unknown, episodeId: string): { seasonNumber: number; episodeNumber: number } | null {
  if (!isRecord(body) || typeof body.season_number !== 'number' || !Array.isArray(body.episodes)) return null;
  const episode = body.episodes.filter(isRecord).find((e) => String(e.id) === episodeId);
  if (!episode || typeof episode.episode_number !== 'number') return null;
  return { seasonNumber: body.season_number, episodeNumber: episode.episode_number };
}

async function getJson(options: ResolveOptions, path: string, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await options.fetch(`${options.guideUrl.replace(/\/+$/, '')}${path}`, { signal, headers: { Accept: 'application/json' } });
  } catch {
    throw new GuideFailure(false);
  }
  // The guide's 400 and 404 mean "not found"; anything else that is not 2xx means it is unwell.
  if (response.status === 400 || response.status === 404) throw new GuideFailure(true);
  if (!response.ok) throw new GuideFailure(false);
  try {
    return await response.json();
  } catch {
    throw new GuideFailure(false);
  }
}

/** The TMDB id of the link's type that the movie database gives for an IMDb id, or null. */
async function byImdbId(options: ResolveOptions, imdbId: string, signal: AbortSignal): Promise<string | null> {
  if (!options.findByImdbId) return null;
  const found = await options.findByImdbId(imdbId, signal);
  return found.find((t) => t.type === options.link.type)?.tmdbId ?? null;
}

/**
 * `/media/tt…`: the movie database's title for an IMDb id (a movie before a show), its watch path
 * with the query string kept; not-found when the database knows no title by that id.
 */
export async function resolveImdbLink(
  imdbId: string,
  search: string,
  findByImdbId: (imdbId: string, signal?: AbortSignal) => Promise<ReadonlyArray<{ tmdbId: string; type: MediaType; title: string }>>,
  signal?: AbortSignal,
): Promise<JwResolution> {
  try {
    const [found] = await findByImdbId(imdbId, signal);
    return found ? { kind: 'redirect', to: `${mediaPath(found, found.title)}${search}` } : { kind: 'not-found' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'unavailable' };
  }
}

/** Where an old guide link leads now. */
export async function resolveJwLink(options: ResolveOptions): Promise<JwResolution> {
  if (!options.guideUrl) return { kind: 'unavailable' };
  const { link } = options;
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);
  const timer = setTimeout(abort, options.timeoutMs ?? GUIDE_TIMEOUT_MS);
  try {
    const body = await getJson(options, `/content/titles/${link.type}/${link.guideId}/locale/${LOCALE}`, controller.signal);
    const title = readGuideTitle(body, link.type);
    if (!title) return { kind: 'unavailable' };
    const tmdbId = title.tmdbId ?? (title.imdbId && (await byImdbId(options, title.imdbId, controller.signal)));
    if (!tmdbId) {
      const imageBase = options.imageUrl || new URL(options.guideUrl).origin;
      return {
        kind: 'not-found',
        known: { title: title.title, ...(title.poster ? { poster: guidePosterUrl(imageBase, title.poster) } : {}) },
      };
    }
    const ref = { type: link.type, tmdbId };
    if (!link.seasonId || !link.episodeId) return { kind: 'redirect', to: `${mediaPath(ref, title.title)}${options.search}` };
    // The episode: the guide's season and episode ids → numbers → the movie database's ids. When that
    // chain breaks (the guide or the database no longer has that episode) the show itself still opens.
    let episode: { seasonId: string; episodeId: string } | undefined;
    try {
      const numbers = readGuideEpisode(
        await getJson(options, `/content/titles/show_season/${link.seasonId}/locale/${LOCALE}`, controller.signal),
        link.episodeId,
      );
      if (numbers) {
        const season = await options.season(tmdbId, numbers.seasonNumber, controller.signal);
        const found = season.episodes.find((e) => e.number === numbers.episodeNumber);
        if (found) episode = { seasonId: String(season.id), episodeId: String(found.id) };
      }
    } catch (error) {
      if (controller.signal.aborted && options.signal?.aborted) throw error;
    }
    return { kind: 'redirect', to: `${mediaPath(ref, title.title, episode)}${options.search}` };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { kind: error instanceof GuideFailure && error.notFound ? 'not-found' : 'unavailable' };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}
