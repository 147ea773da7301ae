/**
 * Client of a remote scraping server (services/ `scraper`, docs/behaviour.md#scraping-flow): the same runs over server-sent
 * events at /scrape, /scrape/source?id, /scrape/embed?id&url, media fields as query parameters. The
 * server's events are forwarded unchanged except for the run id, which becomes the caller's.
 */
import { createParser } from 'eventsource-parser';
import { fail, ok, type Result } from '../result';
import { scrapeError, type ScrapeError } from '../errors';
import type { EventSink, ProviderInfo, ScrapeEvent, ScrapeMedia, ScrapeOptions } from '../types';
import { createDirectFetcher } from './direct';

/** Media as query parameters (the server's /scrape and /scrape/source read these). */
export function mediaToQuery(media: ScrapeMedia): Record<string, string> {
  const query: Record<string, string> = {
    type: media.type,
    title: media.title,
    releaseYear: String(media.releaseYear),
    tmdbId: media.tmdbId,
  };
  if (media.imdbId) query.imdbId = media.imdbId;
  if (media.type === 'show') {
    query.seasonNumber = String(media.season.number);
    query.seasonTmdbId = media.season.tmdbId;
    query.episodeNumber = String(media.episode.number);
    query.episodeTmdbId = media.episode.tmdbId;
  }
  return query;
}

export function mediaFromQuery(params: URLSearchParams): Result<ScrapeMedia> {
  const type = params.get('type');
  const title = params.get('title') ?? '';
  const tmdbId = params.get('tmdbId') ?? '';
  const releaseYear = Number(params.get('releaseYear') ?? '0');
  const imdbId = params.get('imdbId') ?? undefined;
  if (!tmdbId || !/^\d+$/.test(tmdbId)) return fail('scrape/bad-media', 'tmdbId is required');
  if (!Number.isFinite(releaseYear)) return fail('scrape/bad-media', 'releaseYear must be a number');
  const base = { title, releaseYear, tmdbId, ...(imdbId ? { imdbId } : {}) };
  if (type === 'movie') return ok({ type: 'movie', ...base });
  if (type === 'show') {
    const seasonNumber = Number(params.get('seasonNumber'));
    const episodeNumber = Number(params.get('episodeNumber'));
    if (!Number.isInteger(seasonNumber) || !Number.isInteger(episodeNumber) || !params.get('seasonNumber') || !params.get('episodeNumber'))
      return fail('scrape/bad-media', 'seasonNumber and episodeNumber are required for shows');
    return ok({
      type: 'show',
      ...base,
      season: { number: seasonNumber, tmdbId: params.get('seasonTmdbId') ?? '' },
      episode: { number: episodeNumber, tmdbId: params.get('episodeTmdbId') ?? '' },
    });
  }
  return fail('scrape/bad-media', 'type must be movie or show');
}

/** The run options the server honours (its providers, proxies and settings are its own). */
export function optionsToQuery(options: ScrapeOptions): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.enableSourceOrder && options.sourceOrder?.length) query.sourceOrder = options.sourceOrder.join(',');
  if (options.disallowedIds?.length) query.disallowedIds = options.disallowedIds.join(',');
  if (options.timeoutMs) query.timeoutMs = String(options.timeoutMs);
  if (options.skipValidation) query.skipValidation = '1';
  if (options.cdnReplacements?.length) query.cdnReplacements = JSON.stringify(options.cdnReplacements);
  return query;
}

