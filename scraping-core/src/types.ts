/**
 * The scraping engine's data: media to look up, streams found, provider plugins, and the events a run
 * emits. Everything that crosses the worker boundary or the remote server's event stream is plain data
 * (structured-clone and JSON safe): no functions, no class instances, no Error objects.
 */
import type { QualityKey } from 'shared-contracts/quality';
import type { AppError, Result } from './result';

/** What the engine looks up: the fields of a title's meta that scrapers need. */
export type ScrapeMedia =
  | { type: 'movie'; title: string; releaseYear: number; tmdbId: string; imdbId?: string }
  | {
      type: 'show';
      title: string;
      releaseYear: number;
      tmdbId: string;
      imdbId?: string;
      season: { number: number; tmdbId: string };
      episode: { number: number; tmdbId: string };
    };

export type MediaType = ScrapeMedia['type'];

export { QUALITY_KEYS, type QualityKey } from 'shared-contracts/quality';

/**
 * What a stream allows: `cors-allowed` — a page may fetch it directly (no proxy, no extension);
 * `ip-locked` — only plays from the IP that scraped it (a remote server's streams with it are unusable).
 */
export type StreamFlag = 'cors-allowed' | 'ip-locked';

/** A subtitle track found with a stream (docs/behaviour.md#captions-sources). */
export interface Caption {
  id: string;
  /** ISO 639-1 code, e.g. en. */
  language: string;
  url: string;
  type: 'srt' | 'vtt';
  /** The file must be fetched through the proxy or the extension. */
  needsProxy: boolean;
  opensubtitles?: boolean;
  hls?: boolean;
}

interface StreamBase {
  /** Unique inside one result. */
  id: string;
  flags: StreamFlag[];
  captions: Caption[];
  /** Headers the stream's requests must carry (only the extension can set them in a browser). */
  headers?: Record<string, string>;
  /** Headers that help but are not required. */
  preferredHeaders?: Record<string, string>;
}

/** A playable stream, HLS or files by quality (docs/behaviour.md#scraping-streams). */
export type Stream =
  | (StreamBase & { type: 'hls'; playlist: string })
  | (StreamBase & { type: 'file'; qualities: Partial<Record<QualityKey, { type: 'mp4'; url: string }>> });

/** An embed a source points at: which embed scraper reads it, and its page URL. */
export interface EmbedRef {
  embedId: string;
  url: string;
}

/** What a source scraper finds: a stream, or embeds to try in order (or both; the stream wins). */
export interface SourceOutput {
  stream?: Stream[];
  embeds: EmbedRef[];
}

export interface EmbedOutput {
  stream: Stream[];
}

// ---------------------------------------------------------------- network

/** One HTTP request as providers describe it; the fetcher decides how it travels. */
export interface FetchRequest {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended to url. */
  query?: Record<string, string>;
  /** May include headers a browser cannot set (Cookie, Referer, Origin, User-Agent); the proxy and the extension carry them. */
  headers?: Record<string, string>;
  body?: string;
  /** 'bytes' also fills FetchResponse.bytes (validation reads segment and file signatures). */
  responseType?: 'text' | 'bytes';
  signal?: AbortSignal;
}

export interface FetchResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** URL after redirects. */
  finalUrl: string;
  body: string;
  bytes?: Uint8Array;
}

/** Performs one request. Rejects only when no response arrived (network, abort); HTTP errors are responses. */
export type Fetcher = (request: FetchRequest) => Promise<FetchResponse>;

// ---------------------------------------------------------------- extension protocol

/** The extension's messages, shared with the account remote's onboarding. */
export type {
  ExtensionBridge,
  ExtensionHello,
  ExtensionMakeRequest,
  ExtensionMakeRequestResponse,
  ExtensionOpenPage,
  ExtensionPrepareStream,
} from 'shared-contracts/extension';

// ---------------------------------------------------------------- providers

/** Settings providers read (all optional: a provider whose settings are missing is not offered). */
export interface ProviderSettings {
  /** Base URL of the local media library (services/ `media`). */
  localLibraryUrl?: string;
  /** The user's own Jellyfin/Emby-compatible server. */
  mediaServer?: { url: string; apiKey: string; userId?: string };
  /** Base URL of an Internet Archive-style search and metadata API (https://archive.org). */
  archiveUrl?: string;
}

interface ScrapeContextBase {
  /** For APIs that allow cross-origin calls. */
  fetcher: Fetcher;
  /** Through the proxy or the extension; the direct fetcher when neither is configured. */
  proxiedFetcher: Fetcher;
  settings: ProviderSettings;
  signal: AbortSignal;
  /** 0..100 */
  progress: (percentage: number) => void;
  /** Shared by the scrapers of one run (e.g. one index lookup for several sources of the same library). */
  cache: Map<string, Promise<unknown>>;
}

