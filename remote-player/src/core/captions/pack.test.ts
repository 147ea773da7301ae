import { describe, expect, it } from 'vitest';
import { packCues, unpackCues } from './pack';

describe('packed cues', () => {
  it('round-trip, empty texts, emoji and newlines included', () => {
    const cues = [
      { start: 0, end: 1.5, text: 'Hello' },
      { start: 1.5, end: 2, text: '' },
      { start: 2.25, end: 958715.679, text: '😀 <i>two</i>\nlines' },
    ];
    expect(unpackCues(packCues(cues))).toEqual(cues);
    expect(unpackCues(packCues([]))).toEqual([]);
  });

  it('hold two buffers and one string whatever the cue count', () => {
    const cues = Array.from({ length: 30_000 }, (_, i) => ({ start: i, end: i + 1, text: `cue ${i}` }));
    const packed = packCues(cues);
    expect(packed.times.length).toBe(60_000);
    expect(packed.ends.length).toBe(30_000);
    expect(unpackCues(packed)[29_999]).toEqual({ start: 29_999, end: 30_000, text: 'cue 29999' });
  });
});
