/**
 * A stream URL given from outside the scraping run (the embed API's `loadMedia`, `/dev/video`): it goes
 * through the Direct URL embed providers of the scraping engine, in the worker, like any found stream —
 * so a URL that does not play is refused the same way, with the same error data.
 */
import type { Result } from '../../core/result';
import { scrapeError, type ScrapeError } from 'scraping-core/errors';
import type { EmbedOutput, ScrapeOptions, Stream } from 'scraping-core/types';

type ScrapeEmbed = (embedId: string, url: string, options: ScrapeOptions) => Promise<Result<EmbedOutput, ScrapeError>>;

/** The Direct URL provider for a stream type: stated (hls, mp4) or guessed from the URL's path. */
export function directEmbedId(type: string | undefined): 'direct-url' | 'direct-hls' | 'direct-mp4' {
  if (type === 'hls') return 'direct-hls';
  if (type === 'mp4') return 'direct-mp4';
  return 'direct-url';
}

/**
 * Runs the Direct URL provider on `url` (operator rules apply: disallowed ids, CDN replacements).
 * `validate: false` plays what is given as it is (/dev/video tests broken streams on the playback-error
 * screen). Always scraped here, never on a remote scraping server: this page plays the stream, so this
 * page must be able to reach it.
 */
export async function resolveDirectStream(
  scrapeEmbed: ScrapeEmbed,
  url: string,
  type: string | undefined,
  options: ScrapeOptions,
  { validate }: { validate: boolean },
): Promise<Result<Stream, ScrapeError>> {
  if (type !== undefined && type !== 'hls' && type !== 'mp4')
    return { ok: false, error: scrapeError('scrape/invalid-type', `type "${type}"`) };
  // The URL is vouched for by who gave it (a cors-allowed stream): the extension has nothing to add, and
  // asking it costs up to 500 ms when it is not installed.
  const result = await scrapeEmbed(directEmbedId(type), url, {
    ...options,
    local: true,
    useExtension: false,
    ...(validate ? {} : { skipValidation: true }),
  });
  if (!result.ok) return result;
  const stream = result.value.stream[0];
  return stream ? { ok: true, value: stream } : { ok: false, error: scrapeError('scrape/no-stream') };
}

/** The `error` event's text for a refused `loadMedia` (what failed and why, for the partner's logs). */
export function loadMediaErrorMessage(url: string, error: ScrapeError): string {
  return `loadMedia: ${url} cannot be played (${error.message}${error.detail && error.detail !== error.message ? `: ${error.detail}` : ''})`;
}
