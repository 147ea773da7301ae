import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resultsFile, writeResults } from './out-file';

const day = new Date('2026-11-28T04:30:00Z');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-bench-out-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('bench --out', () => {
  it.each([
    ['a folder given with a trailing slash', 'results/', 'abcdef1234567', 'results/2026-11-28-abcdef1.json'],
    ['a folder outside a git checkout', 'results/', null, 'results/2026-11-28-unknown.json'],
    ['a file', 'out/run.json', 'abcdef1234567', 'out/run.json'],
  ])('%s', (_case, out, commit, expected) => {
    expect(resultsFile(out, day, commit)).toBe(path.resolve(expected));
  });

  it('names the file after the day and commit when the path is an existing folder', () => {
    const dir = tempDir();
    expect(resultsFile(dir, day, '0123456789')).toBe(path.join(dir, '2026-11-28-0123456.json'));
  });

  it('writes the JSON, making the folders it needs', () => {
    const file = path.join(tempDir(), 'nested', 'run.json');
    writeResults(file, { build: { seconds: 12.5 } });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ build: { seconds: 12.5 } });
  });
});
