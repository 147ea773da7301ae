/**
 * The scraping engine: runs source scrapers in rank (or the user's) order, each source's embeds in
 * order, validates what they find and stops at the first playable stream. Every step is an event of
 * plain data; every outcome is a Result. Pure TypeScript: runs in the worker, in Node and inline.
 */
import { ok, type Result } from './result';
import { scrapeError, toScrapeError, type ScrapeError } from './errors';
import { prepareStreamRequest } from './fetchers/extension';
import { reportItem, sendReport } from './report';
import type {
  EmbedOutput,
  EmbedProvider,
  EventSink,
  ExtensionBridge,
  Fetcher,
  ProviderSettings,
  RunOutput,
  ScrapeEvent,
  ScrapeMedia,
  ScrapeOptions,
  ScrapeReportItem,
  SourceOutput,
  SourceProvider,
  SourceRunOutput,
  Stream,
} from './types';
import { validateStream } from './validate';
import { isDisallowedMedia } from './takedown';

export { isDisallowedMedia };

export const DEFAULT_TIMEOUT_MS = 20_000;

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

const runs = new Map<string, AbortController>();
let runCounter = 0;

export function newRunId(): string {
  runCounter += 1;
  return `run-${Date.now().toString(36)}-${runCounter}`;
}

/** Stops a run (all its requests are aborted); the run answers scrape/cancelled. False if no such run. */
export function cancel(runId: string): boolean {
  const controller = runs.get(runId);
  if (!controller) return false;
  controller.abort();
  return true;
}

// ------------------------------------------------------------------ config rules

/** Config CDN replacements on every URL of a stream: a host containing `from` gets `from` replaced by `to`. */
export function applyCdnReplacements(stream: Stream, pairs: ReadonlyArray<readonly [string, string]> | undefined): Stream {
  if (!pairs?.length) return stream;
  const swap = (raw: string) => {
    try {
      const url = new URL(raw);
      for (const [from, to] of pairs) if (from && url.host.includes(from)) url.host = url.host.replace(from, to);
      return url.toString();
    } catch {
      return raw; // not a URL: left as found, validation will reject it
    }
  };
  const captions = stream.captions.map((c) => ({ ...c, url: swap(c.url) }));
  if (stream.type === 'hls') return { ...stream, playlist: swap(stream.playlist), captions };
  const qualities: typeof stream.qualities = {};
  for (const [key, q] of Object.entries(stream.qualities) as Array<[keyof typeof stream.qualities, { type: 'mp4'; url: string }]>)
    qualities[key] = { ...q, url: swap(q.url) };
  return { ...stream, qualities, captions };
}

// ------------------------------------------------------------------ ordering and availability

