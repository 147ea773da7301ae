/**
 * Finds where a file's text reaches outside the repository (see repo-bounds.test.ts): a user's clone
 * has nothing beside it.
 */
import path from 'node:path';
import { ROOT } from './site.ts';

export interface Escape {
  line: number;
  text: string;
  why: string;
}

/**
 * Where a file's text reaches outside the repository. Looks at: the sibling folder named shared;
 * relative path strings (`'../x'`, `new URL('../x', import.meta.url)`, tsconfig includes) resolved
 * from the file's folder; and `path.join/resolve(<the file's folder or ROOT>, '..', …)` built from
 * segments.
 */
export function findEscapes(file: string, text: string, root = ROOT): Escape[] {
  const dir = path.dirname(path.join(root, file));
  const escapes: Escape[] = [];
  const within = (target: string) => {
    const relative = path.relative(root, target);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  text.split('\n').forEach((line, index) => {
    const add = (why: string) => escapes.push({ line: index + 1, text: line.trim().slice(0, 160), why });
    if (/\.\.[/\\]shared(?![\w-])|['"`]shared['"`]|shared[/\\]fixtures/.test(line)) {
      add('names the shared folder beside the repository');
      return;
    }
    for (const match of line.matchAll(/['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g)) {
      if (!within(path.resolve(dir, match[1]!))) add(`'${match[1]}' resolves outside the repository`);
    }
    for (const call of line.matchAll(/path\.(?:join|resolve)\(([^;]*)\)/g)) {
      const args = call[1]!.split(',').map((arg) => arg.trim());
      const base = args[0] ?? '';
      const from = /import\.meta\.(?:url|dirname)|__dirname/.test(base) ? dir : /^ROOT$/.test(base) ? root : null;
      if (!from) continue;
      const segments = args.slice(1).map((arg) => /^['"`]([^'"`]*)['"`]$/.exec(arg)?.[1]);
      const literal: string[] = [];
      for (const segment of segments) {
        if (segment === undefined) break;
        literal.push(segment);
      }
      if (literal.length && !within(path.resolve(from, ...literal)))
        add(`path built from ${literal.map((s) => `'${s}'`).join(', ')} leaves the repository`);
    }
  });
  return escapes;
}
