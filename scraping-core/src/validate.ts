/**
 * A stream is returned only when it can play: the playlist is reachable and is a playlist, and at least
 * one quality has a first segment (HLS) or file (MP4) that answers and looks like media. These are
 * cheap structural checks (a few hundred bytes per request), not decoding.
 */
import { ok, type Result } from './result';
import { scrapeError, type ScrapeError } from './errors';
import { QUALITY_KEYS, type FetchResponse, type Fetcher, type Stream } from './types';

interface ValidateOptions {
  fetcher: Fetcher;
  signal?: AbortSignal;
}

const okStatus = (r: FetchResponse) => r.status >= 200 && r.status < 300;

/** URIs of a playlist's lines (variants or segments), resolved against the playlist URL. */
function playlistUris(text: string, base: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => new URL(line, base).toString());
}

/** MPEG-TS packets start with 0x47 every 188 bytes; fMP4 and MP4 have a box type at offset 4. */
function looksLikeMedia(bytes: Uint8Array | undefined, url: string): boolean {
  if (!bytes || bytes.length === 0) return true; // the fetcher could not give bytes (extension): status must do
  if (bytes[0] === 0x47) return bytes.length <= 188 || bytes[188] === 0x47;
  const box = String.fromCharCode(...bytes.slice(4, 8));
  if (['ftyp', 'styp', 'moof', 'moov', 'sidx', 'free', 'mdat'].includes(box)) return true;
  // ID3-tagged audio segments (packed audio) and AAC ADTS
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) return true;
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf0) === 0xf0) return /\.(aac|adts)(\?|$)/.test(url);
  return false;
}

async function probe(
  url: string,
  options: ValidateOptions,
  headers: Record<string, string> | undefined,
  bytes: number,
): Promise<FetchResponse> {
  return options.fetcher({
    url,
    headers: { ...headers, Range: `bytes=0-${bytes - 1}` },
    responseType: 'bytes',
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

async function validateHls(stream: Extract<Stream, { type: 'hls' }>, options: ValidateOptions): Promise<string | null> {
  const headers = { ...stream.preferredHeaders, ...stream.headers };
  const master = await options.fetcher({ url: stream.playlist, headers, ...(options.signal ? { signal: options.signal } : {}) });
  if (!okStatus(master)) return `playlist: HTTP ${master.status}`;
  if (!master.body.trimStart().startsWith('#EXTM3U')) return 'playlist: not an HLS playlist';
  let media = master;
  let mediaUrl = master.finalUrl || stream.playlist;
  if (master.body.includes('#EXT-X-STREAM-INF')) {
    const variants = playlistUris(master.body, mediaUrl);
    if (variants.length === 0) return 'playlist: no variant';
    // The first variant that answers is enough: one usable quality.
    let found = false;
    for (const variant of variants) {
      const answer = await options.fetcher({ url: variant, headers, ...(options.signal ? { signal: options.signal } : {}) });
      if (okStatus(answer) && answer.body.trimStart().startsWith('#EXTM3U')) {
        media = answer;
        mediaUrl = answer.finalUrl || variant;
        found = true;
        break;
      }
    }
    if (!found) return 'playlist: no variant answers';
  }
  const mapMatch = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(media.body);
  const segments = playlistUris(media.body, mediaUrl);
  const first = mapMatch?.[1] ? new URL(mapMatch[1], mediaUrl).toString() : segments[0];
  if (!first) return 'playlist: no segment';
  const segment = await probe(first, options, headers, 376);
  if (!okStatus(segment)) return `segment: HTTP ${segment.status}`;
  if (!looksLikeMedia(segment.bytes, first)) return 'segment: not media';
  return null;
}

/** Keeps the qualities whose file answers and looks like MP4; null when none does. */
async function validateFile(stream: Extract<Stream, { type: 'file' }>, options: ValidateOptions): Promise<Stream | string> {
  const headers = { ...stream.preferredHeaders, ...stream.headers };
  const entries = QUALITY_KEYS.flatMap((key) => {
    const quality = stream.qualities[key];
    return quality && quality.type === 'mp4' && quality.url ? [[key, quality] as const] : [];
  });
  if (entries.length === 0) return 'file: no usable quality';
  const checks = await Promise.all(
    entries.map(async ([key, quality]) => {
      try {
        const answer = await probe(quality.url, options, headers, 16);
        return okStatus(answer) && looksLikeMedia(answer.bytes, quality.url) ? ([key, quality] as const) : null;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        return null; // unreachable quality: dropped
      }
    }),
  );
  const usable = checks.filter((c) => c !== null);
  if (usable.length === 0) return 'file: no quality answers with media';
  return { ...stream, qualities: Object.fromEntries(usable) };
}

/** The stream (file streams keep only their usable qualities), or scrape/invalid-stream with the reason. */
export async function validateStream(stream: Stream, options: ValidateOptions): Promise<Result<Stream, ScrapeError>> {
  try {
    if (stream.type === 'hls') {
      const problem = await validateHls(stream, options);
      return problem ? { ok: false, error: scrapeError('scrape/invalid-stream', problem) } : ok(stream);
    }
    const checked = await validateFile(stream, options);
    return typeof checked === 'string' ? { ok: false, error: scrapeError('scrape/invalid-stream', checked) } : ok(checked);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, error: scrapeError('scrape/invalid-stream', error instanceof Error ? error.message : String(error)) };
  }
}
