/**
 * The main thread's handle on the player worker. The worker starts when this module loads (or on first
 * use, whichever comes first); if it cannot start, the same code runs inline so that nothing the user
 * asked for is lost.
 */
import { proxy, wrap, type Remote } from 'comlink';
import { CrossOriginWorker } from 'cross-origin-worker';
import type { ScrapeError } from 'scraping-core/errors';
import { createExtensionBridge } from 'scraping-core/extension-bridge';
import type { CaptionsFileFormat } from 'media-captions';
import { packCues, unpackCues } from '../core/captions/pack';
import type { CaptionCue } from '../core/captions/parse-captions';
import type { Result } from '../core/result';
import type {
  EmbedOutput,
  EventSink,
  ExtensionBridge,
  ProviderInfo,
  RunOutput,
  ScrapeEvent,
  ScrapeMedia,
  ScrapeOptions,
  SourceRunOutput,
} from 'scraping-core/types';
import type { PlayerWorkerApi } from './api';

let client: Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> | null = null;

/** A User Timing measure from `start` to now (DevTools' Timings track; the bench reads them). Never throws. */
function measure(name: string, start: number, detail?: Record<string, unknown>): void {
  try {
    performance.measure(name, { start, end: performance.now(), ...(detail ? { detail } : {}) });
  } catch {
    // no User Timing Level 3 here: nothing to record
  }
}

async function inline(): Promise<PlayerWorkerApi> {
  const [{ parseCaptions }, { createScrapingApi }] = await Promise.all([
    import('../core/captions/parse-captions'),
    import('./scraping-api'),
  ]);
  return {
    parseCaptions: async (input, format) => {
      const result = await parseCaptions(input, format);
      return result.ok ? { ok: true, value: packCues(result.value) } : result;
    },
    where: () => Promise.resolve('inline' as const),
    ...createScrapingApi(),
  };
}

async function start(): Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> {
  try {
    const worker = new CrossOriginWorker(new URL('./player.worker.ts', import.meta.url), { name: 'player-worker' });
    const remote = wrap<PlayerWorkerApi>(worker);
    // A worker that failed to load never answers: race a ping against its error event.
    await new Promise<void>((resolve, reject) => {
      worker.addEventListener('error', (event) => reject(new Error(event.message || 'worker failed to start')), { once: true });
      remote.where().then(() => resolve(), reject);
    });
    return remote;
  } catch (error) {
    console.warn('[player] worker unavailable, running inline:', error);
    return inline();
  }
}

// Every page of the player uses the worker (scraping, captions): it starts as soon as the page's code has
// loaded, not on first use, so that it is ready when the first run asks (after the catalog lookup).
if (typeof window !== 'undefined' && typeof Worker !== 'undefined') setTimeout(() => void getPlayerWorker(), 0);

/** Subtitle text or bytes to cues, parsed (and limited) in the worker; the cues arrive packed and are unpacked here. */
export async function parseCaptionsOffThread(
  input: string | ArrayBuffer | Uint8Array,
  format?: CaptionsFileFormat,
): Promise<Result<CaptionCue[]>> {
  const worker = await getPlayerWorker();
  const started = performance.now();
  const result = await worker.parseCaptions(input, format);
  if (!result.ok) return result;
  const unpackStarted = performance.now();
  const cues = unpackCues(result.value);
  measure('mw:captions-unpack', unpackStarted, { cues: cues.length });
  measure('mw:captions-parse', started, { cues: cues.length });
  return { ok: true, value: cues };
}

export function getPlayerWorker(): Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> {
  if (!client) {
    const started = performance.now();
    client = start();
    void client.then(() => measure('mw:player-worker-start', started));
  }
  return client;
}

// ------------------------------------------------------------------ scraping helpers for the UI

let extensionBridge: ExtensionBridge | null = null;
let scraper: Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> | null = null;

/** The page's extension bridge (the extension's content script listens on window); one per page. */
export function getExtensionBridge(): ExtensionBridge | null {
  if (typeof window === 'undefined') return null;
  extensionBridge ??= createExtensionBridge({ port: window });
  return extensionBridge;
}

/** The worker with the extension bridge connected (a comlink proxy of the main-thread bridge). */
function getScraper(): Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> {
  scraper ??= getPlayerWorker().then(async (api) => {
    const bridge = getExtensionBridge();
    await api.connectExtension(bridge ? proxy(bridge) : null);
    return api;
  });
  return scraper;
}

/**
 * A run's events reach `onEvent` in batches, at most one every 16 ms: a burst of events (a source answering
 * not found, the next starting, its embeds...) costs the page one store update and one render, not one each.
 * `flush` delivers what is left (before the run's result is returned).
 */
function batched(onEvent: EventSink | undefined): { sink: EventSink | undefined; flush: () => void } {
  if (!onEvent) return { sink: undefined, flush: () => undefined };
  let queue: ScrapeEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const events = queue;
    queue = [];
    for (const event of events) onEvent(event);
  };
  return {
    sink: proxy((event: ScrapeEvent) => {
      queue.push(event);
      timer ??= setTimeout(flush, 16);
    }),
    flush,
  };
}

/**
 * Scrapes every source until a stream plays (progress events through onEvent). Pass options.runId to cancel.
 * Each run is a User Timing measure `mw:scrape-all` (from the call to the result; `detail.waitedForWorkerMs`
 * is how long it waited for the worker to be ready).
 */
export async function scrapeAll(media: ScrapeMedia, options: ScrapeOptions, onEvent?: EventSink): Promise<Result<RunOutput, ScrapeError>> {
  const started = performance.now();
  const events = batched(onEvent);
  const scraper = await getScraper();
  const waitedForWorkerMs = Math.round(performance.now() - started);
  const result = await scraper.runAll(media, options, events.sink).finally(events.flush);
  measure('mw:scrape-all', started, {
    ok: result.ok,
    waitedForWorkerMs,
    ...(result.ok ? { sourceId: result.value.sourceId } : { code: result.error.code }),
  });
  return result;
}

export async function scrapeSource(
  sourceId: string,
  media: ScrapeMedia,
  options: ScrapeOptions,
  onEvent?: EventSink,
): Promise<Result<SourceRunOutput, ScrapeError>> {
  const events = batched(onEvent);
  return (await getScraper()).runSource(sourceId, media, options, events.sink).finally(events.flush);
}

export async function scrapeEmbed(
  embedId: string,
  url: string,
  options: ScrapeOptions,
  onEvent?: EventSink,
): Promise<Result<EmbedOutput, ScrapeError>> {
  const events = batched(onEvent);
  return (await getScraper()).runEmbed(embedId, url, options, events.sink).finally(events.flush);
}

export async function cancelScrape(runId: string): Promise<boolean> {
  return (await getScraper()).cancel(runId);
}

export async function listScrapeProviders(options: ScrapeOptions): Promise<ProviderInfo[]> {
  return (await getScraper()).listProviders(options);
}
