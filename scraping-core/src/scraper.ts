/**
 * The entry points the worker, the inline fallback and the remote server call. Chooses at run time how
 * the network is reached: a remote scraping server when the proxy list declares one (`api:` entry),
 * else this engine with direct fetch plus, for providers that need it, the extension (when it answers
 * with a compatible version) or the proxy workers (round-robin).
 */
import { scrapeError, type ScrapeError } from './errors';
import * as engine from './engine';
import type { EngineDeps, Network, ProviderRegistry } from './engine';
import { createDirectFetcher } from './fetchers/direct';
import { checkExtension, createExtensionFetcher } from './fetchers/extension';
import { parseProxyList, proxyFetcherFromList } from './fetchers/proxy';
import { fetchRemoteProviders, mediaToQuery, optionsToQuery, runRemote } from './fetchers/remote';
import { defaultRegistry } from './providers';
import { reportItemsFromEvents, sendReport } from './report';
import type { Result } from './result';
import type {
  EmbedOutput,
  EventSink,
  ExtensionBridge,
  ExtensionHello,
  Fetcher,
  ProviderInfo,
  RunOutput,
  ScrapeEvent,
  ScrapeMedia,
  ScrapeOptions,
  SourceRunOutput,
} from './types';

/** What a run is given that is not plain data. */
export interface ScrapeHooks {
  onEvent?: EventSink;
  /** The extension (main thread, or a comlink proxy of it in the worker). */
  extension?: ExtensionBridge | null;
  fetchImpl?: typeof fetch;
  registry?: ProviderRegistry;
  /** 'browser' (default): streams must be loadable by a page. */
  target?: 'browser' | 'native';
  /** Scraping for a player elsewhere (the remote server): `ip-locked` streams are refused. */
  forOtherIp?: boolean;
}

const remoteRuns = new Map<string, AbortController>();

/** Stops a run wherever it runs (engine or remote server). */
export function cancel(runId: string): boolean {
  const remote = remoteRuns.get(runId);
  if (remote) {
    remote.abort();
    return true;
  }
  return engine.cancel(runId);
}

// hello costs up to 500 ms when nobody answers: remember the answer for a minute per bridge.
const helloCache = new WeakMap<ExtensionBridge, { at: number; result: Result<ExtensionHello, ScrapeError> }>();
async function usableExtension(bridge: ExtensionBridge): Promise<Result<ExtensionHello, ScrapeError>> {
  const cached = helloCache.get(bridge);
  if (cached && Date.now() - cached.at < 60_000) return cached.result;
  const result = await checkExtension(bridge);
  helloCache.set(bridge, { at: Date.now(), result });
  return result;
}

function buildDeps(options: ScrapeOptions, hooks: ScrapeHooks): EngineDeps {
  const fetcher: Fetcher = createDirectFetcher(hooks.fetchImpl);
  const proxyFetcher = proxyFetcherFromList(options.proxyUrls, {
    ...(options.proxyToken ? { token: options.proxyToken } : {}),
    ...(options.captchaToken ? { captchaToken: options.captchaToken } : {}),
    ...(hooks.fetchImpl ? { fetchImpl: hooks.fetchImpl } : {}),
  });
  const deps: EngineDeps = {
    registry: hooks.registry ?? defaultRegistry,
    fetcher,
    proxiedFetcher: proxyFetcher,
    extension: null,
    target: hooks.target ?? 'browser',
    ...(hooks.forOtherIp ? { forOtherIp: true } : {}),
    ...(hooks.onEvent ? { onEvent: hooks.onEvent } : {}),
  };
  if (options.useExtension && hooks.extension) {
    // The extension, when it answers hello with a usable version, fetches for the providers that need it
    // (before the proxies). The hello is sent now; the run waits for its answer only when it needs it.
    const bridge = hooks.extension;
    const answer = usableExtension(bridge).then(
      (check): Network =>
        check.ok
          ? { extension: bridge, proxiedFetcher: createExtensionFetcher(bridge) }
          : { extension: null, proxiedFetcher: proxyFetcher },
      (): Network => ({ extension: null, proxiedFetcher: proxyFetcher }),
    );
    deps.network = () => answer;
  }
  return deps;
}

/** The remote scraping server of the proxy list, unless the run must stay local. */
function remoteServer(options: ScrapeOptions): string | null {
  if (options.local) return null;
  return parseProxyList(options.proxyUrls).find((p) => p.type === 'api')?.url ?? null;
}

