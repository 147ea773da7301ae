import { parseText, type CaptionsFileFormat } from 'media-captions';
import { fail, ok, type Result } from '../result';

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
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 400);
  if (head.startsWith('WEBVTT')) return 'vtt';
  if (/^\[Script Info\]/i.test(head)) return /ScriptType:\s*v4\.00\+/i.test(head) ? 'ass' : 'ssa';
  return 'srt';
}

/** Parses subtitle text into cues. Spec §5 messages: 'Given text is empty', 'Invalid subtitle format'. */
export async function parseCaptions(text: string, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>> {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (clean.trim() === '') return fail('captions/empty', 'Given text is empty');
  let cues: CaptionCue[];
  try {
    const parsed = await parseText(clean, { type: format ?? sniffCaptionFormat(clean) });
    cues = parsed.cues
      .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text }))
      .filter((cue) => cue.text.trim() !== '' && Number.isFinite(cue.start) && cue.end >= cue.start);
  } catch {
    // The parser gave up on the text: say so in the spec's words.
    return fail('captions/invalid', 'Invalid subtitle format');
  }
  if (cues.length === 0) return fail('captions/invalid', 'Invalid subtitle format');
  return ok(cues);
}
