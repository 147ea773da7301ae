/**
 * The main thread's handle on the player worker. The worker starts on first use; if it cannot start,
 * the same code runs inline so that nothing the user asked for is lost.
 */
import { proxy, wrap, type Remote } from 'comlink';
import { CrossOriginWorker } from 'cross-origin-worker';
import type { ScrapeError } from '../core/scraping/errors';
import { createExtensionBridge, type RelayPort } from '../core/scraping/extension-bridge';
import type { Result } from '../core/result';
import type { EmbedOutput, EventSink, ExtensionBridge, ProviderInfo, RunOutput, ScrapeMedia, ScrapeOptions, SourceRunOutput } from '../core/scraping/types';
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
  const [{ parseCaptions }, { createScrapingApi }] = await Promise.all([import('../core/captions/parse-captions'), import('./scraping-api')]);
  return { parseCaptions, where: async () => 'inline', ...createScrapingApi() };
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
  extensionBridge ??= createExtensionBridge({ port: window as unknown as RelayPort });
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

const callback = (onEvent?: EventSink) => (onEvent ? proxy(onEvent) : undefined);

/**
 * Scrapes every source until a stream plays (spec §4 events through onEvent). Pass options.runId to cancel.
 * Each run is a User Timing measure `mw:scrape-all` (from the call to the result, worker start included).
 */
export async function scrapeAll(media: ScrapeMedia, options: ScrapeOptions, onEvent?: EventSink): Promise<Result<RunOutput, ScrapeError>> {
  const started = performance.now();
  const result = await (await getScraper()).runAll(media, options, callback(onEvent));
  measure('mw:scrape-all', started, { ok: result.ok, ...(result.ok ? { sourceId: result.value.sourceId } : { code: result.error.code }) });
  return result;
}

export async function scrapeSource(sourceId: string, media: ScrapeMedia, options: ScrapeOptions, onEvent?: EventSink): Promise<Result<SourceRunOutput, ScrapeError>> {
  return (await getScraper()).runSource(sourceId, media, options, callback(onEvent));
}

export async function scrapeEmbed(embedId: string, url: string, options: ScrapeOptions, onEvent?: EventSink): Promise<Result<EmbedOutput, ScrapeError>> {
  return (await getScraper()).runEmbed(embedId, url, options, callback(onEvent));
}

export async function cancelScrape(runId: string): Promise<boolean> {
  return (await getScraper()).cancel(runId);
}

export async function listScrapeProviders(options: ScrapeOptions): Promise<ProviderInfo[]> {
  return (await getScraper()).listProviders(options);
}
