/**
 * The player's caption loader (core/captions/load-caption.ts) wired to this page: plain fetch, the user's
 * proxy workers, the browser extension (through the page's bridge), and the worker's parser.
 */
import type { CaptionsFileFormat } from 'media-captions';
import { CAPTION_FETCH_FAILED, createCaptionLoader } from '../../core/captions/load-caption';
import { captionFormatOf, type CaptionCue } from '../../core/captions/parse-captions';
import { requestOpenSubtitlesDownload, type OpenSubtitlesConfig } from '../../core/captions/opensubtitles';
import { fail, type Result } from '../../core/result';
import { createDirectFetcher } from 'scraping-core/fetchers/direct';
import { checkExtension, createExtensionFetcher } from 'scraping-core/fetchers/extension';
import { proxyFetcherFromList } from 'scraping-core/fetchers/proxy';
import type { Fetcher } from 'scraping-core/types';
import { getExtensionBridge, parseCaptionsOffThread } from '../../worker/player.client';
import type { CaptionOption } from './player.store';

const parse = (input: string | Uint8Array, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>> =>
  parseCaptionsOffThread(input, format);

// A hello costs up to 500 ms when no extension answers: its answer is kept for a minute.
const EXTENSION_CHECK_MS = 60_000;
let extensionCheck: { at: number; fetcher: Promise<Fetcher | null> } | null = null;

/** The extension's fetcher when it is installed, allowed here and of a usable version (docs/behaviour.md#scraping-extension); else null. */
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

const loader = createCaptionLoader({
  direct: createDirectFetcher(),
  proxy: (proxyUrls) => proxyFetcherFromList(proxyUrls),
  extension: usableExtension,
  parse,
});

/** What loading a caption needs from the page: the proxy list, the HLS stream's first PTS (engine state), the OpenSubtitles API. */
export interface CaptionContext {
  proxyUrls: readonly string[];
  streamStartPts: number | null;
  /** Null when the site has no OpenSubtitles API key. */
  opensubtitles?: OpenSubtitlesConfig | null;
}

/**
 * OpenSubtitles download links, by file id: a link stays valid for hours, and each new one costs one of
 * the key's daily downloads, so choosing the same file again reuses it (and the loader's cached cues).
 */
const OPENSUBTITLES_LINK_MS = 60 * 60 * 1000;
const opensubtitlesLinks = new Map<number, { link: string; fileName: string; at: number }>();

async function loadOpenSubtitles(option: CaptionOption, context: CaptionContext): Promise<Result<CaptionCue[]>> {
  if (option.fileId === undefined || !context.opensubtitles) return fail('captions/fetch', CAPTION_FETCH_FAILED);
  let known = opensubtitlesLinks.get(option.fileId);
  if (!known || Date.now() - known.at > OPENSUBTITLES_LINK_MS) {
    const download = await requestOpenSubtitlesDownload(context.opensubtitles, option.fileId);
    if (!download.ok) return download;
    known = { link: download.value.link, fileName: download.value.fileName, at: Date.now() };
    opensubtitlesLinks.set(option.fileId, known);
  }
  // The file itself is a caption file like the stream's (fetched directly, parsed in the worker, cached 24 h).
  const format = captionFormatOf(known.fileName) ?? undefined;
  const result = await loader.load({ kind: 'file', url: known.link, format, needsProxy: false });
  // A link that stopped working is asked for again next time.
  if (!result.ok) opensubtitlesLinks.delete(option.fileId);
  return result;
}

/** The cues of a stream caption, HLS rendition or OpenSubtitles file (cached 24 h); errors are the menu's messages. */
export async function loadCaption(option: CaptionOption, context: CaptionContext): Promise<Result<CaptionCue[]>> {
  if (option.kind === 'opensubtitles') return loadOpenSubtitles(option, context);
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