async function viaRemote<T extends RunOutput | SourceRunOutput | EmbedOutput>(
  server: string,
  path: '/scrape' | '/scrape/source' | '/scrape/embed',
  query: Record<string, string>,
  options: ScrapeOptions,
  hooks: ScrapeHooks,
  media?: ScrapeMedia,
) {
  const runId = options.runId ?? engine.newRunId();
  const controller = new AbortController();
  remoteRuns.set(runId, controller);
  let doneSeen = false;
  const events: ScrapeEvent[] = [];
  const onEvent = (event: ScrapeEvent) => {
    events.push(event);
    hooks.onEvent?.(event);
  };
  try {
    const result = await runRemote<T>({
      url: server,
      path,
      query: { ...query, ...optionsToQuery(options) },
      runId,
      signal: controller.signal,
      onEvent: (event: ScrapeEvent) => {
        if (event.type === 'done') doneSeen = true;
        onEvent(event);
      },
      ...(options.captchaToken ? { captchaToken: options.captchaToken } : {}),
      ...(hooks.fetchImpl ? { fetchImpl: hooks.fetchImpl } : {}),
    });
    // Like a local run, every run ends with done, also when the server never sent it (cancel, network, captcha).
    if (!doneSeen) onEvent({ type: 'done', runId, result });
    // The server reports to its own endpoint (if any); the outcomes go to this product's endpoint from here.
    if (media && options.reportUrl)
      void sendReport(options.reportUrl, reportItemsFromEvents(media, events), createDirectFetcher(hooks.fetchImpl));
    return result;
  } finally {
    remoteRuns.delete(runId);
  }
}

/**
 * Every source (rank or custom order) and its embeds until a playable stream, with progress events on the way
 * (docs/behaviour.md#scraping-progress).
 */
export async function runAll(
  media: ScrapeMedia,
  options: ScrapeOptions = {},
  hooks: ScrapeHooks = {},
): Promise<Result<RunOutput, ScrapeError>> {
  try {
    const server = remoteServer(options);
    if (server) return await viaRemote<RunOutput>(server, '/scrape', mediaToQuery(media), options, hooks, media);
    return await engine.runAll(media, options, buildDeps(options, hooks));
  } catch (error) {
    return { ok: false, error: scrapeError('scrape/failed', error instanceof Error ? error.message : String(error)) };
  }
}

/** One source (source menu): its stream, or its embeds. Unknown id → scrape/invalid-source-id. */
export async function runSource(
  sourceId: string,
  media: ScrapeMedia,
  options: ScrapeOptions = {},
  hooks: ScrapeHooks = {},
): Promise<Result<SourceRunOutput, ScrapeError>> {
  try {
    const server = remoteServer(options);
    if (server)
      return await viaRemote<SourceRunOutput>(server, '/scrape/source', { id: sourceId, ...mediaToQuery(media) }, options, hooks, media);
    return await engine.runSource(sourceId, media, options, buildDeps(options, hooks));
  } catch (error) {
    return { ok: false, error: scrapeError('scrape/failed', error instanceof Error ? error.message : String(error)) };
  }
}

/** One embed scraper on a URL. Unknown id → scrape/invalid-source-id. */
export async function runEmbed(
  embedId: string,
  url: string,
  options: ScrapeOptions = {},
  hooks: ScrapeHooks = {},
): Promise<Result<EmbedOutput, ScrapeError>> {
  try {
    const server = remoteServer(options);
    if (server) return await viaRemote<EmbedOutput>(server, '/scrape/embed', { id: embedId, url }, options, hooks);
    return await engine.runEmbed(embedId, url, options, buildDeps(options, hooks));
  } catch (error) {
    return { ok: false, error: scrapeError('scrape/failed', error instanceof Error ? error.message : String(error)) };
  }
}

/** The providers a run with these options could use (the source menu's list), sources by run order. */
export async function listProviders(options: ScrapeOptions = {}, hooks: ScrapeHooks = {}): Promise<ProviderInfo[]> {
  const server = remoteServer(options);
  if (server) {
    // The server runs its own providers: the menu lists those (this page's list if the server cannot say).
    const providers = await fetchRemoteProviders(server, hooks.fetchImpl);
    if (!providers) console.warn('[scraping] remote server did not list its providers at /metadata or /');
    if (providers) return providers.filter((p) => !options.disallowedIds?.includes(p.id));
  }
  const built = buildDeps(options, hooks);
  const deps = await engine.settled(built, [...built.registry.sources, ...built.registry.embeds]);
  const info = (
    p: { id: string; name: string; rank: number; needs?: ProviderInfo['needs'] },
    kind: 'source' | 'embed',
    mediaTypes: ProviderInfo['mediaTypes'],
  ): ProviderInfo => ({
    id: p.id,
    name: p.name,
    rank: p.rank,
    kind,
    mediaTypes,
    needs: p.needs ?? [],
  });
  const disallowed = new Set(options.disallowedIds ?? []);
  return [
    ...engine.orderSources(null, options, deps).map((s) => info(s, 'source', s.mediaTypes)),
    ...deps.registry.embeds.filter((e) => !disallowed.has(e.id)).map((e) => info(e, 'embed', ['movie', 'show'])),
  ];
}
