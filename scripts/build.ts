/**
 * Production build of every app (or the named ones) in one rspack multi-compiler run.
 *   tsx scripts/build.ts [--missing] [app ...]
 * --missing builds only apps without a dist/ (what `npm start` does on a fresh clone).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_NAMES, APPS, type AppName } from './apps.ts';
import { ROOT, distOf } from './site.ts';

const rspackCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@rspack/cli/package.json')), 'bin', 'rspack.js');

export function isBuilt(app: AppName): boolean {
  const dist = distOf(app);
  const needed = APPS[app].kind === 'remote' ? ['index.html', 'mf-manifest.json'] : ['index.html', 'config.json'];
  return needed.every((file) => fs.existsSync(path.join(dist, file)));
}

/**
 * Runs the rspack CLI once per app, all at once. (Not in-process: under tsx, esbuild's __name helper
 * would leak into runtime code that Module Federation serialises with Function#toString.)
 */
export async function buildApps(apps: readonly AppName[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const results = await Promise.all(
    apps.map(
      (app) =>
        new Promise<{ app: AppName; code: number | null; output: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            [rspackCli, 'build', '--mode', 'production', '-c', path.join(ROOT, APPS[app].dir, 'rspack.config.ts')],
            {
              cwd: path.join(ROOT, APPS[app].dir),
              env: { ...process.env, NODE_ENV: 'production', ...env },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let output = '';
          child.stdout.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr.on('data', (d: Buffer) => (output += d.toString()));
          child.on('close', (code) => resolve({ app, code, output }));
        }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) console.error(`--- ${r.app} build failed ---\n${r.output}`);
  if (failed.length) throw new Error(`build failed: ${failed.map((r) => r.app).join(', ')}`);
  return performance.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const missing = args.includes('--missing');
  const named = args.filter((a) => !a.startsWith('--')) as AppName[];
  for (const name of named) if (!APP_NAMES.includes(name)) throw new Error(`unknown app ${name}; known: ${APP_NAMES.join(', ')}`);
  const apps = (named.length ? named : APP_NAMES).filter((app) => !missing || !isBuilt(app));
  if (apps.length === 0) {
    console.log('All apps are built.');
  } else {
    const ms = await buildApps(apps);
    console.log(`Built ${apps.join(', ')} in ${(ms / 1000).toFixed(1)} s`);
  }
}