export function optionsFromQuery(params: URLSearchParams): ScrapeOptions {
  const list = (name: string) =>
    (params.get(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const options: ScrapeOptions = {};
  if (list('sourceOrder').length) {
    options.sourceOrder = list('sourceOrder');
    options.enableSourceOrder = true;
  }
  if (list('disallowedIds').length) options.disallowedIds = list('disallowedIds');
  const timeout = Number(params.get('timeoutMs'));
  if (Number.isFinite(timeout) && timeout > 0) options.timeoutMs = Math.min(timeout, 60_000);
  if (params.get('skipValidation') === '1') options.skipValidation = true;
  try {
    const pairs: unknown = JSON.parse(params.get('cdnReplacements') ?? '[]');
    if (Array.isArray(pairs)) {
      const valid = pairs.filter(
        (p): p is [string, string] => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string',
      );
      if (valid.length) options.cdnReplacements = valid;
    }
  } catch {
    // malformed replacements: ignored, the stream URLs stay as found
  }
  return options;
}

export interface RemoteRunOptions {
  /** Server base URL. */
  url: string;
  path: '/scrape' | '/scrape/source' | '/scrape/embed';
  query: Record<string, string>;
  runId: string;
  onEvent?: EventSink;
  signal: AbortSignal;
  captchaToken?: string;
  fetchImpl?: typeof fetch;
}

export async function runRemote<T>(options: RemoteRunOptions): Promise<Result<T, ScrapeError>> {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const url = new URL(`${options.url.replace(/\/+$/, '')}${options.path}`);
  for (const [key, value] of Object.entries(options.query)) url.searchParams.set(key, value);
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (options.captchaToken) headers['cf-turnstile-response'] = options.captchaToken;
  let response: Response;
  try {
    response = await fetchImpl(url.toString(), { headers, signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) return { ok: false, error: scrapeError('scrape/cancelled') };
    return { ok: false, error: scrapeError('scrape/remote-server', error instanceof Error ? error.message : String(error)) };
  }
  if ((response.status === 401 || response.status === 403) && options.captchaToken)
    return { ok: false, error: scrapeError('scrape/turnstile') };
  if (!response.ok || !response.body) return { ok: false, error: scrapeError('scrape/remote-server', `HTTP ${response.status}`) };

  const state: { result: Result<T, ScrapeError> | null } = { result: null };
  const parser = createParser({
    onEvent(message) {
      let event: ScrapeEvent;
      try {
        event = JSON.parse(message.data) as ScrapeEvent;
      } catch {
        return; // not ours (comment or keep-alive)
      }
      event = { ...event, runId: options.runId };
      if (event.type === 'done') state.result = event.result as Result<T, ScrapeError>;
      options.onEvent?.(event);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (state.result) break;
    }
  } catch (error) {
    if (options.signal.aborted) return { ok: false, error: scrapeError('scrape/cancelled') };
    return { ok: false, error: scrapeError('scrape/remote-server', error instanceof Error ? error.message : String(error)) };
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return state.result ?? { ok: false, error: scrapeError('scrape/remote-server', 'the event stream ended without a result') };
}

/** One provider of a server's list, or null when the entry is not one. */
function readProviderInfo(raw: unknown): ProviderInfo | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  // Servers of the providers API name the kind `type`; this product's server names it `kind`.
  const kind = p.kind ?? p.type;
  if (typeof p.id !== 'string' || typeof p.name !== 'string' || typeof p.rank !== 'number' || (kind !== 'source' && kind !== 'embed'))
    return null;
  const mediaTypes = Array.isArray(p.mediaTypes) ? p.mediaTypes.filter((t): t is 'movie' | 'show' => t === 'movie' || t === 'show') : [];
  const needs = Array.isArray(p.needs) ? (p.needs.filter((n) => typeof n === 'string') as ProviderInfo['needs']) : [];
  return { id: p.id, name: p.name, rank: p.rank, kind, mediaTypes: mediaTypes.length ? mediaTypes : ['movie', 'show'], needs };
}

/**
 * A remote scraping server's provider list: `GET /metadata` (a list), else the `providers` of its
 * `GET /` description, which servers that predate `/metadata` answer; null when neither gives one.
 */
export async function fetchRemoteProviders(server: string, fetchImpl?: typeof fetch, signal?: AbortSignal): Promise<ProviderInfo[] | null> {
  const read = async (path: string, pick: (body: unknown) => unknown) => {
    try {
      const answer = await createDirectFetcher(fetchImpl)({ url: `${server}${path}`, headers: { Accept: 'application/json' }, signal });
      const list = answer.status === 200 ? pick(JSON.parse(answer.body)) : null;
      return Array.isArray(list) ? list.map(readProviderInfo).filter((p): p is ProviderInfo => p !== null) : null;
    } catch {
      return null; // not reachable or not JSON: the next path answers instead, or nothing does
    }
  };
  return (
    (await read('/metadata', (body) => body)) ??
    (await read('/', (body) => (body && typeof body === 'object' ? (body as { providers?: unknown }).providers : null)))
  );
}