/** Why a provider cannot run now, or null. */
function unavailable(provider: SourceProvider | EmbedProvider, deps: EngineDeps, settings: ProviderSettings): ScrapeError | null {
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

// ------------------------------------------------------------------ one run

class Run {
  readonly controller = new AbortController();
  readonly cache = new Map<string, Promise<unknown>>();
  readonly reports: ScrapeReportItem[] = [];
  readonly timeoutMs: number;

  /** Registered at once: a cancel counts from the call, also while the run waits for the extension's hello. */
  constructor(
    readonly id: string,
    readonly options: ScrapeOptions,
    public deps: EngineDeps,
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    runs.set(id, this.controller);
  }

  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /** The deps with the extension's answer in when these providers could depend on it (see `settled`); a cancel ends the wait. */
  async settle(providers: ReadonlyArray<SourceProvider | EmbedProvider>): Promise<void> {
    if (this.cancelled) return;
    const signal = this.controller.signal;
    let stop!: () => void;
    const aborted = new Promise<null>((resolve) => (stop = () => resolve(null)));
    signal.addEventListener('abort', stop, { once: true });
    try {
      const deps = await Promise.race([settled(this.deps, providers), aborted]);
      if (deps) this.deps = deps;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  private answered: Promise<Network> | null = null;
  /** The extension and proxied fetcher, waiting for the extension's answer if it is pending (once per run). */
  network(): Promise<Network> {
    if (!this.deps.network) return Promise.resolve({ extension: this.deps.extension, proxiedFetcher: this.deps.proxiedFetcher });
    this.answered ??= this.deps.network();
    return this.answered;
  }

  emit(event: ScrapeEvent): void {
    if (this.cancelled && event.type !== 'done') return;
    try {
      this.deps.onEvent?.(event);
    } catch (error) {
      // A listener's bug must not stop the scrape (the UI only shows progress).
      console.warn('[scraping] event listener threw:', error);
    }
  }

  /** Runs one scraper step with its own timeout, aborted also by cancel. */
  async step<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const child = new AbortController();
    const onParentAbort = () => child.abort();
    this.controller.signal.addEventListener('abort', onParentAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Thrown(scrapeError('scrape/timeout', `no answer within ${this.timeoutMs} ms`)));
        child.abort();
      }, this.timeoutMs);
      child.signal.addEventListener(
        'abort',
        () => reject(new Thrown(this.cancelled ? scrapeError('scrape/cancelled') : scrapeError('scrape/timeout'))),
        { once: true },
      );
    });
    try {
      return await Promise.race([work(child.signal), stopped]);
    } finally {
      clearTimeout(timer);
      this.controller.signal.removeEventListener('abort', onParentAbort);
    }
  }

  context(signal: AbortSignal, stateId: string) {
    const settings = this.options.settings ?? {};
    const fetcher: Fetcher = (request) => this.deps.fetcher({ ...request, signal: request.signal ?? signal });
    const proxiedFetcher: Fetcher = this.deps.network
      ? async (request) => ((await this.network()).proxiedFetcher ?? this.deps.fetcher)({ ...request, signal: request.signal ?? signal })
      : (request) => (this.deps.proxiedFetcher ?? this.deps.fetcher)({ ...request, signal: request.signal ?? signal });
    let last = -1;
    return {
      fetcher,
      proxiedFetcher,
      settings,
      signal,
      cache: this.cache,
      progress: (percentage: number) => {
        const value = Math.max(0, Math.min(100, Math.round(percentage)));
        if (value === last) return;
        last = value;
        this.emit({ type: 'update', runId: this.id, id: stateId, status: 'pending', percentage: value });
      },
    };
  }

  /** The first stream that can play here and passes validation; or why none does. */
  async playable(streams: readonly Stream[] | undefined): Promise<Result<Stream, ScrapeError>> {
    let lastError = scrapeError('scrape/no-stream');
    for (const found of streams ?? []) {
      const stream = applyCdnReplacements(found, this.options.cdnReplacements);
      if (this.deps.forOtherIp && stream.flags.includes('ip-locked')) {
        lastError = scrapeError('scrape/no-stream', `stream ${stream.id} only plays from the IP that scraped it`);
        continue;
      }
      const needsExtension =
        this.deps.target === 'browser' && (!stream.flags.includes('cors-allowed') || Object.keys(stream.headers ?? {}).length > 0);
      const { extension, proxiedFetcher } = needsExtension ? await this.network() : { extension: null, proxiedFetcher: null };
      if (needsExtension && !extension) {
        lastError = scrapeError('scrape/extension-disabled', `stream ${stream.id} needs the extension`);
        continue;
      }
      let checked: Result<Stream, ScrapeError> = ok(stream);
      if (!this.options.skipValidation) {
        // Validate the way the player will load it: directly when the page may, else through proxy/extension.
        const fetcher =
          stream.flags.includes('cors-allowed') || this.deps.target === 'native'
            ? this.deps.fetcher
            : (proxiedFetcher ?? this.deps.fetcher);
        checked = await this.step((signal) => validateStream(stream, { fetcher, signal }));
      }
      if (!checked.ok) {
        lastError = checked.error;
        continue;
      }
      if (extension && needsExtension) {
        // Let the player load it: the extension opens CORS and adds the stream's headers for its domains.
        // A rule that fails to install shows up as a playback error, where the user can pick another source.
        await extension.prepareStream(prepareStreamRequest(checked.value)).catch(() => null);
      }
      return checked;
    }
    return { ok: false, error: lastError };
  }

  report(media: ScrapeMedia, providerId: string, embedId: string | null, status: ScrapeReportItem['status'], error?: ScrapeError): void {
    if (this.cancelled || error?.code === 'scrape/cancelled') return;
    this.reports.push(reportItem(media, providerId, embedId, status, error));
  }

  finish<T extends RunOutput | SourceRunOutput | EmbedOutput>(result: Result<T, ScrapeError>): Result<T, ScrapeError> {
    runs.delete(this.id);
    const final: Result<T, ScrapeError> = this.cancelled ? { ok: false, error: scrapeError('scrape/cancelled') } : result;
    this.emit({ type: 'done', runId: this.id, result: final });
    if (this.options.reportUrl && this.reports.length) void sendReport(this.options.reportUrl, this.reports, this.deps.fetcher);
    return final;
  }
}

