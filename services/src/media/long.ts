/**
 * Long titles made of the short clips: HLS playlists generated on request that repeat a
 * clip's segments to a given number of minutes, the segments rewritten on the fly so that their
 * timestamps run on (repetition r plays r × clip length later: one continuous timeline, no
 * EXT-X-DISCONTINUITY, nothing new on disk), and captions generated to the same length.
 *
 * Routes (under the media service): `/long/{clip}/{minutes}/master.m3u8`, the renditions
 * `/long/{clip}/{minutes}/{rendition}/index.m3u8`, their segments `.../{rendition}/{repetition}/{file}`,
 * and the captions `/long/{clip}/{minutes}/subtitles/{lang}.{vtt|srt}`. Deterministic: the same URL
 * always answers the same bytes.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Longest title the library generates (the catalog's longest runtime is under three hours). */
export const MAX_LONG_MINUTES = 180;
/** Clips that can be made long: the ones with an HLS ladder and captions. */
export const LONG_CLIPS = ['meadow', 'harbor', 'lantern'] as const;
export type LongClip = (typeof LONG_CLIPS)[number];

/** 90 kHz: the MPEG-TS clock. */
const PTS_HZ = 90_000;
const PTS_WRAP = 2 ** 33;
const TS_PACKET = 188;
/** A trailing segment shorter than this (an AAC encoder's last frame after the video ended) is left out. */
const TAIL_SECONDS = 0.25;
/** One caption cue every 2 s, as in the clips' own subtitle files. */
const CUE_SECONDS = 2;

interface Segment {
  file: string;
  /** Seconds from the clip's start, as declared by its playlist. */
  start: number;
  duration: number;
}

interface Rendition {
  name: string;
  kind: 'media' | 'subtitles';
  segments: Segment[];
}

interface ClipLayout {
  clip: LongClip;
  /** The clip's length: the sum of its video renditions' EXTINF (all renditions share it). */
  duration: number;
  masterText: string;
  renditions: Map<string, Rendition>;
  /** Subtitle renditions: the MPEGTS value of their X-TIMESTAMP-MAP (the media's first PTS). */
  subtitleMpegts: number;
  /** Caption files' phrase per language ("Subtitle line" in en), read from the clip's own files. */
  phrases: Map<string, string>;
}

export type LongResult = { status: 200; type: string; body: string | Buffer } | { status: 400 | 404; message: string };

const bad = (message: string): LongResult => ({ status: 400, message });
const missing = (message: string): LongResult => ({ status: 404, message });

function parseMediaPlaylist(text: string): Segment[] {
  const segments: Segment[] = [];
  let duration = 0;
  let start = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      segments.push({ file: line, start, duration });
      start += duration;
    }
  }
  return segments;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Reads a clip's master and media playlists from the media root. Renditions whose segments run past
 * the clip's length (the audio's last AAC frame) are cut at it: every rendition of a repetition then
 * ends where the video does, so the repetitions line up across renditions.
 */
