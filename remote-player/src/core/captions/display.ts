/** Caption text for display (docs/behaviour.md#captions-display): formatting codes stripped, fix-capitals, the sanitiser allow-list. */
import type { CaptionCue } from './parse-captions';

/** Tags c, b, i, u, span, ruby, rt, br (plus v and lang); attributes title and lang. */
export const CAPTION_ALLOWED_TAGS = ['c', 'b', 'i', 'u', 'span', 'ruby', 'rt', 'br', 'v', 'lang'] as const;
export const CAPTION_ALLOWED_ATTRIBUTES = ['title', 'lang'] as const;

/** Strips ASS/SSA override blocks ({\an8}, {\i1}) and bare \N / \n / \h codes. */
export function stripFormattingCodes(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/\\N/g, '\n')
    .replace(/\\n/g, '\n')
    .replace(/\\h/g, ' ');
}

/** Fix capitals: lower-cases everything after the first letter. */
export function fixCapitals(text: string): string {
  const lower = text.toLowerCase();
  const first = lower.search(/\p{L}/u);
  if (first < 0) return lower;
  return lower.slice(0, first) + lower.charAt(first).toUpperCase() + lower.slice(first + 1);
}

/** WebVTT voice/class tags to HTML the sanitiser keeps: <v Name> → <v title="Name">, <lang en> → <lang lang="en">, <c.x> → <c>, newlines → <br>. */
export function captionMarkup(text: string, options: { fixCapitals?: boolean } = {}): string {
  let out = stripFormattingCodes(text);
  if (options.fixCapitals) out = fixCapitals(out);
  return out
    .replace(/<v(?:\.[\w.-]+)?\s+([^>]*)>/g, (_m, name: string) => `<v title="${name.replace(/"/g, '&quot;')}">`)
    .replace(/<lang(?:\.[\w.-]+)?\s+([\w-]+)\s*>/g, '<lang lang="$1">')
    .replace(/<(c|i|b|u|lang|ruby|rt)\.[\w.-]+/g, '<$1')
    .replace(/<(\d{2}:)?\d{2}:\d{2}\.\d{3}>/g, '')
    .replace(/\n/g, '<br>');
}

/** Cues sorted by start, with the latest end among each prefix: finds the cues at a time without a full scan. */
interface CueIndex {
  /** Original positions, by start. */
  order: Uint32Array;
  starts: Float64Array;
  /** maxEnd[k]: the latest end among order[0..k]. */
  maxEnd: Float64Array;
}

const indexes = new WeakMap<readonly CaptionCue[], CueIndex>();

function indexOf(cues: readonly CaptionCue[]): CueIndex {
  let index = indexes.get(cues);
  if (index) return index;
  let sorted = true;
  for (let i = 1; i < cues.length && sorted; i++) sorted = cues[i - 1]!.start <= cues[i]!.start;
  // Files are nearly always in time order: then the index is the file's own order, built in one pass.
  const order = new Uint32Array(cues.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  if (!sorted) order.sort((a, b) => cues[a]!.start - cues[b]!.start || a - b);
  const starts = new Float64Array(order.length);
  const maxEnd = new Float64Array(order.length);
  let latest = -Infinity;
  for (let k = 0; k < order.length; k++) {
    const cue = cues[order[k]!]!;
    starts[k] = cue.start;
    if (cue.end > latest) latest = cue.end;
    maxEnd[k] = latest;
  }
  index = { order, starts, maxEnd };
  indexes.set(cues, index);
  return index;
}

/**
 * The cues visible at `time` with a delay (positive delay shows captions later), in file order. Called on
 * every time update: a binary search over an index built once per cue list, then a walk back over the
 * cues that can still be showing.
 */
export function visibleCues(cues: readonly CaptionCue[], time: number, delay: number): CaptionCue[] {
  const t = time - delay;
  const { order, starts, maxEnd } = indexOf(cues);
  let low = 0;
  let high = starts.length; // first position whose start is after t
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (starts[mid]! <= t) low = mid + 1;
    else high = mid;
  }
  const found: number[] = [];
  for (let k = low - 1; k >= 0 && maxEnd[k]! >= t; k--) if (cues[order[k]!]!.end >= t) found.push(order[k]!);
  return found.sort((a, b) => a - b).map((position) => cues[position]!);
}
