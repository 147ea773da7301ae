import { describe, expect, it } from 'vitest';
import { groupCaptions, preferredCaption } from './choice';

const options = [
  { id: 'stream-en', language: 'en' },
  { id: 'stream-fr', language: 'fr' },
  { id: 'os-fr', language: 'fr', opensubtitles: true },
  { id: 'os-de', language: 'de', opensubtitles: true },
];

describe('caption choice', () => {
  it('lists the stream captions and the OpenSubtitles ones on their own pages', () => {
    const groups = groupCaptions(options);
    expect(groups.source.map((o) => o.id)).toEqual(['stream-en', 'stream-fr']);
    expect(groups.opensubtitles.map((o) => o.id)).toEqual(['os-fr', 'os-de']);
  });

  it.each([
    [{ language: 'fr', isOpenSubtitles: true }, 'os-fr'],
    [{ language: 'fr', isOpenSubtitles: false }, 'stream-fr'],
    [{ language: 'de', isOpenSubtitles: false }, 'os-de'],
    [{ language: 'it', isOpenSubtitles: true }, 'stream-en'],
    [{ language: null, isOpenSubtitles: false }, 'stream-en'],
  ])('toggle with last choice %j → %s', (last, id) => expect(preferredCaption(options, last)?.id).toBe(id));

  it('falls back to the first caption, and to none without captions', () => {
    expect(preferredCaption([{ id: 'os-ja', language: 'ja', opensubtitles: true }], { language: null, isOpenSubtitles: false })?.id).toBe('os-ja');
    expect(preferredCaption([], { language: 'en', isOpenSubtitles: false })).toBeUndefined();
  });
});
