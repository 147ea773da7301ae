/**
 * Getting a caption's cues (docs/behaviour.md#captions-loading): a caption file is fetched directly, or through the extension
 * or a proxy when it `needsProxy`; an HLS subtitle rendition segment by segment (5 s per request,
 * X-TIMESTAMP-MAP honoured). Parsed by `deps.parse` (the worker), cached 24 h. Every failure is data:
 * 'failed to get caption data', 'failed to get caption data from extension', or the parser's
 * 'Given text is empty' / 'Invalid subtitle format'.
 */
import type { CaptionsFileFormat } from 'media-captions';
import { fail, ok, type Result } from '../result';
import type { FetchRequest, FetchResponse, Fetcher } from 'scraping-core/types';
import { applyTimestampMap, parseSubtitlePlaylist, PTS_HZ, readTimestampMap, runStartPts, type RenditionSegment } from './hls-captions';
import type { CaptionCue } from './parse-captions';

/** How long a parsed caption stays cached. */
export const CAPTION_CACHE_MS = 24 * 60 * 60 * 1000;
/** Subtitle track load timeout, per request of an HLS rendition. */
export const SUBTITLE_TRACK_TIMEOUT_MS = 5000;
/** Segments of a rendition fetched at once. */
const SEGMENT_CONCURRENCY = 4;

export const CAPTION_FETCH_FAILED = 'failed to get caption data';
export const CAPTION_EXTENSION_FAILED = 'failed to get caption data from extension';

export type CaptionRequest =
  /** A caption file of the stream (or OpenSubtitles). */
  | { kind: 'file'; url: string; format?: CaptionsFileFormat; needsProxy: boolean }
  /** An HLS subtitle rendition: its media playlist. */
  | { kind: 'hls'; url: string };

