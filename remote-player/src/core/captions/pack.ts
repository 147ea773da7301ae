/**
 * Cues packed for the trip from the worker: two typed arrays (transferred, not copied) and one string,
 * instead of tens of thousands of small objects that the main thread would deserialise in one long task.
 */
import type { CaptionCue } from './parse-captions';

export interface PackedCues {
  /** start0, end0, start1, end1, … in seconds. */
  times: Float64Array;
  /** Every cue's text, one after the other. */
  text: string;
  /** Where each cue's text ends in `text`. */
  ends: Uint32Array;
}

export function packCues(cues: readonly CaptionCue[]): PackedCues {
  const times = new Float64Array(cues.length * 2);
  const ends = new Uint32Array(cues.length);
  let offset = 0;
  cues.forEach((cue, i) => {
    times[i * 2] = cue.start;
    times[i * 2 + 1] = cue.end;
    offset += cue.text.length;
    ends[i] = offset;
  });
  return { times, text: cues.map((cue) => cue.text).join(''), ends };
}

export function unpackCues(packed: PackedCues): CaptionCue[] {
  const cues = new Array<CaptionCue>(packed.ends.length);
  let from = 0;
  for (let i = 0; i < packed.ends.length; i++) {
    const to = packed.ends[i]!;
    cues[i] = { start: packed.times[i * 2]!, end: packed.times[i * 2 + 1]!, text: packed.text.slice(from, to) };
    from = to;
  }
  return cues;
}
