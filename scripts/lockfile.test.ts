/**
 * `npm ci` refuses a lock file that misses a package some locked package may need, including the
 * optional ones of other platforms (rspack's native bindings, its wasm runtime): an install on this
 * machine can drop them, and every reproducible install elsewhere then fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './site.ts';

interface LockedPackage {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };

/** Where node resolves `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveFrom(from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return null;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lock file listing every workspace', () => {
    expect(lock.lockfileVersion).toBe(3);
    for (const workspace of manifest.workspaces) expect(lock.packages[workspace], workspace).toBeDefined();
  });

  it('locks every dependency of every locked package, optional ones of other platforms included', () => {
    const missing: string[] = [];
    for (const [at, pkg] of Object.entries(lock.packages)) {
      if (pkg.link) continue;
      const wanted = { ...pkg.dependencies, ...pkg.optionalDependencies };
      for (const name of Object.keys(wanted)) if (!resolveFrom(at, name)) missing.push(`${at || '(root)'} → ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