/** A ScrapeError (timeouts, validation) thrown inside the engine: an Error that carries the data as is. */
class Thrown extends Error {
  constructor(readonly error: ScrapeError) {
    super(error.message);
    this.name = 'ScrapeErrorThrown';
  }
}

/** Thrown values inside the engine: ScrapeFailure/Error instances, Thrown, or ScrapeError data. */
const asError = (error: unknown): ScrapeError =>
  error instanceof Thrown
    ? error.error
    : !(error instanceof Error) && error && typeof error === 'object' && 'code' in error && 'message' in error
      ? (error as ScrapeError)
      : toScrapeError(error);

const statusOf = (error: ScrapeError) => (error.code === 'scrape/not-found' ? 'notfound' : 'failure');
const reportStatusOf = (error: ScrapeError) => (error.code === 'scrape/not-found' ? 'notfound' : 'failed');

async function scrapeEmbedIn(run: Run, embed: EmbedProvider, url: string, stateId: string): Promise<Result<Stream, ScrapeError>> {
  try {
    const output = await run.step((signal) => embed.scrape({ ...run.context(signal, stateId), url }));
    return await run.playable(output.stream);
  } catch (error) {
    return { ok: false, error: asError(error) };
  }
}

// ------------------------------------------------------------------ public operations

/** Tries every usable source (and its embeds) until one gives a playable stream. */
export async function runAll(media: ScrapeMedia, options: ScrapeOptions, given: EngineDeps): Promise<Result<RunOutput, ScrapeError>> {
  const run = new Run(options.runId ?? newRunId(), options, given);
  await run.settle([...given.registry.sources, ...given.registry.embeds]);
  if (run.cancelled) return run.finish({ ok: false, error: scrapeError('scrape/cancelled') });
  const deps = run.deps;
  if (isDisallowedMedia(media, options.disallowedIds)) return run.finish({ ok: false, error: scrapeError('scrape/takedown') });
  const sources = orderSources(media, options, deps);
  const disallowed = new Set(options.disallowedIds ?? []);
  run.emit({ type: 'init', runId: run.id, sources: sources.map((s) => ({ id: s.id, name: s.name })) });

  for (const source of sources) {
    if (run.cancelled) break;
    run.emit({ type: 'start', runId: run.id, id: source.id });
    let output: SourceOutput;
    try {
      output = await run.step((signal) => source.scrape({ ...run.context(signal, source.id), media }));
    } catch (thrown) {
      const error = asError(thrown);
      if (run.cancelled) break;
      run.emit({
        type: 'update',
        runId: run.id,
        id: source.id,
        status: statusOf(error),
        percentage: 100,
        error,
        ...(error.detail ? { reason: error.detail } : {}),
      });
      run.report(media, source.id, null, reportStatusOf(error), error);
      continue;
    }

    if (output.stream?.length) {
      const stream = await run.playable(output.stream).catch((e: unknown) => ({ ok: false as const, error: asError(e) }));
      if (run.cancelled) break;
      if (stream.ok) {
        run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
        run.report(media, source.id, null, 'success');
        return run.finish({ ok: true, value: { sourceId: source.id, stream: stream.value } });
      }
      if (output.embeds.length === 0) {
        run.emit({
          type: 'update',
          runId: run.id,
          id: source.id,
          status: 'failure',
          percentage: 100,
          error: stream.error,
          reason: stream.error.detail ?? stream.error.message,
        });
        run.report(media, source.id, null, 'failed', stream.error);
        continue;
      }
    }

    const embeds = output.embeds
      .map((ref, index) => ({ ref, index, provider: deps.registry.embeds.find((e) => e.id === ref.embedId) }))
      .filter(
        (e): e is typeof e & { provider: EmbedProvider } =>
          !!e.provider && !disallowed.has(e.ref.embedId) && !unavailable(e.provider, deps, options.settings ?? {}),
      )
      // An embed list is in the source's order; among different scrapers, the higher-ranked first.
      .sort((a, b) => b.provider.rank - a.provider.rank || a.index - b.index);
    if (embeds.length === 0) {
      const error = scrapeError(output.stream?.length ? 'scrape/no-stream' : 'scrape/no-embeds');
      run.emit({ type: 'update', runId: run.id, id: source.id, status: 'notfound', percentage: 100, error, reason: error.message });
      run.report(media, source.id, null, 'notfound', error);
      continue;
    }
    const states = embeds.map((e, i) => ({ ...e, stateId: `${source.id}-${i}` }));
    run.emit({
      type: 'embeds',
      runId: run.id,
      sourceId: source.id,
      embeds: states.map((e) => ({ id: e.stateId, embedId: e.provider.id, name: e.provider.name, url: e.ref.url })),
    });
    run.emit({ type: 'update', runId: run.id, id: source.id, status: 'pending', percentage: 50 });

    let allNotFound = true;
    for (const embed of states) {
      if (run.cancelled) break;
      run.emit({ type: 'start', runId: run.id, id: embed.stateId });
      const stream = await scrapeEmbedIn(run, embed.provider, embed.ref.url, embed.stateId);
      if (run.cancelled) break;
      if (stream.ok) {
        run.emit({ type: 'update', runId: run.id, id: embed.stateId, status: 'success', percentage: 100 });
        run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
        run.report(media, source.id, embed.provider.id, 'success');
        return run.finish({ ok: true, value: { sourceId: source.id, embedId: embed.provider.id, stream: stream.value } });
      }
      if (stream.error.code !== 'scrape/not-found') allNotFound = false;
      run.emit({
        type: 'update',
        runId: run.id,
        id: embed.stateId,
        status: statusOf(stream.error),
        percentage: 100,
        error: stream.error,
        reason: stream.error.detail ?? stream.error.message,
      });
      run.report(media, source.id, embed.provider.id, reportStatusOf(stream.error), stream.error);
    }
    if (run.cancelled) break;
    const error = scrapeError('scrape/no-stream', 'no embed gave a playable stream');
    run.emit({
      type: 'update',
      runId: run.id,
      id: source.id,
      status: allNotFound ? 'notfound' : 'failure',
      percentage: 100,
      error,
      reason: error.detail!,
    });
  }
  return run.finish({
    ok: false,
    error: scrapeError('scrape/not-found', sources.length ? 'no source gave a playable stream' : 'no source can run for this media'),
  });
}

