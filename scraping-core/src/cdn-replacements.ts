/** The runtime config's CDN rules, applied to every stream a scraper finds before it is validated. */
import type { Stream } from './types';

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
