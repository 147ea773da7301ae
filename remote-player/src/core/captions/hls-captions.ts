/**
 * HLS subtitle renditions (segmented WebVTT, RFC 8216 §3.5): the rendition playlist's segments, and the
 * `X-TIMESTAMP-MAP` header that ties a segment's cue times to the stream's MPEG-TS clock. Pure functions;
 * the fetching is in load-caption.ts.
 */
import type { CaptionCue } from './parse-captions';

/** 90 kHz: the MPEG-TS presentation clock. */
export const PTS_HZ = 90_000;
/** PTS values are 33-bit and wrap around (about every 26.5 h). */
const PTS_WRAP = 2 ** 33;

/** `X-TIMESTAMP-MAP=LOCAL:<cue time>,MPEGTS:<90 kHz ticks>`: this cue time is this media timestamp. */
export interface TimestampMap {
  /** Seconds, in the segment's cue timeline. */
  local: number;
  /** 90 kHz ticks. */
  mpegts: number;
}

/** A WebVTT timestamp (`hh:mm:ss.ttt`, any number of hour digits, or `mm:ss.ttt`) in seconds; null if malformed. */
export function parseVttTimestamp(text: string): number | null {
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text.trim());
  if (!match) return null;
  const [, h = '0', m, s, ms] = match;
  if (Number(m) > 59 || Number(s) > 59) return null;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/** The segment's X-TIMESTAMP-MAP (in the header, before the first blank line), or null when it has none. */
export function readTimestampMap(text: string): TimestampMap | null {
  const header = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const line of header) {
    if (line.trim() === '') break;
    const match = /^X-TIMESTAMP-MAP=(.*)$/.exec(line.trim());
    if (!match) continue;
    let local: number | null = null;
    let mpegts: number | null = null;
    for (const part of match[1]!.split(',')) {
      const [key, ...rest] = part.split(':');
      const value = rest.join(':').trim();
      if (key?.trim() === 'LOCAL') local = parseVttTimestamp(value);
      else if (key?.trim() === 'MPEGTS' && /^\d+$/.test(value)) mpegts = Number(value);
    }
    return local !== null && mpegts !== null ? { local, mpegts } : null;
  }
  return null;
}

/** A segment of a subtitle rendition: its URL and where it starts in the playlist (seconds). */
export interface RenditionSegment {
  url: string;
  start: number;
  duration: number;
  /** How many EXT-X-DISCONTINUITY tags come before it: segments after one run on a new MPEG-TS clock. */
  discontinuity: number;
}

/** The segments of a rendition's media playlist, URLs resolved against the playlist's. */
export function parseSubtitlePlaylist(text: string, playlistUrl: string): RenditionSegment[] {
  const segments: RenditionSegment[] = [];
  let start = 0;
  let duration = 0;
  let discontinuity = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    if (line === '#EXT-X-DISCONTINUITY') discontinuity++;
    if (line.startsWith('#')) continue;
    segments.push({ url: new URL(line, playlistUrl).toString(), start, duration, discontinuity });
    start += duration;
    duration = 0;
  }
  return segments;
}

/** Brings a 33-bit PTS value next to `reference` (both 90 kHz ticks), undoing wrap-arounds (as hls.js does). */
export function normalizePts(value: number, reference: number): number {
  const step = reference < value ? -PTS_WRAP : PTS_WRAP;
  let out = value;
  while (Math.abs(out - reference) > PTS_WRAP / 2) out += step;
  return out;
}

/**
 * The MPEG-TS tick that is time 0 of the player's timeline, for each run of segments between
 * discontinuities (RFC 8216 §6.3.3: after EXT-X-DISCONTINUITY the timestamps may start again). Before the
 * first discontinuity it is the stream's first PTS. After one, the player (hls.js) places the run's first
 * segment at its position in the playlist, so its timestamp map's moment plays at that segment's start.
 */
export function runStartPts(
  segments: readonly { start: number; discontinuity: number; map: TimestampMap | null }[],
  streamStartPts: number,
): Map<number, number> {
  const starts = new Map<number, number>();
  for (const segment of segments) {
    if (starts.has(segment.discontinuity)) continue;
    if (segment.discontinuity === 0) starts.set(0, streamStartPts);
    else if (segment.map) starts.set(segment.discontinuity, segment.map.mpegts - segment.start * PTS_HZ);
  }
  return starts;
}

/**
 * Cue times of one segment on the player's timeline. With a map, a cue at `t` plays at
 * `(map.mpegts + (t - map.local) * 90 kHz - streamStartPts) / 90 kHz`, unwrapped next to where the
 * segment sits in the playlist (`segmentStart`). `streamStartPts` is the media's first PTS (hls.js
 * INIT_PTS_FOUND), in ticks. Without a map the cue times are already media times.
 */
export function applyTimestampMap(
  cues: readonly CaptionCue[],
  map: TimestampMap | null,
  placement: { streamStartPts: number; segmentStart: number },
): CaptionCue[] {
  if (!map) return cues.map((cue) => ({ ...cue }));
  const reference = placement.segmentStart * PTS_HZ;
  return cues.map((cue) => {
    const ticks = map.mpegts - placement.streamStartPts + (cue.start - map.local) * PTS_HZ;
    const start = Math.max(normalizePts(ticks, reference) / PTS_HZ, 0);
    return { ...cue, start, end: start + (cue.end - cue.start) };
  });
}
