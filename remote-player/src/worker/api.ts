import type { CaptionsFileFormat } from 'media-captions';
import type { PackedCues } from '../core/captions/pack';
import type { Result } from '../core/result';
import type { ScrapeError } from 'scraping-core/errors';
import type {
  EmbedOutput,
  EventSink,
  ExtensionBridge,
  ProviderInfo,
  RunOutput,
  ScrapeMedia,
  ScrapeOptions,
  SourceRunOutput,
} from 'scraping-core/types';

/**
 * Scraping in the worker. Options and results are plain data; `onEvent` is a comlink-proxied callback
 * (`proxy(fn)`) receiving the run's events; pass `options.runId` to be able to `cancel` before the
 * answer. Every result is data, never a throw.
 */
export interface ScrapingApi {
  /** Gives the worker the main thread's extension bridge (a `proxy()` of it); once per page. */
  connectExtension(bridge: ExtensionBridge | null): Promise<void>;
  runAll(media: ScrapeMedia, options: ScrapeOptions, onEvent?: EventSink): Promise<Result<RunOutput, ScrapeError>>;
  runSource(
    sourceId: string,
    media: ScrapeMedia,
    options: ScrapeOptions,
    onEvent?: EventSink,
  ): Promise<Result<SourceRunOutput, ScrapeError>>;
  runEmbed(embedId: string, url: string, options: ScrapeOptions, onEvent?: EventSink): Promise<Result<EmbedOutput, ScrapeError>>;
  /** False when no such run is going on. */
  cancel(runId: string): Promise<boolean>;
  /** Sources (in run order) and embeds usable with these options: the source menu's list. */
  listProviders(options: ScrapeOptions): Promise<ProviderInfo[]>;
}

/** What the player's worker offers the main thread (comlink). Every result is data, never a throw. */
export interface PlayerWorkerApi extends ScrapingApi {
  /**
   * Subtitle text, or its bytes (decoded by their BOM: UTF-8, UTF-16LE/BE), to cues, packed for the
   * trip (core/captions/pack.ts; `parseCaptionsOffThread` in player.client unpacks them).
   */
  parseCaptions(input: string | ArrayBuffer | Uint8Array, format?: CaptionsFileFormat): Promise<Result<PackedCues>>;
  /** Where the call ran: 'worker', or 'inline' for the fallback. */
  where(): Promise<'worker' | 'inline'>;
}