function readLayout(root: string, clip: LongClip): ClipLayout {
  const dir = path.join(root, 'clips', clip, 'hls');
  const masterText = fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
  const uris = [
    ...masterText.split('\n').filter((l) => l.trim() && !l.startsWith('#')),
    ...[...masterText.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!),
  ].map((u) => u.trim());
  const raw = uris.map((uri) => {
    const name = uri.split('/')[0]!;
    const kind: Rendition['kind'] = new RegExp(`TYPE=SUBTITLES[^\\n]*URI="${name}/`).test(masterText) ? 'subtitles' : 'media';
    return { name, kind, segments: parseMediaPlaylist(fs.readFileSync(path.join(dir, uri), 'utf8')) };
  });
  const video = raw.find((r) => masterText.includes(`\n${r.name}/index.m3u8`));
  if (!video) throw new Error(`${clip}: no video rendition in its master playlist`);
  const duration = round6(video.segments.reduce((sum, s) => sum + s.duration, 0));
  const renditions = new Map<string, Rendition>();
  for (const r of raw) {
    const segments = r.segments
      .filter((s) => s.start < duration - TAIL_SECONDS)
      .map((s) => ({ ...s, duration: round6(Math.min(s.start + s.duration, duration) - s.start) }));
    // The last kept segment ends at the clip's end (its declared length may fall a few ms short).
    const last = segments.at(-1);
    if (last) last.duration = round6(duration - last.start);
    renditions.set(r.name, { name: r.name, kind: r.kind, segments });
  }
  let subtitleMpegts = 0;
  const subs = [...renditions.values()].find((r) => r.kind === 'subtitles');
  if (subs) {
    const vtt = fs.readFileSync(path.join(dir, subs.name, subs.segments[0]!.file), 'utf8');
    subtitleMpegts = Number(/MPEGTS:(\d+)/.exec(vtt)?.[1] ?? 0);
  }
  const phrases = new Map<string, string>();
  const subtitleDir = path.join(root, 'subtitles', clip);
  for (const file of fs
    .readdirSync(subtitleDir)
    .filter((f) => f.endsWith('.vtt'))
    .sort()) {
    const lang = file.slice(0, -'.vtt'.length);
    const first = new RegExp(`\\n(.+) 1 \\(${lang}\\)\\n`).exec(fs.readFileSync(path.join(subtitleDir, file), 'utf8'));
    if (first) phrases.set(lang, first[1]!);
  }
  return { clip, duration, masterText, renditions, subtitleMpegts, phrases };
}

/** A 33-bit PTS/DTS field (5 bytes: 4 marker bits, 33 value bits) moved on by `ticks`. */
function shiftPesTimestamp(b: Buffer, at: number, ticks: number): void {
  const value = ((b[at]! >> 1) & 0x07) * 2 ** 30 + (b[at + 1]! << 22) + ((b[at + 2]! >> 1) << 15) + (b[at + 3]! << 7) + (b[at + 4]! >> 1);
  const v = (value + ticks) % PTS_WRAP;
  b[at] = (b[at]! & 0xf1) | ((Math.floor(v / 2 ** 30) & 0x07) << 1);
  b[at + 1] = Math.floor(v / 2 ** 22) & 0xff;
  b[at + 2] = ((Math.floor(v / 2 ** 15) & 0x7f) << 1) | 1;
  b[at + 3] = Math.floor(v / 2 ** 7) & 0xff;
  b[at + 4] = ((v & 0x7f) << 1) | 1;
}

/** The 33-bit base of a PCR (6 bytes: base, 6 reserved bits, 9-bit extension) moved on by `ticks`. */
function shiftPcr(b: Buffer, at: number, ticks: number): void {
  const base = b[at]! * 2 ** 25 + (b[at + 1]! << 17) + (b[at + 2]! << 9) + (b[at + 3]! << 1) + (b[at + 4]! >> 7);
  const v = (base + ticks) % PTS_WRAP;
  b[at] = Math.floor(v / 2 ** 25) & 0xff;
  b[at + 1] = Math.floor(v / 2 ** 17) & 0xff;
  b[at + 2] = Math.floor(v / 2 ** 9) & 0xff;
  b[at + 3] = Math.floor(v / 2) & 0xff;
  b[at + 4] = ((v & 1) << 7) | (b[at + 4]! & 0x7f);
}

/**
 * A copy of an MPEG-TS segment with every PCR, PTS and DTS moved on by `seconds`. The packets are
 * otherwise untouched (a player reads the timestamps; continuity counters restart per segment in the
 * clips already).
 */