export interface SourceContext extends ScrapeContextBase {
  media: ScrapeMedia;
}

export interface EmbedContext extends ScrapeContextBase {
  url: string;
}

/** What a provider needs beyond direct fetch; it is not offered when the run cannot give it. */
export type ProviderNeed = 'proxy' | 'extension';

interface ProviderBase {
  id: string;
  name: string;
  /** Higher runs first. Unique across providers of the same kind. */
  rank: number;
  needs?: ProviderNeed[];
  /** False when the settings it needs are missing. */
  isConfigured?(settings: ProviderSettings): boolean;
}

export interface SourceProvider extends ProviderBase {
  kind: 'source';
  mediaTypes: MediaType[];
  /** Throws ScrapeFailure('notfound', ...) when the title is not there. */
  scrape(context: SourceContext): Promise<SourceOutput>;
}

export interface EmbedProvider extends ProviderBase {
  kind: 'embed';
  scrape(context: EmbedContext): Promise<EmbedOutput>;
}

export type Provider = SourceProvider | EmbedProvider;

/** What the UI lists in the source menu. */
export interface ProviderInfo {
  id: string;
  name: string;
  rank: number;
  kind: 'source' | 'embed';
  mediaTypes: MediaType[];
  needs: ProviderNeed[];
}

// ---------------------------------------------------------------- runs

export type { ProxyEntry } from 'shared-contracts/proxy-list';

/** Everything a run needs, as plain data (crosses comlink and becomes query parameters for the remote server). */
export interface ScrapeOptions {
  /** Caller-chosen id, so cancel(runId) works before the run answers. */
  runId?: string;
  /** User's custom order (ids first in this order, the rest by rank); used when enableSourceOrder is on. */
  sourceOrder?: string[];
  enableSourceOrder?: boolean;
  /**
   * Config flag "disallowed ids": provider ids (sources and embeds never run) and media ids of the
   * product's form `tmdb-movie-<id>` / `tmdb-tv-<id>` (taken down: never scraped, scrape/takedown).
   */
  disallowedIds?: string[];
  /** Config "CDN replacements": [from, to] host pairs applied to the stream URLs found (before validation). */
  cdnReplacements?: Array<[string, string]>;
  /** Per scraper call (source, each embed, each validation), ms. Default 20000. */
  timeoutMs?: number;
  /** Proxy workers and remote scraping servers (raw entries of the proxy list). */
  proxyUrls?: string[];
  /** Sent as X-Token to proxy workers. */
  proxyToken?: string;
  /** A captcha (Turnstile) token, sent with proxy and remote-server requests. */
  captchaToken?: string;
  /** Where outcomes are reported (POST); none when absent. */
  reportUrl?: string;
  /** Use the extension when it answers hello with a compatible version (the bridge is passed separately). */
  useExtension?: boolean;
  /** Skip the remote scraping server even if the proxy list has one (the server itself sets this). */
  local?: boolean;
  settings?: ProviderSettings;
  /** Skip stream validation (tests of providers, /dev/video). */
  skipValidation?: boolean;
}

/** Scrape state of one source or embed in the progress view (docs/behaviour.md#scraping-progress). */
export type SourceStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'notfound';

export interface SourceState {
  /** Source id, or for an embed `${sourceId}-${index}`. */
  id: string;
  name: string;
  status: SourceStatus;
  percentage: number;
  reason?: string;
  error?: AppError;
  /** Embeds only: the embed scraper. */
  embedId?: string;
  /** Ids of the child embed states, in order. */
  children: string[];
}

/** Events of a run, in order: init, then start/update/embeds per source, then done. */
export type ScrapeEvent =
  | { type: 'init'; runId: string; sources: Array<{ id: string; name: string }> }
  | { type: 'start'; runId: string; id: string }
  | { type: 'update'; runId: string; id: string; status: SourceStatus; percentage: number; reason?: string; error?: AppError }
  | { type: 'embeds'; runId: string; sourceId: string; embeds: Array<{ id: string; embedId: string; name: string; url: string }> }
  | { type: 'done'; runId: string; result: Result<RunOutput | SourceRunOutput | EmbedOutput> };

/** What runAll finds. */
export interface RunOutput {
  sourceId: string;
  embedId?: string;
  stream: Stream;
}

/** What runSource finds: the source's stream (validated) or its embeds for the menu. */
export interface SourceRunOutput {
  stream?: Stream;
  embeds: EmbedRef[];
}

/** One outcome sent to the report endpoint (docs/behaviour.md#scraping-reports). */
export interface ScrapeReportItem {
  tmdbId: string;
  type: MediaType;
  title: string;
  seasonId?: string;
  episodeId?: string;
  providerId: string;
  embedId: string | null;
  status: 'success' | 'notfound' | 'failed';
  errorMessage: string | null;
  fullError: string | null;
}

export type EventSink = (event: ScrapeEvent) => void;
