import { parseText, type CaptionsFileFormat } from 'media-captions';
import { fail, ok, type Result } from '../result';
import { checkCaptionSize, checkCueCount, limitCueText } from './limits';

/** One caption cue, in seconds. */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

export const CAPTION_EXTENSIONS: Record<string, CaptionsFileFormat> = { srt: 'srt', vtt: 'vtt', ass: 'ass', ssa: 'ssa' };

/** The format of a file name, or null when its extension is not a supported subtitle format. */
export function captionFormatOf(fileName: string): CaptionsFileFormat | null {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return CAPTION_EXTENSIONS[extension] ?? null;
}

/** Guesses the format from the text itself (a VTT header, an [Script Info] section), else SRT. */
export function sniffCaptionFormat(text: string): CaptionsFileFormat {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 400);
  if (head.startsWith('WEBVTT')) return 'vtt';
  if (/^\[Script Info\]/i.test(head)) return /ScriptType:\s*v4\.00\+/i.test(head) ? 'ass' : 'ssa';
  return 'srt';
}

/**
 * Subtitle bytes to text by their byte-order mark: UTF-16LE, UTF-16BE or UTF-8 (the default). Both
 * `Response.text()` and `File.text()` decode as UTF-8 whatever the BOM says, which turns a UTF-16 file
 * into mojibake: caption files are read as bytes and decoded here.
 */
export function decodeCaptionBytes(input: ArrayBuffer | Uint8Array): string {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

// media-captions reads timestamps as (h)h:mm:ss.fff: at most two digits of hours, exactly two of minutes
// and seconds. The conversions below bring what real files contain into that shape before it parses.
const TIMING_LINE = /-->/;
const MAX_LIBRARY_HOURS = 99;

/** The hours of each timestamp of a timing line (0 for `mm:ss.fff`); NaN where it is not a timestamp. */
function timingHours(line: string): number[] {
  return line.split('-->').map((side) => {
    const parts = (side.trim().split(/\s+/)[0] ?? '').split(':');
    return parts.length === 3 ? Number(parts[0]) : parts.length === 2 ? 0 : Number.NaN;
  });
}

/**
 * SRT and VTT timing lines whose hours exceed two digits (HLS segments of a long-running clock, e.g.
 * `266:18:35.679`): every timestamp is moved back by the file's smallest hour so that the library can
 * read it; `offsetSeconds` is added back to the cues afterwards.
 */
function rebaseLongHours(text: string): { text: string; offsetSeconds: number } {
  const lines = text.split('\n');
  let minHours = Infinity;
  let maxHours = -Infinity;
  for (const line of lines) {
    if (!TIMING_LINE.test(line)) continue;
    for (const hours of timingHours(line)) {
      if (Number.isNaN(hours)) continue;
      minHours = Math.min(minHours, hours);
      maxHours = Math.max(maxHours, hours);
    }
  }
  // Nothing beyond the library's range, or a file spanning more than it can hold even rebased.
  if (maxHours <= MAX_LIBRARY_HOURS || maxHours - minHours > MAX_LIBRARY_HOURS) return { text, offsetSeconds: 0 };
  const rebase = (stamp: string) => stamp.replace(/^(\d+)(?=:\d+:)/, (h) => String(Number(h) - minHours).padStart(2, '0'));
  const rebased = lines.map((line) => {
    if (!TIMING_LINE.test(line)) return line;
    const [before, after = ''] = line.split('-->');
    return `${before!.replace(/\S+/, rebase)}-->${after.replace(/\S+/, rebase)}`;
  });
  return { text: rebased.join('\n'), offsetSeconds: minHours * 3600 };
}

/** SRT seconds or minutes written with three digits and a leading zero (`00:00:013,567`), as some tools write them. */
function fixPaddedSrtFields(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      TIMING_LINE.test(line)
        ? line.replace(/(^|[\s:])0(\d{2})(?=[,.:]|\s|$)/g, (m, lead: string, digits: string) =>
            Number(digits) < 60 ? `${lead}${digits}` : m,
          )
        : line,
    )
    .join('\n');
}

const ASS_TIME = /^(\d+):(\d{1,2}):(\d{1,2})[:.](\d{1,3})$/;

