/**
 * What a scraping run is given (the providers and the network) and which providers can run with it:
 * availability (configured, extension, proxy) and the order sources run in.
 */
import { scrapeError, type ScrapeError } from './errors';
import type {
  EmbedProvider,
  EventSink,
  ExtensionBridge,
  Fetcher,
  ProviderSettings,
  ScrapeMedia,
  ScrapeOptions,
  SourceProvider,
} from './types';

export interface ProviderRegistry {
  sources: readonly SourceProvider[];
  embeds: readonly EmbedProvider[];
}

/** What a run is given besides its options: the network, chosen at run time (see scraper.ts). */
export interface EngineDeps {
  registry: ProviderRegistry;
  fetcher: Fetcher;
  /** Proxy or extension fetcher; null when neither is available. */
  proxiedFetcher: Fetcher | null;
  /** The extension, when it answered hello with a usable version. */
  extension: ExtensionBridge | null;
  /** Where the streams will play: a browser needs `cors-allowed` streams without required headers unless the extension is there. */
  target: 'browser' | 'native';
  /** The streams are for a player on another IP (the remote server): `ip-locked` streams cannot play there. */
  forOtherIp?: boolean;
  onEvent?: EventSink;
  /**
   * Set while the extension's answer is pending (its hello takes up to a second when there is none):
   * `extension` and `proxiedFetcher` are then what is known without it, and this gives the final ones.
   * The engine waits for it only when a step needs them: a provider that needs the extension or a proxy,
   * a proxied request, a stream the page cannot load by itself. A run that needs none of them never waits.
   */
  network?: () => Promise<Network>;
}

export interface Network {
  extension: ExtensionBridge | null;
  proxiedFetcher: Fetcher | null;
}

/** The deps with the extension's answer in, when one of these providers could depend on it. */
export async function settled(deps: EngineDeps, providers: ReadonlyArray<SourceProvider | EmbedProvider>): Promise<EngineDeps> {
  if (!deps.network || !providers.some((p) => p.needs?.length)) return deps;
  const { network, ...known } = deps;
  return { ...known, ...(await network()) };
}

/** Why a provider cannot run now, or null. */
export function unavailable(provider: SourceProvider | EmbedProvider, deps: EngineDeps, settings: ProviderSettings): ScrapeError | null {
  if (provider.isConfigured && !provider.isConfigured(settings))
    return scrapeError('scrape/invalid-source-id', `${provider.id} is not configured`);
  if (provider.needs?.includes('extension') && !deps.extension) return scrapeError('scrape/extension-disabled');
  if (provider.needs?.includes('proxy') && !deps.proxiedFetcher)
    return scrapeError('scrape/needs-proxy', `${provider.id} needs a proxy or the extension`);
  return null;
}

/** Sources that run for this media: by rank, or the user's order first when enabled; disallowed ones out. */
export function orderSources(media: ScrapeMedia | null, options: ScrapeOptions, deps: EngineDeps): SourceProvider[] {
  const disallowed = new Set(options.disallowedIds ?? []);
  const usable = deps.registry.sources.filter(
    (s) => !disallowed.has(s.id) && (!media || s.mediaTypes.includes(media.type)) && !unavailable(s, deps, options.settings ?? {}),
  );
  const byRank = [...usable].sort((a, b) => b.rank - a.rank);
  if (!options.enableSourceOrder || !options.sourceOrder?.length) return byRank;
  const position = new Map(options.sourceOrder.map((id, i) => [id, i]));
  // Listed ids in the user's order, then the others by rank (a new provider still runs).
  return byRank
    .map((source, rankIndex) => ({ source, key: position.get(source.id) ?? options.sourceOrder!.length + rankIndex }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.source);
}
