/**
 * The scraping half of the worker API, shared by the worker and the inline fallback. Callbacks
 * (progress events, the extension bridge) arrive as comlink proxies in the worker and as plain
 * functions inline; both are called the same way.
 */
import { releaseProxy, type Remote } from 'comlink';
import * as scraping from 'scraping-core/scraper';
import type { ExtensionBridge, EventSink } from 'scraping-core/types';
import type { ScrapingApi } from './api';

/** Frees a comlink proxy once a run is over (a no-op for plain functions). */
function release(callback: unknown): void {
  // comlink's proxies answer every property (no `in`): ask for the release function itself.
  const free = (callback as Partial<Remote<object>> | undefined)?.[releaseProxy];
  if (typeof free === 'function') {
    try {
      free();
    } catch {
      // already released: nothing to free
    }
  }
}

/** Progress events are fire-and-forget: a listener that fails (a closed page) must not stop the run. */
function sink(onEvent: EventSink | undefined): EventSink | undefined {
  if (!onEvent) return undefined;
  return (event) => {
    try {
      void Promise.resolve(onEvent(event)).catch(() => undefined);
    } catch {
      // the listener is gone; the run goes on
    }
  };
}

export function createScrapingApi(): ScrapingApi {
  let extension: ExtensionBridge | null = null;
  const hooks = (onEvent?: EventSink) => {
    const s = sink(onEvent);
    return { extension, ...(s ? { onEvent: s } : {}) };
  };
  return {
    connectExtension(bridge) {
      extension = bridge;
      return Promise.resolve();
    },
    async runAll(media, options, onEvent) {
      try {
        return await scraping.runAll(media, options, hooks(onEvent));
      } finally {
        release(onEvent);
      }
    },
    async runSource(sourceId, media, options, onEvent) {
      try {
        return await scraping.runSource(sourceId, media, options, hooks(onEvent));
      } finally {
        release(onEvent);
      }
    },
    async runEmbed(embedId, url, options, onEvent) {
      try {
        return await scraping.runEmbed(embedId, url, options, hooks(onEvent));
      } finally {
        release(onEvent);
      }
    },
    cancel(runId) {
      return Promise.resolve(scraping.cancel(runId));
    },
    async listProviders(options) {
      return scraping.listProviders(options, hooks());
    },
  };
}