/**
 * ASS/SSA events: Start and End with a colon before the centiseconds (`0:00:04:56`) become `0:00:04.56`;
 * lines of the [Events] section that are not `Format:` or `Dialogue:` (`Comment:` events, stray text)
 * are dropped, because media-captions appends any other line to the previous cue's text.
 */
function normaliseAssEvents(text: string): string {
  let inEvents = false;
  let startIndex = 1;
  let endIndex = 2;
  let fieldCount = 10;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (/^\[.*\]$/.test(trimmed)) {
      inEvents = /^\[events\]$/i.test(trimmed);
      out.push(line);
      continue;
    }
    if (!inEvents || trimmed === '') {
      out.push(line);
      continue;
    }
    if (/^Format:/i.test(trimmed)) {
      const fields = trimmed
        .replace(/^Format:\s*/i, '')
        .split(',')
        .map((f) => f.trim().toLowerCase());
      startIndex = fields.indexOf('start');
      endIndex = fields.indexOf('end');
      fieldCount = fields.length;
      out.push(line);
      continue;
    }
    if (!/^Dialogue:/i.test(trimmed)) continue;
    const body = trimmed.replace(/^Dialogue:\s*/i, '');
    // Text is the last field and may hold commas: split the fields before it only.
    const fields: string[] = [];
    let rest = body;
    for (let i = 0; i < fieldCount - 1; i++) {
      const comma = rest.indexOf(',');
      if (comma < 0) break;
      fields.push(rest.slice(0, comma));
      rest = rest.slice(comma + 1);
    }
    fields.push(rest);
    for (const index of [startIndex, endIndex]) {
      const value = fields[index]?.trim();
      const match = value ? ASS_TIME.exec(value) : null;
      if (match) fields[index] = `${match[1]}:${match[2]!.padStart(2, '0')}:${match[3]!.padStart(2, '0')}.${match[4]}`;
    }
    out.push(`Dialogue: ${fields.join(',')}`);
  }
  return out.join('\n');
}

/** ASS text codes the library leaves: `\n` (a line break in the files we meet) and `\h` (a hard space). */
const assText = (text: string) => text.replace(/\\n/g, '\n').replace(/\\h/g, '\u00a0');

/**
 * Parses subtitle text (or bytes, decoded by their BOM) into cues, with media-captions doing the parsing
 * and the conversions above fixing what it cannot read. Failure messages: 'Given text is empty',
 * 'Invalid subtitle format'. Within the limits of ./limits.ts: a file too large or with too many cues
 * is refused with a message; each cue's text is cut to its length and tag-depth limits.
 */
export async function parseCaptions(input: string | ArrayBuffer | Uint8Array, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>> {
  const text = typeof input === 'string' ? input : decodeCaptionBytes(input);
  const size = checkCaptionSize(text);
  if (!size.ok) return size;
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (clean.trim() === '') return fail('captions/empty', 'Given text is empty');
  const type = format ?? sniffCaptionFormat(clean);
  const isAss = type === 'ass' || type === 'ssa';
  let prepared = clean;
  let offsetSeconds = 0;
  if (isAss) prepared = normaliseAssEvents(prepared);
  else {
    if (type === 'srt') prepared = fixPaddedSrtFields(prepared);
    ({ text: prepared, offsetSeconds } = rebaseLongHours(prepared));
  }
  let cues: CaptionCue[];
  try {
    const parsed = await parseText(prepared, { type });
    cues = parsed.cues
      .map((cue) => ({
        start: cue.startTime + offsetSeconds,
        end: cue.endTime + offsetSeconds,
        text: limitCueText(isAss ? assText(cue.text) : cue.text),
      }))
      .filter((cue) => cue.text.trim() !== '' && Number.isFinite(cue.start) && cue.end >= cue.start);
  } catch {
    // The parser gave up on the text: say so in the fixed message's words.
    return fail('captions/invalid', 'Invalid subtitle format');
  }
  if (cues.length === 0) return fail('captions/invalid', 'Invalid subtitle format');
  const count = checkCueCount(cues.length);
  if (!count.ok) return count;
  return ok(cues);
}
