/**
 * One scraping run: registered for cancel from its start, each scraper step under its own timeout, events
 * to the listener, the first playable stream of a scraper's list, the report sent when it ends.
 */
import { ok, type Result } from './result';
import { scrapeError, toScrapeError, type ScrapeError } from './errors';
import { prepareStreamRequest } from './fetchers/extension';
import { reportItem, sendReport } from './report';
import { applyCdnReplacements } from './cdn-replacements';
import { settled, type EngineDeps, type Network } from './engine-deps';
import type {
  EmbedOutput,
  EmbedProvider,
  Fetcher,
  RunOutput,
  ScrapeEvent,
  ScrapeMedia,
  ScrapeOptions,
  ScrapeReportItem,
  SourceProvider,
  SourceRunOutput,
  Stream,
} from './types';
import { validateStream } from './validate';

export const DEFAULT_TIMEOUT_MS = 20_000;

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

export class Run {
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
export class Thrown extends Error {
  constructor(readonly error: ScrapeError) {
    super(error.message);
    this.name = 'ScrapeErrorThrown';
  }
}

/** Thrown values inside the engine: ScrapeFailure/Error instances, Thrown, or ScrapeError data. */
export const asError = (error: unknown): ScrapeError =>
  error instanceof Thrown
    ? error.error
    : !(error instanceof Error) && error && typeof error === 'object' && 'code' in error && 'message' in error
      ? (error as ScrapeError)
      : toScrapeError(error);

export const statusOf = (error: ScrapeError) => (error.code === 'scrape/not-found' ? 'notfound' : 'failure');
export const reportStatusOf = (error: ScrapeError) => (error.code === 'scrape/not-found' ? 'notfound' : 'failed');

export async function scrapeEmbedIn(run: Run, embed: EmbedProvider, url: string, stateId: string): Promise<Result<Stream, ScrapeError>> {
  try {
    const output = await run.step((signal) => embed.scrape({ ...run.context(signal, stateId), url }));
    return await run.playable(output.stream);
  } catch (error) {
    return { ok: false, error: asError(error) };
  }
}
