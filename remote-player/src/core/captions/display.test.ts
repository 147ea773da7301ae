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
    const cues = [{ start: 1, end: 2, text: 'a' }, { start: 3, end: 4, text: 'b' }];
    expect(visibleCues(cues, 1.5, 0).map((c) => c.text)).toEqual(['a']);
    expect(visibleCues(cues, 3.5, 2).map((c) => c.text)).toEqual(['a']);
    expect(visibleCues(cues, 3.5, -1)).toEqual([]);
  });
});
