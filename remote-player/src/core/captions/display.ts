/** Caption text for display (spec §5): formatting codes stripped, fix-capitals, the sanitiser allow-list. */
import type { CaptionCue } from './parse-captions';

/** Spec §5: tags c, b, i, u, span, ruby, rt, br (plus v and lang); attributes title and lang. */
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

/** Spec §5 fix-capitals: lower-cases everything after the first letter. */
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

/** The cues visible at `time` with a delay (positive delay shows captions later). */
export function visibleCues(cues: readonly CaptionCue[], time: number, delay: number): CaptionCue[] {
  const t = time - delay;
  return cues.filter((cue) => cue.start <= t && cue.end >= t);
}
