/**
 * A fuzzed corpus of subtitle files: the real fixtures, mutated by a seeded generator (bytes flipped,
 * lines cut or repeated, tags nested thousands deep, absurd timestamps, binary noise). Every file must
 * give data (cues within the limits, or an error with a message), never a throw, and each quickly.
 */
import fs from 'node:fs';
import { subtitleFixture, subtitleFixtureFiles } from 'fixtures';
import { describe, expect, it } from 'vitest';
import { CAPTION_LIMITS } from './limits';
import { parseCaptions, captionFormatOf } from './parse-captions';

let seed = 20261125;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const mutations: ((text: string) => string)[] = [
  (t) => t.slice(0, Math.floor(random() * t.length)),
  (t) => {
    const lines = t.split('\n');
    const at = Math.floor(random() * lines.length);
    return [...lines.slice(0, at), ...Array(50).fill(lines[at] ?? ''), ...lines.slice(at)].join('\n');
  },
  (t) => t.replace(/-->/g, () => pick(['-->', '->', '--> -->', '-->\n', ''])),
  (t) => t.replace(/\d/g, (d) => (random() < 0.1 ? pick(['9', '99999999', '-', ':', '.', '']) : d)),
  (t) => t.replace(/\n\n/, `\n\n1\n00:00:01,000 --> 00:00:02,000\n${'<i><b>'.repeat(5000)}deep${'</b></i>'.repeat(5000)}\n\n`),
  (t) => t + `\n\n2\n00:00:03,000 --> 00:00:04,000\n${'x'.repeat(100_000)}\n`,
  (t) => t.replace(/\n/g, () => pick(['\n', '\r', '\r\n', '\n\n', '\u2028'])),
  (t) => Array.from(t, (c) => (random() < 0.02 ? String.fromCharCode(Math.floor(random() * 0xffff)) : c)).join(''),
  (t) => `${t.slice(0, 40)}${'{\\an8}{\\pos(1,2)}'.repeat(2000)}${t.slice(40)}`,
  (t) =>
    t.replace(/(\d\d):(\d\d):(\d\d)/g, () => `${Math.floor(random() * 1e6)}:${Math.floor(random() * 99)}:${Math.floor(random() * 99)}`),
  () => Array.from({ length: 2000 }, () => String.fromCharCode(Math.floor(random() * 256))).join(''),
];

function corpus(size: number): { name: string; text: string }[] {
  const seeds = subtitleFixtureFiles().map((file) => ({ name: file, text: fs.readFileSync(subtitleFixture(file), 'latin1') }));
  return Array.from({ length: size }, (_, i) => {
    const base = pick(seeds);
    let text = base.text;
    const rounds = 1 + Math.floor(random() * 3);
    for (let r = 0; r < rounds; r++) text = pick(mutations)(text);
    return { name: `${i}:${base.name}`, text };
  });
}

describe('parseCaptions on a fuzzed corpus', () => {
  it('gives cues within the limits or a message for every file, never a throw or a hang', async () => {
    const files = corpus(400);
    let cuesFound = 0;
    let errors = 0;
    let slowest = 0;
    for (const file of files) {
      const started = performance.now();
      const result = await parseCaptions(file.text, captionFormatOf(file.name.split(':')[1]!) ?? undefined);
      slowest = Math.max(slowest, performance.now() - started);
      if (result.ok) {
        cuesFound++;
        expect(result.value.length).toBeLessThanOrEqual(CAPTION_LIMITS.maxCues);
        for (const cue of result.value) {
          expect(cue.text.length).toBeLessThanOrEqual(CAPTION_LIMITS.maxCueChars + 1);
          expect(Number.isFinite(cue.start)).toBe(true);
        }
      } else {
        errors++;
        expect(result.error.message).toMatch(/\w/);
      }
    }
    // Both outcomes occur: the corpus is neither all broken nor all harmless.
    expect(cuesFound).toBeGreaterThan(50);
    expect(errors).toBeGreaterThan(5);
    expect(slowest).toBeLessThan(2000);
  }, 120_000);

  it('refuses a 20 MB SRT at once, and parses a large real-sized one', async () => {
    const cue = (i: number) =>
      `${i}\n00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},000 --> 00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},900\nLine ${i} of a long file\n`;
    const huge = Array.from({ length: 400_000 }, (_, i) => cue(i)).join('\n');
    expect(huge.length).toBeGreaterThan(20_000_000);
    const started = performance.now();
    const refused = await parseCaptions(huge, 'srt');
    expect(performance.now() - started).toBeLessThan(500);
    expect(refused.ok === false && refused.error.code).toBe('captions/too-large');
    const large = await parseCaptions(Array.from({ length: 3000 }, (_, i) => cue(i)).join('\n'), 'srt');
    expect(large.ok && large.value.length).toBe(3000);
  }, 60_000);
});
