/**
 * No TypeScript source file is over 500 lines: a file that long holds more than one thing, and each
 * part is easier to read, test and change in a file named after what it owns. Data tables are the
 * exception: a table is read one row at a time, and cutting it in pieces helps nobody.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 500;

/** Files that are tables of data (the local catalog's titles), not code: allowed at any length. */
const DATA_TABLES = ['services/src/catalog/data.ts'];

const SOURCE = /\.tsx?$/;

/** Lines as `wc -l` and an editor count them: a last line without a newline still counts. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** The source files over the limit that no list allows, as `path (lines)`. */
export function oversized(files: ReadonlyArray<{ file: string; lines: number }>, allowed: ReadonlyArray<string>): string[] {
  return files
    .filter(({ file, lines }) => SOURCE.test(file) && lines > MAX_LINES && !allowed.includes(file))
    .map(({ file, lines }) => `${file} (${lines})`);
}

/** Tracked and new (not ignored) files, as a fresh clone would have them after the next commit. */
function sourceFiles(): Array<{ file: string; lines: number }> {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && fs.existsSync(path.join(ROOT, file)))
    .map((file) => ({ file, lines: lineCount(fs.readFileSync(path.join(ROOT, file), 'utf8')) }));
}

describe('source file size', () => {
  it('counts lines as wc -l does, and a last line without a newline too', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('\n\n')).toBe(2);
  });

  it.each([
    { name: 'a file at the limit passes', files: [{ file: 'a/b.ts', lines: 500 }], allowed: [], found: [] },
    { name: 'a file one line over fails', files: [{ file: 'a/b.ts', lines: 501 }], allowed: [], found: ['a/b.ts (501)'] },
    { name: 'a component over fails', files: [{ file: 'a/B.tsx', lines: 900 }], allowed: [], found: ['a/B.tsx (900)'] },
    { name: 'a listed data table passes', files: [{ file: 'a/data.ts', lines: 2000 }], allowed: ['a/data.ts'], found: [] },
    { name: 'other kinds of files are not counted', files: [{ file: 'a/b.json', lines: 2000 }], allowed: [], found: [] },
  ])('$name', ({ files, allowed, found }) => {
    expect(oversized(files, allowed)).toEqual(found);
  });

  it(`no source file is over ${MAX_LINES} lines outside the data tables`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(oversized(files, DATA_TABLES)).toEqual([]);
  });

  it('every listed data table exists', () => {
    const lines = new Map(sourceFiles().map(({ file, lines }) => [file, lines]));
    for (const file of DATA_TABLES) expect(lines.has(file), `${file} is listed as a data table but does not exist`).toBe(true);
  });
});
