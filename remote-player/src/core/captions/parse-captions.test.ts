import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { captionFormatOf, parseCaptions, sniffCaptionFormat } from './parse-captions';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/subtitles');
const files = ['srt', 'vtt', 'ass'].flatMap((dir) => fs.readdirSync(path.join(fixtures, dir)).map((f) => path.join(dir, f)));

/** Decodes like the browser's File.text() would for UTF-8, and honours a UTF-16LE BOM. */
function readText(file: string): string {
  const bytes = fs.readFileSync(path.join(fixtures, file));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

describe('parseCaptions', () => {
  it('finds the fixtures', () => expect(files.length).toBeGreaterThan(20));

  it.each(files)('%s parses without throwing, to cues or a spec error', async (file) => {
    const result = await parseCaptions(readText(file), captionFormatOf(file) ?? undefined);
    if (result.ok) {
      expect(result.value.length).toBeGreaterThan(0);
      for (const cue of result.value) expect(cue.end).toBeGreaterThanOrEqual(cue.start);
    } else {
      expect(['Given text is empty', 'Invalid subtitle format']).toContain(result.error.message);
    }
  });

  it.each(['srt/typical.srt', 'vtt/typical.vtt', 'ass/typical-v4plus.ass', 'srt/typical-utf16le-bom.srt', 'srt/typical-utf8-bom.srt'])(
    '%s gives cues with text',
    async (file) => {
      const result = await parseCaptions(readText(file), captionFormatOf(file) ?? undefined);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value[0]!.text.trim()).not.toBe('');
    },
  );

  it('says the text is empty', async () => {
    expect(await parseCaptions('  \n\n')).toEqual({ ok: false, error: { code: 'captions/empty', message: 'Given text is empty' } });
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