export interface CaptionLoaderDeps {
  /** Plain fetch. */
  direct: Fetcher;
  /** A fetcher through the proxy workers of this proxy list, or null when it has none. */
  proxy?: (proxyUrls: readonly string[]) => Fetcher | null;
  /** The extension when it is installed, allowed and of a usable version; else null. */
  extension?: () => Promise<Fetcher | null>;
  /** Subtitle bytes or text to cues (the worker's parseCaptions). */
  parse(input: string | Uint8Array, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>>;
  /** Milliseconds since the epoch (the cache's clock). */
  now?: () => number;
  /** SUBTITLE_TRACK_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

export interface CaptionLoadOptions {
  /** The user's proxy list, for captions that need a proxy. */
  proxyUrls?: readonly string[];
  /** HLS: the stream's first PTS in seconds (hls.js INIT_PTS_FOUND), to place X-TIMESTAMP-MAP cues. */
  streamStartPts?: number | null;
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** A request that gives up after `ms` (the abort reaches fetch; the race covers fetchers that ignore it). */
async function fetchWithin(fetcher: Fetcher, request: FetchRequest, ms: number): Promise<FetchResponse> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(`${request.url}: no answer in ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([fetcher({ ...request, signal: controller.signal }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const isOk = (response: FetchResponse) => response.status >= 200 && response.status < 300;

/** The same cue repeated in two segments (it spans their boundary) is shown once. */
function dedupe(cues: CaptionCue[]): CaptionCue[] {
  const seen = new Set<string>();
  return cues.filter((cue) => {
    const key = `${Math.round(cue.start * 1000)}:${Math.round(cue.end * 1000)}:${cue.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function mapLimit<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createCaptionLoader(deps: CaptionLoaderDeps) {
  const cache = new Map<string, { at: number; cues: CaptionCue[] }>();
  const now = deps.now ?? (() => Date.now());
  const timeoutMs = deps.timeoutMs ?? SUBTITLE_TRACK_TIMEOUT_MS;

  async function loadFile(request: Extract<CaptionRequest, { kind: 'file' }>, options: CaptionLoadOptions): Promise<Result<CaptionCue[]>> {
    if (request.needsProxy) {
      const extension = await deps.extension?.().catch(() => null);
      if (extension) {
        // The extension fetches it (free of CORS, with the stream's headers).
        try {
          const response = await extension({ url: request.url, method: 'GET' });
          if (!isOk(response)) return fail('captions/extension', CAPTION_EXTENSION_FAILED);
          return await deps.parse(response.body, request.format);
        } catch {
          // The extension answered with an error, or not at all.
          return fail('captions/extension', CAPTION_EXTENSION_FAILED);
        }
      }
    }
    const fetcher = (request.needsProxy ? deps.proxy?.(options.proxyUrls ?? []) : null) ?? deps.direct;
    let response: FetchResponse;
    try {
      response = await fetcher({ url: request.url, method: 'GET', responseType: 'bytes' });
    } catch {
      // Network failure, CORS refusal, proxy down: the fixed message, shown in the menu.
      return fail('captions/fetch', CAPTION_FETCH_FAILED);
    }
    if (!isOk(response)) return fail('captions/fetch', CAPTION_FETCH_FAILED);
    return deps.parse(response.bytes ?? response.body, request.format);
  }

  async function loadRendition(url: string, options: CaptionLoadOptions): Promise<Result<CaptionCue[]>> {
    let segments: RenditionSegment[];
    let texts: string[];
    try {
      const playlist = await fetchWithin(deps.direct, { url, method: 'GET' }, timeoutMs);
      if (!isOk(playlist)) return fail('captions/fetch', CAPTION_FETCH_FAILED);
      segments = parseSubtitlePlaylist(playlist.body, playlist.finalUrl || url);
      texts = await mapLimit(segments, SEGMENT_CONCURRENCY, async (segment) => {
        const response = await fetchWithin(deps.direct, { url: segment.url, method: 'GET' }, timeoutMs);
        if (!isOk(response)) throw new Error(`${segment.url}: HTTP ${response.status}`);
        return response.body;
      });
    } catch {
      // A request failed or took longer than the 5 s timeout.
      return fail('captions/fetch', CAPTION_FETCH_FAILED);
    }
    // Without the stream's first PTS, assume the rendition starts with the media (its first map's MPEGTS).
    const maps = texts.map(readTimestampMap);
    const firstMap = maps.find((m) => m !== null) ?? null;
    const streamStartPts = options.streamStartPts != null ? Math.round(options.streamStartPts * PTS_HZ) : (firstMap?.mpegts ?? 0);
    const runStarts = runStartPts(
      segments.map((segment, i) => ({ ...segment, map: maps[i] ?? null })),
      streamStartPts,
    );
    const cues: CaptionCue[] = [];
    for (let i = 0; i < texts.length; i++) {
      const parsed = await deps.parse(texts[i]!, 'vtt');
      // A segment without cues (common between lines of dialogue) is no error.
      if (!parsed.ok) continue;
      const segment = segments[i]!;
      const start = runStarts.get(segment.discontinuity) ?? streamStartPts;
      cues.push(...applyTimestampMap(parsed.value, maps[i] ?? null, { streamStartPts: start, segmentStart: segment.start }));
    }
    if (cues.length === 0) return fail('captions/invalid', 'Invalid subtitle format');
    return ok(dedupe(cues));
  }

  return {
    async load(request: CaptionRequest, options: CaptionLoadOptions = {}): Promise<Result<CaptionCue[]>> {
      const key = request.kind === 'hls' ? `hls:${request.url}@${options.streamStartPts ?? 'auto'}` : `file:${request.url}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < CAPTION_CACHE_MS) return ok(hit.cues);
      if (hit) cache.delete(key);
      let result: Result<CaptionCue[]>;
      try {
        result = request.kind === 'hls' ? await loadRendition(request.url, options) : await loadFile(request, options);
      } catch {
        // The parser (worker) itself failed: still the menu's message, never a crash.
        result = fail('captions/fetch', CAPTION_FETCH_FAILED);
      }
      // Only successes are kept: a failed caption is fetched again when chosen again.
      if (result.ok) cache.set(key, { at: now(), cues: result.value });
      return result;
    },
    /** Forgets every cached caption. */
    clear(): void {
      cache.clear();
    },
  };
}

export type CaptionLoader = ReturnType<typeof createCaptionLoader>;
