/**
 * The repository stands alone: a user's clone has nothing beside it, so no source, test, script or
 * config file may refer to a path above the repository's root (such as the sibling folder of shared fixtures that
 * sits beside the developers' checkout), whether written as one string or built from segments.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEscapes } from './repo-bounds.ts';
import { ROOT } from './site.ts';

const SELF = 'scripts/repo-bounds.test.ts';
const CODE = /\.(?:[cm]?[jt]sx?|json|sh|ya?ml|html)$|^\.ci\/run$|(?:^|\/)\.npmrc$/;

/** Tracked and new (not ignored) files, as a fresh clone would have them after the next commit. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return (
    out
      .split('\0')
      // This file's own examples are the ways out it must recognise.
      .filter((file) => file && CODE.test(file) && !file.startsWith('fixtures/') && file !== 'package-lock.json' && file !== SELF)
      .filter((file) => fs.existsSync(path.join(ROOT, file)))
  );
}

const inside = (target: string) => {
  const relative = path.relative(ROOT, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

describe('the repository stands alone', () => {
  it('finds the ways out it is meant to find', () => {
    const at = (file: string, text: string) => findEscapes(file, text, '/repo').map((e) => e.why);
    // The sibling folder's name is assembled here, so this file does not name it itself.
    const sibling = ['sha', 'red'].join('');
    expect(at('a/b/c.ts', `const f = '../../../${sibling}/fixtures/tmdb';`)).toHaveLength(1);
    expect(at('e2e/x.spec.ts', `path.join(ROOT, '..', '${sibling}', 'fixtures', 'x.srt')`)).toHaveLength(1);
    expect(
      at('services/src/a/b.ts', "path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'elsewhere')"),
    ).toHaveLength(1);
    expect(at('a/b.ts', "new URL('../../outside.txt', import.meta.url)")).toHaveLength(1);
    expect(at('a/tsconfig.json', '"include": ["src", "../shared-contracts/src/styled.d.ts"]')).toEqual([]);
    expect(at('a/b/c.ts', "import x from '../../shared-contracts/src/index.ts';")).toEqual([]);
    expect(at('a/b/c.ts', "path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')")).toEqual([]);
  });

  it('no source, test, script or config file refers to a path outside the repository', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      findEscapes(file, fs.readFileSync(path.join(ROOT, file), 'utf8')).map((e) => `${file}:${e.line}: ${e.why}\n    ${e.text}`),
    );
    expect(found).toEqual([]);
  });

  it('the fixtures the tests use are in the repository, with their sources', () => {
    for (const folder of ['tmdb', 'subtitles']) {
      const dir = path.join(ROOT, 'fixtures', folder);
      expect(inside(dir)).toBe(true);
      expect(fs.existsSync(path.join(dir, 'SOURCES.md'))).toBe(true);
    }
  });
});