/** Runs one source (source menu): its validated stream, or its embeds for the user to pick. */
export async function runSource(
  sourceId: string,
  media: ScrapeMedia,
  options: ScrapeOptions,
  given: EngineDeps,
): Promise<Result<SourceRunOutput, ScrapeError>> {
  const run = new Run(options.runId ?? newRunId(), options, given);
  await run.settle([...given.registry.sources.filter((s) => s.id === sourceId), ...given.registry.embeds]);
  if (run.cancelled) return run.finish({ ok: false, error: scrapeError('scrape/cancelled') });
  const deps = run.deps;
  if (isDisallowedMedia(media, options.disallowedIds)) return run.finish({ ok: false, error: scrapeError('scrape/takedown') });
  const source = deps.registry.sources.find((s) => s.id === sourceId);
  if (!source || options.disallowedIds?.includes(sourceId) || !source.mediaTypes.includes(media.type))
    return run.finish({ ok: false, error: scrapeError('scrape/invalid-source-id', `unknown source "${sourceId}"`) });
  const why = unavailable(source, deps, options.settings ?? {});
  if (why) return run.finish({ ok: false, error: why });
  run.emit({ type: 'init', runId: run.id, sources: [{ id: source.id, name: source.name }] });
  run.emit({ type: 'start', runId: run.id, id: source.id });
  try {
    const output = await run.step((signal) => source.scrape({ ...run.context(signal, source.id), media }));
    const embeds = output.embeds.filter(
      (e) => !options.disallowedIds?.includes(e.embedId) && deps.registry.embeds.some((p) => p.id === e.embedId),
    );
    if (output.stream?.length) {
      const stream = await run.playable(output.stream);
      if (stream.ok) {
        run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
        run.report(media, source.id, null, 'success');
        return run.finish({ ok: true, value: { stream: stream.value, embeds } });
      }
      if (embeds.length === 0) throw new Thrown(stream.error);
    }
    if (embeds.length === 0) throw new Thrown(scrapeError('scrape/no-embeds'));
    run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
    return run.finish({ ok: true, value: { embeds } });
  } catch (thrown) {
    const error = asError(thrown);
    run.emit({
      type: 'update',
      runId: run.id,
      id: source.id,
      status: statusOf(error),
      percentage: 100,
      error,
      reason: error.detail ?? error.message,
    });
    run.report(media, source.id, null, reportStatusOf(error), error);
    return run.finish({ ok: false, error });
  }
}

