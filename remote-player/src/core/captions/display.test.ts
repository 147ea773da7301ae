import { describe, expect, it } from 'vitest';
import { captionMarkup, fixCapitals, stripFormattingCodes, visibleCues } from './display';

describe('caption display', () => {
  it.each([
    ['{\\an8}Hello', 'Hello'],
    ['Line one\\NLine two', 'Line one\nLine two'],
    ['{\\i1}x{\\i0}', 'x'],
  ])('strips formatting codes %s', (input, output) => expect(stripFormattingCodes(input)).toBe(output));

  it.each([
    ['HELLO THERE', 'Hello there'],
    ['- WHAT?', '- What?'],
    ['123', '123'],
  ])('fixes capitals %s', (input, output) => expect(fixCapitals(input)).toBe(output));

  it('turns VTT voice and class tags and newlines into allowed markup', () => {
    expect(captionMarkup('<v Bob>Hi</v>\n<c.yellow>there</c>')).toBe('<v title="Bob">Hi</v><br><c>there</c>');
  });

  it('applies the delay when picking visible cues', () => {
    const cues = [
      { start: 1, end: 2, text: 'a' },
      { start: 3, end: 4, text: 'b' },
    ];
    expect(visibleCues(cues, 1.5, 0).map((c) => c.text)).toEqual(['a']);
    expect(visibleCues(cues, 3.5, 2).map((c) => c.text)).toEqual(['a']);
    expect(visibleCues(cues, 3.5, -1)).toEqual([]);
  });

  it('finds the same cues as a full scan, overlapping and out of order ones included', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const cues = Array.from({ length: 2000 }, (_, i) => {
      const start = random() * 600;
      return { start, end: start + (i % 97 === 0 ? random() * 300 : random() * 6), text: String(i) };
    });
    for (let t = -1; t < 920; t += 0.37) {
      const scan = cues.filter((cue) => cue.start <= t && cue.end >= t);
      expect(visibleCues(cues, t, 0)).toEqual(scan);
    }
  });

  it('answers in well under a millisecond per frame for 30,000 cues', () => {
    const cues = Array.from({ length: 30_000 }, (_, i) => ({ start: i * 0.5, end: i * 0.5 + 2, text: String(i) }));
    visibleCues(cues, 0, 0);
    const started = performance.now();
    for (let frame = 0; frame < 1000; frame++) visibleCues(cues, frame * 10, 0);
    expect((performance.now() - started) / 1000).toBeLessThan(0.5);
  });
});