export function shiftTransportStream(segment: Buffer, seconds: number): Buffer {
  if (segment.length === 0 || segment.length % TS_PACKET !== 0) throw new Error(`not an MPEG-TS segment: ${segment.length} bytes`);
  const out = Buffer.from(segment);
  const ticks = Math.round(seconds * PTS_HZ);
  if (ticks === 0) return out;
  for (let i = 0; i + TS_PACKET <= out.length; i += TS_PACKET) {
    if (out[i] !== 0x47) throw new Error(`not an MPEG-TS packet at byte ${i}`);
    const unitStart = (out[i + 1]! & 0x40) !== 0;
    const control = (out[i + 3]! >> 4) & 0x03;
    let p = i + 4;
    if (control & 0x02) {
      const length = out[p]!;
      if (length >= 7 && out[p + 1]! & 0x10) shiftPcr(out, p + 2, ticks);
      p += 1 + length;
    }
    if (!(control & 0x01) || !unitStart || p + 19 > i + TS_PACKET) continue;
    // A PES packet starts here; stream ids with the optional header carry its '10' marker bits.
    if (out[p] !== 0 || out[p + 1] !== 0 || out[p + 2] !== 1 || (out[p + 6]! & 0xc0) !== 0x80) continue;
    const flags = out[p + 7]! >> 6;
    if (flags & 0x02) shiftPesTimestamp(out, p + 9, ticks);
    if (flags === 0x03) shiftPesTimestamp(out, p + 14, ticks);
  }
  return out;
}

