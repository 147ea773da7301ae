/**
 * The player's caption loader (core/captions/load-caption.ts) wired to this page: plain fetch, the user's
 * proxy workers, the browser extension (through the page's bridge), and the worker's parser.
 */
import type { CaptionsFileFormat } from 'media-captions';
import { CAPTION_FETCH_FAILED, createCaptionLoader } from '../../core/captions/load-caption';
import { captionFormatOf, type CaptionCue } from '../../core/captions/parse-captions';
import { fail, type Result } from '../../core/result';
import { createDirectFetcher } from 'scraping-core/fetchers/direct';
import { checkExtension, createExtensionFetcher } from 'scraping-core/fetchers/extension';
import { proxyFetcherFromList } from 'scraping-core/fetchers/proxy';
import type { Fetcher } from 'scraping-core/types';
import { getExtensionBridge, parseCaptionsOffThread } from '../../worker/player.client';
import type { CaptionOption } from './player.store';

const parse = (input: string | Uint8Array, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>> => parseCaptionsOffThread(input, format);

// A hello costs up to 500 ms when no extension answers: its answer is kept for a minute.
const EXTENSION_CHECK_MS = 60_000;
let extensionCheck: { at: number; fetcher: Promise<Fetcher | null> } | null = null;

/** The extension's fetcher when it is installed, allowed here and of a usable version (spec §5); else null. */
function usableExtension(): Promise<Fetcher | null> {
  const bridge = getExtensionBridge();
  if (!bridge) return Promise.resolve(null);
  if (extensionCheck && Date.now() - extensionCheck.at < EXTENSION_CHECK_MS) return extensionCheck.fetcher;
  const fetcher = checkExtension(bridge).then(
    (check) => (check.ok ? createExtensionFetcher(bridge) : null),
    () => null,
  );
  extensionCheck = { at: Date.now(), fetcher };
  return fetcher;
}

const loader = createCaptionLoader({ direct: createDirectFetcher(), proxy: (proxyUrls) => proxyFetcherFromList(proxyUrls), extension: usableExtension, parse });

/** What loading a caption needs from the page: the proxy list, and the HLS stream's first PTS (engine state). */
export interface CaptionContext {
  proxyUrls: readonly string[];
  streamStartPts: number | null;
}

/** The cues of a stream caption or HLS rendition (cached 24 h); errors are the menu's messages. */
export async function loadCaption(option: CaptionOption, context: CaptionContext): Promise<Result<CaptionCue[]>> {
  if (option.kind === 'hls' && option.url) return loader.load({ kind: 'hls', url: option.url }, { streamStartPts: context.streamStartPts });
  if (option.caption) {
    const { url, type, needsProxy } = option.caption;
    return loader.load({ kind: 'file', url, format: type, needsProxy }, { proxyUrls: context.proxyUrls });
  }
  return fail('captions/fetch', CAPTION_FETCH_FAILED);
}

/** A user's file (upload or drop): only supported extensions; others are ignored (null). Read as bytes (BOM decides the encoding). */
export async function parseCaptionFile(file: File): Promise<Result<CaptionCue[]> | null> {
  const format = captionFormatOf(file.name);
  if (!format) return null;
  return parse(new Uint8Array(await file.arrayBuffer()), format);
}
