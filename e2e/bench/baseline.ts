/**
 * The build `--baseline` measures beside this one: a folder holding the five apps' production builds as
 * in a checkout (`host/dist` and each `remote-<name>/dist`), or a git ref, built once into a folder of the system's
 * temporary directory and reused (not under node_modules: the build leaves what is there untranspiled). A ref whose lock file is this checkout's borrows this checkout's installed packages (its own
 * workspace packages stay its own), so no install is needed; another lock file needs a checkout with
 * `npm ci && npm run build` run there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES, APPS } from '../../scripts/apps.ts';
import { ROOT, distOf } from '../../scripts/site.ts';

const built = (root: string) => APP_NAMES.every((app) => fs.existsSync(path.join(distOf(app, root), 'index.html')));
const git = (...args: string[]) =>
  execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export interface Baseline {
  root: string;
  /** The commit measured, when known. */
  commit: string;
}

export function resolveBaseline(spec: string): Baseline {
  const asPath = path.resolve(spec);
  if (fs.existsSync(asPath) && fs.statSync(asPath).isDirectory()) {
    if (!built(asPath))
      throw new Error(
        `--baseline ${asPath}: no production build there (each of ${APP_NAMES.map((a) => `${APPS[a].dir}/dist`).join(', ')})`,
      );
    let commit = 'unknown';
    try {
      commit = execFileSync('git', ['-C', asPath, 'rev-parse', '--short', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      // a folder of builds, not a checkout: the figures are still the baseline's
    }
    return { root: asPath, commit };
  }
  let sha: string;
  try {
    sha = git('rev-parse', '--verify', `${spec}^{commit}`);
  } catch {
    throw new Error(`--baseline ${spec}: neither a folder nor a commit of this repository`);
  }
  const root = path.join(os.tmpdir(), 'mw-bench-baseline', sha.slice(0, 12));
  if (built(root)) return { root, commit: sha.slice(0, 7) };
  if (git('show', `${sha}:package-lock.json`) !== fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8').trim()) {
    throw new Error(
      `--baseline ${spec}: its package-lock.json differs from this checkout's; check it out elsewhere, run npm ci && npm run build there, and pass that folder`,
    );
  }
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  console.error(`[bench] building ${sha.slice(0, 7)} into ${root} for --baseline`);
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${sha} | tar -x -C "${root}"`], { stdio: 'inherit' });
  // This checkout's installed packages, except the workspaces, which are the ref's own folders.
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  const workspaces = new Set(fs.readdirSync(root));
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    const target = workspaces.has(entry) ? path.join('..', entry) : path.join(ROOT, 'node_modules', entry);
    fs.symlinkSync(target, path.join(modules, entry));
  }
  for (const dir of workspaces) {
    const own = path.join(ROOT, dir, 'node_modules');
    if (fs.existsSync(own) && fs.existsSync(path.join(root, dir))) {
      fs.mkdirSync(path.join(root, dir, 'node_modules'), { recursive: true });
      for (const entry of fs.readdirSync(own)) fs.symlinkSync(path.join(own, entry), path.join(root, dir, 'node_modules', entry));
    }
  }
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (!built(root)) throw new Error(`--baseline ${spec}: the build in ${root} left no dist/`);
  return { root, commit: sha.slice(0, 7) };
}