const clock = (seconds: number, separator: '.' | ',') => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${separator}${String(ms % 1000).padStart(3, '0')}`;
};

/** Cues every 2 s from `from` to `to` (seconds of the title), numbered from the title's start. */
function cues(from: number, to: number, phrase: string, lang: string, separator: '.' | ','): string {
  let text = '';
  for (let start = from; start < to; start += CUE_SECONDS) {
    const n = Math.round(start / CUE_SECONDS) + 1;
    text += `${n}\n${clock(start, separator)} --> ${clock(Math.min(start + CUE_SECONDS, to), separator)}\n${phrase} ${n} (${lang})\n\n`;
  }
  return text;
}

const CONTENT = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
} as const;

/** The long titles of one media root: layouts and segment bytes are read once and kept. */
export function createLongMedia(root: string) {
  const layouts = new Map<LongClip, ClipLayout>();
  const files = new Map<string, Buffer>();

  const layoutOf = (clip: string): ClipLayout | undefined => {
    if (!(LONG_CLIPS as readonly string[]).includes(clip)) return undefined;
    const name = clip as LongClip;
    let layout = layouts.get(name);
    if (!layout) {
      layout = readLayout(root, name);
      layouts.set(name, layout);
    }
    return layout;
  };

  /** Whole minutes 1..MAX_LONG_MINUTES, written without sign, leading zeros or fraction. */
  const parseMinutes = (text: string): number | undefined => {
    if (!/^[1-9][0-9]{0,3}$/.test(text)) return undefined;
    const minutes = Number(text);
    return minutes <= MAX_LONG_MINUTES ? minutes : undefined;
  };

  /** The segments of a rendition over the whole title: each repetition's, cut at the title's end. */
  const timeline = (layout: ClipLayout, rendition: Rendition, total: number) => {
    const out: Array<{ repetition: number; segment: Segment; start: number; duration: number }> = [];
    for (let repetition = 0; repetition * layout.duration < total; repetition += 1) {
      for (const segment of rendition.segments) {
        const start = round6(repetition * layout.duration + segment.start);
        if (start >= total - 1e-6) break;
        out.push({ repetition, segment, start, duration: round6(Math.min(start + segment.duration, total) - start) });
      }
    }
    return out;
  };

  function mediaPlaylist(layout: ClipLayout, rendition: Rendition, total: number): string {
    const entries = timeline(layout, rendition, total);
    // RFC 8216 §4.3.3.1: each EXTINF rounded to the nearest integer is at most the target duration.
    const target = Math.max(1, ...entries.map((e) => Math.round(e.duration)));
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
    for (const e of entries) lines.push(`#EXTINF:${e.duration.toFixed(6)},`, `${e.repetition}/${e.segment.file}`);
    lines.push('#EXT-X-ENDLIST', '');
    return lines.join('\n');
  }

  function subtitleSegment(layout: ClipLayout, lang: string, from: number, to: number): string {
    const phrase = layout.phrases.get(lang) ?? 'Subtitle line';
    // Cue times are the title's own; the map ties local 0 to the media's first PTS, as in the clip.
    return `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${layout.subtitleMpegts},LOCAL:00:00:00.000\n\n${cues(from, to, phrase, lang, '.')}`;
  }

  /**
   * Answers one `/long/...` request; `parts` are the path's segments after `/long/`
   * (`['meadow', '14', 'v720', 'index.m3u8']`). 400 for a malformed or out-of-range length, 404 for
   * anything unknown.
   */
  function answer(parts: string[]): LongResult {
    const [clip = '', minutesText = '', ...rest] = parts;
    const layout = layoutOf(clip);
    if (!layout) return missing(`no clip ${clip} to make long`);
    if (rest.length === 0) return missing('no file named');
    const minutes = parseMinutes(minutesText);
    if (minutes === undefined) return bad(`minutes must be a whole number from 1 to ${MAX_LONG_MINUTES}`);
    const total = minutes * 60;

    if (rest.length === 1 && rest[0] === 'master.m3u8') return { status: 200, type: CONTENT.m3u8, body: layout.masterText };

    if (rest.length === 2 && rest[0] === 'subtitles') {
      const [, lang = '', format] = /^([a-z]{2,3})\.(vtt|srt)$/.exec(rest[1]!) ?? [];
      const phrase = layout.phrases.get(lang);
      if (!phrase || (format !== 'vtt' && format !== 'srt')) return missing('no such caption file');
      const body = format === 'vtt' ? `WEBVTT\n\n${cues(0, total, phrase, lang, '.')}` : cues(0, total, phrase, lang, ',');
      return { status: 200, type: CONTENT[format], body };
    }

    const rendition = layout.renditions.get(rest[0] ?? '');
    if (!rendition) return missing('no such rendition');
    if (rest.length === 2 && rest[1] === 'index.m3u8')
      return { status: 200, type: CONTENT.m3u8, body: mediaPlaylist(layout, rendition, total) };
    if (rest.length !== 3 || !/^(0|[1-9][0-9]*)$/.test(rest[1]!)) return missing('no such segment');
    const repetition = Number(rest[1]);
    const entry = timeline(layout, rendition, total).find((e) => e.repetition === repetition && e.segment.file === rest[2]);
    if (!entry) return missing('no such segment');
    if (rendition.kind === 'subtitles') {
      const lang = /^s-([a-z]{2,3})$/.exec(rendition.name)?.[1] ?? 'en';
      return { status: 200, type: CONTENT.vtt, body: subtitleSegment(layout, lang, entry.start, entry.start + entry.duration) };
    }
    const file = path.join(root, 'clips', layout.clip, 'hls', rendition.name, entry.segment.file);
    let bytes = files.get(file);
    if (!bytes) {
      bytes = fs.readFileSync(file);
      files.set(file, bytes);
    }
    return { status: 200, type: CONTENT.ts, body: shiftTransportStream(bytes, repetition * layout.duration) };
  }

  return { answer };
}

export type LongMedia = ReturnType<typeof createLongMedia>;

/** Path of a long title's master playlist on the media service. */
export const longPlaylistPath = (clip: LongClip, minutes: number) => `/long/${clip}/${minutes}/master.m3u8`;
/** Path of a long title's generated caption file. */
export const longCaptionPath = (clip: LongClip, minutes: number, lang: string, type: 'vtt' | 'srt') =>
  `/long/${clip}/${minutes}/subtitles/${lang}.${type}`;