/** Runs one embed scraper on a URL (source menu, /dev/video, the embed API's load media). */
export async function runEmbed(
  embedId: string,
  url: string,
  options: ScrapeOptions,
  given: EngineDeps,
): Promise<Result<EmbedOutput, ScrapeError>> {
  const run = new Run(options.runId ?? newRunId(), options, given);
  await run.settle(given.registry.embeds.filter((e) => e.id === embedId));
  if (run.cancelled) return run.finish({ ok: false, error: scrapeError('scrape/cancelled') });
  const deps = run.deps;
  const embed = deps.registry.embeds.find((e) => e.id === embedId);
  if (!embed || options.disallowedIds?.includes(embedId))
    return run.finish({ ok: false, error: scrapeError('scrape/invalid-source-id', `unknown embed "${embedId}"`) });
  const why = unavailable(embed, deps, options.settings ?? {});
  if (why) return run.finish({ ok: false, error: why });
  run.emit({ type: 'init', runId: run.id, sources: [{ id: embed.id, name: embed.name }] });
  run.emit({ type: 'start', runId: run.id, id: embed.id });
  const stream = await scrapeEmbedIn(run, embed, url, embed.id);
  if (stream.ok) {
    run.emit({ type: 'update', runId: run.id, id: embed.id, status: 'success', percentage: 100 });
    return run.finish({ ok: true, value: { stream: [stream.value] } });
  }
  run.emit({
    type: 'update',
    runId: run.id,
    id: embed.id,
    status: statusOf(stream.error),
    percentage: 100,
    error: stream.error,
    reason: stream.error.detail ?? stream.error.message,
  });
  return run.finish({ ok: false, error: stream.error });
}
