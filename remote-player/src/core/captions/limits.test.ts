import { describe, expect, it } from 'vitest';
import { CAPTION_LIMITS, checkCaptionSize, checkCueCount, limitCueText } from './limits';

describe('caption limits', () => {
  it('keeps ordinary cues as they are', () => {
    for (const text of ['Hello', '<i>Hello</i> <b>there</b>', '<v Mary><i>Hi</i></v>\nline two', 'a < b and c > d', '<br>', ''])
      expect(limitCueText(text)).toBe(text);
  });

  it('drops tags nested deeper than the limit and keeps their text', () => {
    const deep = '<b>'.repeat(1000) + 'deep' + '</b>'.repeat(1000);
    const out = limitCueText(deep);
    expect(out).toBe('<b>'.repeat(CAPTION_LIMITS.maxDepth) + 'deep' + '</b>'.repeat(CAPTION_LIMITS.maxDepth));
  });

  it('handles mixed tags and stray closers', () => {
    const limits = { ...CAPTION_LIMITS, maxDepth: 2 };
    expect(limitCueText('<i><b><u>x</u></b></i>', limits)).toBe('<i><b>x</b></i>');
    expect(limitCueText('</i>x<i>y', limits)).toBe('</i>x<i>y');
  });

  it('cuts a long cue, never inside a tag', () => {
    const limits = { ...CAPTION_LIMITS, maxCueChars: 10 };
    expect(limitCueText('0123456789abcdef', limits)).toBe('0123456789…');
    expect(limitCueText('01234<span title="x">y', limits)).toBe('01234…');
  });

  it('is fast on a hostile cue (140 KB of nested tags)', () => {
    const hostile = '<i><b><u><c.x>'.repeat(10_000);
    const started = performance.now();
    const out = limitCueText(hostile);
    // Linear work takes a few ms; a quadratic walk over 140 KB takes many seconds. The bound leaves room
    // for a machine busy with other jobs (a 200 ms bound failed under load at 420 ms).
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out.match(/</g)!.length).toBe(CAPTION_LIMITS.maxDepth);
  });

  it('refuses files and cue counts over the limits with a message', () => {
    expect(checkCaptionSize('x'.repeat(100))).toEqual({ ok: true, value: true });
    const big = checkCaptionSize('x'.repeat(CAPTION_LIMITS.maxChars + 1));
    expect(big.ok === false && big.error).toEqual({
      code: 'captions/too-large',
      message: 'This subtitle file is too large (8.0 MB; the limit is 8.0 MB)',
    });
    const many = checkCueCount(45_000);
    expect(many.ok === false && many.error.message).toBe('This subtitle file has too many cues (45,000; the limit is 30,000)');
  });
});
