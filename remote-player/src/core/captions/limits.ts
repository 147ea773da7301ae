/**
 * Limits that keep a hostile or broken subtitle file from freezing the tab (issue: subtitles freeze the
 * tab). Real files stay far below them: a feature film has 1–3 thousand cues in 50–200 KB, a cue a few
 * dozen characters and two or three levels of tags.
 */
import { fail, type Result } from '../result';

export interface CaptionLimits {
  maxChars: number;
  maxCues: number;
  maxCueChars: number;
  maxDepth: number;
}

export const CAPTION_LIMITS: Readonly<CaptionLimits> = {
  /** Characters of a whole file (after decoding); larger files are refused with a message. */
  maxChars: 8 * 1024 * 1024,
  /** Cues in one file; more are refused with a message. */
  maxCues: 30_000,
  /** Characters of one cue's text; the rest is cut (with an ellipsis). */
  maxCueChars: 1_000,
  /** Nested tags kept in one cue; deeper tags are dropped, their text kept. */
  maxDepth: 8,
};

const formatMb = (chars: number) => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

/** Refuses text over the size limit before anything parses it. */
export function checkCaptionSize(text: string, limits: CaptionLimits = CAPTION_LIMITS): Result<true> {
  if (text.length <= limits.maxChars) return { ok: true, value: true };
  return fail(
    'captions/too-large',
    `This subtitle file is too large (${formatMb(text.length)}; the limit is ${formatMb(limits.maxChars)})`,
  );
}

export function checkCueCount(count: number, limits: CaptionLimits = CAPTION_LIMITS): Result<true> {
  if (count <= limits.maxCues) return { ok: true, value: true };
  return fail(
    'captions/too-many-cues',
    `This subtitle file has too many cues (${count.toLocaleString('en')}; the limit is ${limits.maxCues.toLocaleString('en')})`,
  );
}

const TAG = /<\/?([A-Za-z][\w.-]*)[^<>]*>/g;

/** Tags nested deeper than maxDepth dropped, their text kept; unbalanced closing tags left to the sanitiser. */
function flattenDeepTags(text: string, maxDepth: number): string {
  const stack: boolean[] = []; // for each open tag: whether it was kept
  let depth = 0;
  return text.replace(TAG, (tag: string) => {
    const closing = tag.startsWith('</');
    const selfClosing = tag.endsWith('/>') || /^<br\b/i.test(tag);
    if (selfClosing) return tag;
    if (closing) {
      if (stack.length === 0) return tag;
      const kept = stack.pop()!;
      if (kept) depth--;
      return kept ? tag : '';
    }
    const keep = depth < maxDepth;
    stack.push(keep);
    if (keep) depth++;
    return keep ? tag : '';
  });
}

/**
 * A cue's text within the limits: tags nested deeper than maxDepth dropped (their text kept), then cut
 * at maxCueChars (never inside a tag, with an ellipsis).
 */
export function limitCueText(text: string, limits: CaptionLimits = CAPTION_LIMITS): string {
  const flat = text.includes('<') ? flattenDeepTags(text, limits.maxDepth) : text;
  if (flat.length <= limits.maxCueChars) return flat;
  let cut = flat.slice(0, limits.maxCueChars);
  const open = cut.lastIndexOf('<');
  if (open > cut.lastIndexOf('>')) cut = cut.slice(0, open);
  return `${cut}…`;
}
