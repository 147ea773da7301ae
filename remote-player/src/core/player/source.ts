/**
 * A scraped stream as the engine plays it (docs/behaviour.md#scraping-streams): HLS playlist, or MP4 files by
 * quality. Unknown quality keys and non-mp4 files are skipped with a warning. (The config's CDN
 * replacements were applied by the scraping engine, which every stream comes from.)
 */
import type { QualityKey } from 'shared-contracts';
import type { Caption, Stream } from 'scraping-core/types';
import { QUALITY_ORDER, isQualityKey } from './quality';

export type SourceSlice =
  | { type: 'hls'; url: string; captions: Caption[]; headers?: Record<string, string> }
  | { type: 'file'; qualities: Partial<Record<QualityKey, string>>; captions: Caption[]; headers?: Record<string, string> };

/** The playable form of a stream; warn receives one line per skipped entry. */
export function toSource(stream: Stream, warn: (message: string) => void = console.warn): SourceSlice {
  if (stream.type === 'hls') {
    const slice: SourceSlice = { type: 'hls', url: stream.playlist, captions: stream.captions ?? [] };
    if (stream.headers) slice.headers = stream.headers;
    return slice;
  }
  const qualities: Partial<Record<QualityKey, string>> = {};
  for (const [key, file] of Object.entries(stream.qualities as Record<string, { type: string; url: string } | undefined>)) {
    if (!file) continue;
    if (!isQualityKey(key)) {
      warn(`[player] skipped unknown quality key ${key}`);
      continue;
    }
    if (file.type !== 'mp4') {
      warn(`[player] skipped quality ${key}: file type ${file.type} is not mp4`);
      continue;
    }
    qualities[key] = file.url;
  }
  const slice: SourceSlice = { type: 'file', qualities, captions: stream.captions ?? [] };
  if (stream.headers) slice.headers = stream.headers;
  return slice;
}

export const fileQualities = (slice: SourceSlice): QualityKey[] =>
  slice.type === 'file' ? QUALITY_ORDER.filter((q) => slice.qualities[q] !== undefined) : [];
