/** Starting a found stream: status to playing, CDN replacements, the engine loads it. */
import type { HostApi } from 'shared-contracts';
import { toSource } from '../../core/player/source';
import type { ScrapeOptions, Stream } from '../../core/scraping/types';
import type { Player } from './player.store';
import { generateThumbnails } from './thumbnails';
import { postToParent } from './use-playback';

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
  const source = toSource(stream, host.config.cdnReplacements);
  player.ui.sourceId = origin.sourceId;
  player.ui.embedId = origin.embedId ?? null;
  player.ui.captions.selectedId = null;
  player.ui.captions.cues = [];
  player.dispatch({ type: options.kind });
  void player.engine.load(source, { startAt: options.startAt ?? 0, autoplay: options.autoplay ?? false });
  thumbnailRun?.abort();
  player.ui.thumbnails = [];
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
      mediaServer: prefs.mediaServerUrl && prefs.mediaServerApiKey ? { url: prefs.mediaServerUrl, apiKey: prefs.mediaServerApiKey } : undefined,
    },
  };
  if (config.scrapeReportUrl) options.reportUrl = config.scrapeReportUrl;
  if (runId) options.runId = runId;
  return plain(options);
}
