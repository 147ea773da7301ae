/**
 * A stream URL given by the user (/dev/video) or by an embedding page (the embed API's load media):
 * no lookup, the URL is the stream. `direct-url` guesses the type from the path; `direct-hls` and
 * `direct-mp4` say it.
 */
import { ok, type Result } from '../result';
import { ScrapeFailure, scrapeError, type ScrapeError } from '../errors';
import type { EmbedProvider, Stream } from '../types';

/** A custom stream type must be hls or mp4, else Invalid type (docs/behaviour.md#settings-developer-page). */
export function directStream(url: string, type: string): Result<Stream, ScrapeError> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, error: scrapeError('scrape/not-found', 'not a URL') };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, error: scrapeError('scrape/not-found', 'not an http(s) URL') };
  // A user-given URL: the user vouches the page may load it (it plays directly or fails visibly).
  const base = { id: 'direct', flags: ['cors-allowed' as const], captions: [] };
  if (type === 'hls') return ok({ ...base, type: 'hls', playlist: parsed.toString() });
  if (type === 'mp4') return ok({ ...base, type: 'file', qualities: { unknown: { type: 'mp4', url: parsed.toString() } } });
  return { ok: false, error: scrapeError('scrape/invalid-type', `type "${type}"`) };
}

export const guessDirectType = (url: string): 'hls' | 'mp4' => (/\.m3u8?(\?|#|$)/i.test(new URL(url, 'http://x').pathname) ? 'hls' : 'mp4');

function directEmbed(id: string, name: string, rank: number, type: 'hls' | 'mp4' | 'guess'): EmbedProvider {
  return {
    kind: 'embed',
    id,
    name,
    rank,
    scrape(context) {
      const result = directStream(context.url, type === 'guess' ? guessDirectType(context.url) : type);
      if (!result.ok) return Promise.reject(new ScrapeFailure(result.error.code, result.error.detail));
      return Promise.resolve({ stream: [result.value] });
    },
  };
}

export const directEmbeds: EmbedProvider[] = [
  directEmbed('direct-url', 'Direct URL', 3, 'guess'),
  directEmbed('direct-hls', 'Direct URL (HLS)', 2, 'hls'),
  directEmbed('direct-mp4', 'Direct URL (MP4)', 1, 'mp4'),
];
