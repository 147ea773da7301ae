import { describe, expect, it } from 'vitest';
import { captionToggleAction, captionsShown, groupCaptions, preferredCaption, rememberedCaption } from './choice';

const options = [
  { id: 'stream-en', language: 'en' },
  { id: 'stream-fr', language: 'fr' },
  { id: 'os-fr', language: 'fr', opensubtitles: true },
  { id: 'os-de', language: 'de', opensubtitles: true },
];

describe('caption choice', () => {
  it.each([
    [{ enabled: true, language: 'fr', isOpenSubtitles: true }, 'os-fr'],
    [{ enabled: true, language: 'fr', isOpenSubtitles: false }, 'stream-fr'],
    [{ enabled: true, language: 'de', isOpenSubtitles: false }, 'os-de'], // the language counts more than the kind
    [{ enabled: true, language: 'it', isOpenSubtitles: false }, undefined], // never another language on its own
    [{ enabled: false, language: 'fr', isOpenSubtitles: false }, undefined], // turned off: stays off
    [{ enabled: true, language: null, isOpenSubtitles: false }, undefined],
    [{ enabled: true, language: 'custom', isOpenSubtitles: false }, undefined], // an uploaded file is not a language
  ])('a new stream with the remembered choice %j starts with %s', (settings, id) =>
    expect(rememberedCaption(options, settings)?.id).toBe(id),
  );

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
    expect(preferredCaption([{ id: 'os-ja', language: 'ja', opensubtitles: true }], { language: null, isOpenSubtitles: false })?.id).toBe(
      'os-ja',
    );
    expect(preferredCaption([], { language: 'en', isOpenSubtitles: false })).toBeUndefined();
  });

  it.each([
    ['en', true, true],
    ['en', false, false], // hidden by "Hide subtitles"
    [null, true, false],
    [null, false, false],
  ] as const)('chosen %s, enabled %s: shown %s', (selected, enabled, shown) => expect(captionsShown(selected, enabled)).toBe(shown));

  it.each([
    ['en', true, 'off'],
    ['en', false, 'show'], // c on hidden captions shows them again
    [null, true, 'choose'],
    [null, false, 'choose'],
  ] as const)('toggle with chosen %s, enabled %s: %s', (selected, enabled, action) =>
    expect(captionToggleAction(selected, enabled)).toBe(action),
  );
});
