import fs from 'node:fs';
import { subtitleFixture, subtitleFixtureFiles } from 'fixtures';
import { describe, expect, it } from 'vitest';
import { captionFormatOf, decodeCaptionBytes, parseCaptions, sniffCaptionFormat, type CaptionCue } from './parse-captions';

const files = subtitleFixtureFiles();

/** The file's bytes, as fetch and File give them: the parser decodes them by their BOM. */
const bytesOf = (file: string) => new Uint8Array(fs.readFileSync(subtitleFixture(file)));

async function cuesOf(file: string): Promise<CaptionCue[]> {
  const result = await parseCaptions(bytesOf(file), captionFormatOf(file) ?? undefined);
  if (!result.ok) throw new Error(`${file}: ${result.error.message}`);
  return result.value;
}

type CueSpec = [start: number, end: number, text: string];

/**
 * What every fixture must give (README.md of the fixtures names the edge case each one holds). Where we
 * keep a cue ExoPlayer drops, the note says why.
 */
const EXPECTED: Record<string, { count: number; first: CueSpec; last: CueSpec }> = {
  'srt/typical.srt': {
    count: 3,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/typical-utf8-bom.srt': {
    count: 3,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/typical-utf16le-bom.srt': {
    count: 3,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  // 14 cues: the 3-digit seconds field `00:00:013,567` is read as 13.567 s (ExoPlayer does the same).
  'srt/ass-override-tags-in-srt.srt': {
    count: 14,
    first: [0, 1.234, 'This is {\\an1} the first subtitle.'],
    last: [24.567, 24.901, 'This {\\an9} is a line.'],
  },
  // The 4-digit millisecond cue is dropped; the 2-digit one is kept as .90 s (lenient, ExoPlayer drops it).
  'srt/bad-timestamp-precision.srt': {
    count: 2,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.9, 'This should be discarded (too few decimal places).'],
  },
  'srt/missing-timecodes.srt': {
    count: 2,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/negative-timestamps.srt': {
    count: 1,
    first: [7204.567, 7208.901, 'This is the third subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/no-hours-no-millis.srt': {
    count: 3,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/unexpected-eof.srt': {
    count: 2,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [2.345, 3.456, 'This is the second subtitle.\nSecond subtitle with second line.'],
  },
  // The cue without a sequence number is kept (lenient; ExoPlayer gives 2).
  'srt/missing-sequence-number.srt': {
    count: 3,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/extra-blank-line.srt': {
    count: 3,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [7204.567, 7208.901, 'This is the third subtitle.'],
  },
  'srt/cr-only-endings-bom-dot-millis.srt': {
    count: 3,
    first: [0, 3.766, 'Did one of the last stories strike you as\nmore interesting than the other?'],
    last: [10.733, 14.066, 'at a busy bus stop or anywhere\nelse for that matter.'],
  },
  'srt/html-style-font-color.srt': {
    count: 10,
    first: [17.985, 20.521, '<font color="#00ff00"><b>[instrumental music]</b></font>'],
    last: [720, 780, '<i>x</i>^3 * <i>x</i> = 100'],
  },
  'srt/html-entities-bom.srt': {
    count: 3,
    first: [0.331, 3.75, 'The man in black fled across the desert, &nbsp;\n&amp; the gunslinger followed.'],
    last: [6.331, 9.675, 'there are other &lt; worlds than these.'],
  },
  'vtt/typical.vtt': { count: 2, first: [0, 1.234, 'This is the first subtitle.'], last: [2.345, 3.456, 'This is the second subtitle.'] },
  'vtt/bom-header-comment.vtt': {
    count: 2,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [2.345, 3.456, 'This is the second subtitle.'],
  },
  'vtt/tags-bold-italic-class-entities.vtt': {
    count: 4,
    first: [0, 1.234, 'This is the <i>first</i> subtitle.'],
    last: [6, 7, 'This is the &lt;fourth&gt; &amp;subtitle.'],
  },
  'vtt/cue-settings-positioning.vtt': {
    count: 8,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [14, 15, 'This is the eighth subtitle.'],
  },
  'vtt/overlapping-cues.vtt': {
    count: 4,
    first: [0, 3, 'Displayed at the bottom for 3 seconds.'],
    last: [5, 7, 'Appears directly above the previous cue, then replaces it after 1 second.'],
  },
  // `00:00` without millis is read (as the file's comment asks); `00:10.78` is kept as .780 (lenient).
  'vtt/bad-timestamps.vtt': {
    count: 2,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [9.789, 10.78, 'This should be discarded (too few decimal places).'],
  },
  'vtt/bad-cue-header.vtt': { count: 2, first: [0, 1.234, 'This is the first subtitle.'], last: [4, 5, 'This is the third subtitle.'] },
  'vtt/style-blocks-voices.vtt': {
    count: 4,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [25, 28, "<v  LaGord>You are an idiot</v>\n<v  The Frog>You don't have the guts</v>"],
  },
  'vtt/note-comments-identifiers.vtt': {
    count: 2,
    first: [0, 1.234, 'This is the first subtitle.'],
    last: [2.345, 3.456, 'This is the second subtitle.'],
  },
  // Cue times as written (266 h); the X-TIMESTAMP-MAP is applied when the file is an HLS segment (hls-captions.ts).
  'vtt/hls-x-timestamp-map.vtt': {
    count: 2,
    first: [958715.679, 958717.305, '  Cue text one'],
    last: [958717.433, 958718.276, '  Cue text two'],
  },
  'vtt/cr-endings-emoji.vtt': { count: 1, first: [0, 1.234, '\u{1F61B}\n\u{1F61B}'], last: [0, 1.234, '\u{1F61B}\n\u{1F61B}'] },
  'vtt/bom-style-region-short-timestamps.vtt': {
    count: 6,
    first: [99, 101.04, '(deep rumbling)'],
    last: [151.4, 153.44, '(computer playing\nelectronic melody)'],
  },
  'ass/typical-v4plus.ass': {
    count: 3,
    first: [0, 1.23, '<v Olly>This is the first subtitle.'],
    last: [4.56, 8.9, '<v Olly>This is the third subtitle, with a comma.'],
  },
  'ass/overlapping-out-of-order.ass': {
    count: 7,
    first: [1, 4.23, 'First subtitle - end overlaps second'],
    last: [13.22, 14.22, 'Seventh subtitle - nested fully inside sixth'],
  },
  // Invalid, blank, equal and reversed timecodes are dropped; the `0:00:04:56` cue and the last one stay.
  'ass/invalid-timecodes.ass': {
    count: 2,
    first: [4.56, 8.9, '<v Olly>This is the third subtitle, with a comma.'],
    last: [16.56, 17.9, '<v Olly>This is the last subtitle.'],
  },
  'ass/pos-move-an-overrides.ass': {
    count: 6,
    first: [0, 1.23, '<v Olly>First subtitle.'],
    last: [16.56, 19.9, '<v Olly>Sixth subtitle (multiple overrides in same braces).'],
  },
  'ass/primary-colour-formats.ass': {
    count: 7,
    first: [1, 2, 'First line in RED (&H000000FF).'],
    last: [13, 14, 'Seventh line with invalid color.'],
  },
  'ass/ssa-v4-legacy-marked.ssa': {
    count: 6,
    first: [99, 101.04, '<v Cher>(deep rumbling)'],
    last: [151.4, 153.44, '<v autre>(computer playing\nelectronic melody)'],
  },
};

function expectCue(cue: CaptionCue | undefined, [start, end, text]: CueSpec) {
  expect(cue).toBeDefined();
  expect(cue!.start).toBeCloseTo(start, 3);
  expect(cue!.end).toBeCloseTo(end, 3);
  expect(cue!.text).toBe(text);
}

describe('parseCaptions: the shared fixtures', () => {
  it('has an expectation for every fixture file', () => {
    expect(files.length).toBeGreaterThan(20);
    expect([...files].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', async (file, expected) => {
    const cues = await cuesOf(file);
    expect(cues).toHaveLength(expected.count);
    expectCue(cues[0], expected.first);
    expectCue(cues.at(-1), expected.last);
    for (const cue of cues) expect(cue.end).toBeGreaterThanOrEqual(cue.start);
  });
});

describe('parseCaptions: edge cases', () => {
  it('UTF-16LE with a BOM is decoded from its bytes (File.text() would read it as UTF-8)', async () => {
    const bytes = bytesOf('srt/typical-utf16le-bom.srt');
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(decodeCaptionBytes(bytes)).toContain('This is the first subtitle.');
    expect(decodeCaptionBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))).toContain(
      'This is the first subtitle.',
    );
  });

  it('UTF-16BE with a BOM is decoded too', async () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nBig end\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2 + 1] = text.charCodeAt(i);
    const result = await parseCaptions(bytes, 'srt');
    expect(result).toEqual({ ok: true, value: [{ start: 1, end: 2, text: 'Big end' }] });
  });

  it('SRT seconds written with three digits (00:00:013,567) are read, not dropped', async () => {
    const cues = await cuesOf('srt/ass-override-tags-in-srt.srt');
    expectCue(cues[4], [13.567, 14.901, 'This {\\an2} is the fifth subtitle with multiple {\\xyz} valid {\\qwe} tags.']);
  });

  it('WebVTT with more than 99 hours (an HLS segment of a long clock) keeps its cues and their times', async () => {
    const cues = await cuesOf('vtt/hls-x-timestamp-map.vtt');
    expect(cues.map((c) => c.start)).toEqual(
      [266 * 3600 + 18 * 60 + 35.679, 266 * 3600 + 18 * 60 + 37.433].map((t) => expect.closeTo(t, 3)),
    );
  });

  it('ASS `0:00:04:56` (a colon before the centiseconds) is 4.56 s', async () => {
    const cues = await cuesOf('ass/typical-v4plus.ass');
    expectCue(cues[2], [4.56, 8.9, '<v Olly>This is the third subtitle, with a comma.']);
  });

  it('ASS text: the comma inside Text stays, \\N and \\n break lines, {override} blocks go', async () => {
    const cues = await cuesOf('ass/typical-v4plus.ass');
    expect(cues[0]!.text).toBe('<v Olly>This is the first subtitle.'); // `{ignored}` removed
    expect(cues[1]!.text).toBe('<v Olly>This is the second subtitle \nwith a newline \nand another.');
  });

  it('SSA: a stray line in [Events] is not glued onto the cue before it', async () => {
    const cues = await cuesOf('ass/ssa-v4-legacy-marked.ssa');
    expect(cues.map((c) => c.text).join('|')).not.toContain('Not understood line');
    expect(cues[1]!.text).toBe('<v autre>MAN:\nHow did we end up here?');
  });

  it('ASS Comment: events are not shown, nor appended to the previous cue', async () => {
    const ass = [
      '[Script Info]',
      'ScriptType: v4.00+',
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Shown',
      'Comment: 0,0:00:01.50,0:00:03.00,Default,,0,0,0,,Translator note',
      'Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,Also{\\i1} shown\\hhere',
    ].join('\n');
    const result = await parseCaptions(ass, 'ass');
    expect(result).toEqual({
      ok: true,
      value: [
        { start: 1, end: 2, text: 'Shown' },
        { start: 3, end: 4, text: 'Also shown\u00a0here' },
      ],
    });
  });

  it('overlapping and out-of-order ASS events are all kept, in file order', async () => {
    const cues = await cuesOf('ass/overlapping-out-of-order.ass');
    expect(cues.map((c) => c.text.split(' ')[0])).toEqual(['First', 'Second', 'Fourth', 'Third', 'Fifth', 'Sixth', 'Seventh']);
  });

  it('negative and missing SRT timecodes drop only their own cue', async () => {
    expect((await cuesOf('srt/negative-timestamps.srt')).map((c) => c.text)).toEqual(['This is the third subtitle.']);
    expect((await cuesOf('srt/missing-timecodes.srt')).map((c) => c.text)).toEqual([
      'This is the first subtitle.',
      'This is the third subtitle.',
    ]);
  });

  it('CR-only line endings split cues and lines', async () => {
    const cues = await cuesOf('vtt/cr-endings-emoji.vtt');
    expect(cues[0]!.text.split('\n')).toEqual(['\u{1F61B}', '\u{1F61B}']);
  });

  it('says the text is empty', async () => {
    expect(await parseCaptions('  \n\n')).toEqual({ ok: false, error: { code: 'captions/empty', message: 'Given text is empty' } });
    expect(await parseCaptions(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual({
      ok: false,
      error: { code: 'captions/empty', message: 'Given text is empty' },
    });
  });

  it('says the format is invalid for text that has no cues', async () => {
    const result = await parseCaptions('hello there, this is not a subtitle file', 'srt');
    expect(result).toEqual({ ok: false, error: { code: 'captions/invalid', message: 'Invalid subtitle format' } });
  });

  it.each([
    ['a.SRT', 'srt'],
    ['b.vtt', 'vtt'],
    ['c.ass', 'ass'],
    ['d.ssa', 'ssa'],
    ['e.txt', null],
    ['noext', null],
  ])('format of %s is %s', (name, format) => expect(captionFormatOf(name)).toBe(format));

  it('sniffs formats from the text', () => {
    expect(sniffCaptionFormat('\uFEFFWEBVTT\n\n')).toBe('vtt');
    expect(sniffCaptionFormat('[Script Info]\nScriptType: v4.00+\n')).toBe('ass');
    expect(sniffCaptionFormat('[Script Info]\nScriptType: v4.00\n')).toBe('ssa');
    expect(sniffCaptionFormat('1\n00:00:01,000 --> 00:00:02,000\nhi')).toBe('srt');
  });
});
