/** Starting a found stream: status to playing, the engine loads it. */
import type { HostApi } from 'shared-contracts';
import { toSource } from '../../core/player/source';
import { ok, type Result } from '../../core/result';
import type { ScrapeError } from 'scraping-core/errors';
import { parseProxyList } from 'scraping-core/fetchers/proxy';
import type { ScrapeOptions, Stream } from 'scraping-core/types';
import { clearThumbnails, streamStarted } from './player.actions';
import type { Player } from './player.store';
import { generateThumbnails } from './thumbnails';
import { pageTurnstile, type TokenProvider } from './turnstile';
import { postToParent } from './embed-parent';

let thumbnailRun: AbortController | null = null;

/** Stops thumbnail snapshots (leaving the page, another title). */
export function stopThumbnails(): void {
  thumbnailRun?.abort();
  thumbnailRun = null;
}

export function startStream(
  player: Player,
  host: HostApi,
  stream: Stream,
  origin: { sourceId: string; embedId?: string },
  options: { startAt?: number; autoplay?: boolean; kind: 'playMedia' | 'chooseSource' },
): void {
  const source = toSource(stream);
  streamStarted(player, origin);
  player.dispatch({ type: options.kind });
  void player.engine.load(source, { startAt: options.startAt ?? 0, autoplay: options.autoplay ?? false });
  thumbnailRun?.abort();
  clearThumbnails(player);
  if (host.state.preferences.enableThumbnails) {
    const run = new AbortController();
    thumbnailRun = run;
    // After the first frame: snapshots must not compete with starting playback.
    setTimeout(() => void generateThumbnails(player, source, run.signal), 2000);
  }
  const found: Parameters<typeof postToParent>[0] = { type: 'sourceFound', sourceId: origin.sourceId, streamType: stream.type };
  if (origin.embedId) (found as { embedId?: string }).embedId = origin.embedId;
  postToParent(found);
}

/**
 * A structured-clone-safe copy: valtio proxies (and objects that were assigned into one) cannot cross
 * postMessage to the worker ("could not be cloned").
 */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Scrape options from the runtime config and the user's settings. */
export function scrapeOptionsFrom(host: HostApi, runId?: string): ScrapeOptions {
  const { config, state } = host;
  const prefs = state.preferences;
  const options: ScrapeOptions = {
    sourceOrder: [...prefs.sourceOrder],
    enableSourceOrder: prefs.enableSourceOrder,
    disallowedIds: [...config.disallowedIds],
    cdnReplacements: config.cdnReplacements.map(([a, b]) => [a, b] as [string, string]),
    proxyUrls: [...state.proxyUrls],
    useExtension: true,
    settings: {
      localLibraryUrl: config.localLibraryUrl || undefined,
      archiveUrl: config.archiveUrl || undefined,
      mediaServer:
        prefs.mediaServerUrl && prefs.mediaServerApiKey ? { url: prefs.mediaServerUrl, apiKey: prefs.mediaServerApiKey } : undefined,
    },
  };
  if (config.scrapeReportUrl) options.reportUrl = config.scrapeReportUrl;
  if (runId) options.runId = runId;
  return plain(options);
}

/**
 * Whether a run with these options may go through the proxy workers or a remote scraping server: the
 * engine picks the network per provider while it runs, so any entry in the proxy list counts.
 */
export function mayUseProxies(options: ScrapeOptions): boolean {
  return !options.local && parseProxyList(options.proxyUrls).length > 0;
}

/**
 * Scrape options for one run (scrapeOptionsFrom), with a Turnstile token when the config has a site key
 * and the run may go through the proxy workers (docs/behaviour.md#scraping-captcha): sent as X-Token to the workers and as the
 * captcha header (cf-turnstile-response) to them and to a remote scraping server. No token, no run:
 * scrape/turnstile (its message), or scrape/cancelled when `signal` aborts first.
 */
export async function scrapeOptionsForRun(
  host: HostApi,
  runId?: string,
  signal?: AbortSignal,
  turnstile?: TokenProvider,
): Promise<Result<ScrapeOptions, ScrapeError>> {
  const options = scrapeOptionsFrom(host, runId);
  if (!host.config.turnstileSiteKey || !mayUseProxies(options)) return ok(options);
  const token = await (turnstile ?? pageTurnstile(host.config)).token(signal);
  if (!token.ok) return token;
  return ok({ ...options, proxyToken: token.value, captchaToken: token.value });
}
