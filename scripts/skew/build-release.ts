/**
 * A recorded release's production builds, for the contract skew journeys:
 *   tsx scripts/skew/build-release.ts [previous | <contracts version> | <commit>]
 *
 * The release's tree is taken from git (`git archive`) into `.skew/<commit>/` (git-ignored), given this
 * checkout's installed packages when its lock file installs the same ones (its own workspace packages
 * stay its own, so old code builds against old contracts) or its own `npm ci` otherwise, and built with
 * its own build script. A built commit is reused as it is.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { APP_NAMES, APPS } from '../apps.ts';
import { distOf, ROOT } from '../site.ts';
import { contractsVersionOf, previousRelease, readReleases, RELEASES_FILE, type Release } from './releases.ts';

export const SKEW_DIR = path.join(ROOT, '.skew');
const BUILT_MARK = '.skew-built.json';

/** The release's commit is not in this clone (a shallow clone, or history that was rewritten). */
export class HistoryUnavailable extends Error {}

export interface BuiltRelease {
  release: Release;
  /** The release's tree, with each app's build in `<app dir>/dist` as in a checkout. */
  root: string;
  /** False when an earlier run had built it. */
  fresh: boolean;
  /** How its packages were installed. */
  packages: 'linked' | 'npm ci';
  /** Time spent here, in milliseconds (extracting, installing and building when fresh). */
  ms: number;
}

const run = promisify(execFile);
const git = async (...args: string[]) => (await run('git', ['-C', ROOT, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;

/** Why the release's commit cannot be read from this clone, or null when it can. */
export function missingHistory(release: Release): string | null {
  const gitSync = (...args: string[]) =>
    execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    gitSync('cat-file', '-e', `${release.commit}^{commit}`);
    return null;
  } catch {
    let shallow: boolean;
    try {
      shallow = gitSync('rev-parse', '--is-shallow-repository').trim() === 'true';
    } catch {
      return `contracts ${release.contracts} (${release.commit}): ${ROOT} is not a git checkout`;
    }
    return (
      `contracts ${release.contracts} (${release.commit}) is not in this clone's history` +
      (shallow ? ': it is a shallow clone; run `git fetch --unshallow` (CI clones with full history)' : '')
    );
  }
}

interface LockFile {
  packages: Record<string, { version?: string; resolved?: string; integrity?: string; link?: boolean }>;
}

/** What a lock file installs: every package path with its version and content hash, workspaces aside. */
export function installedSet(lock: LockFile): string[] {
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.includes('node_modules/') && !entry.link)
    .map(([key, entry]) => `${key}@${entry.version ?? ''} ${entry.integrity ?? entry.resolved ?? ''}`)
    .sort();
}

/** Workspace package name → its folder, from a lock file's links. */
const workspacesOf = (lock: LockFile) =>
  new Map(
    Object.entries(lock.packages)
      .filter(([key, entry]) => entry.link && key.startsWith('node_modules/') && entry.resolved)
      .map(([key, entry]) => [key.slice('node_modules/'.length), entry.resolved!]),
  );

/**
 * Gives `tree` this checkout's installed packages as a folder of links: each package to this checkout's
 * copy, except the workspaces, which link to `tree`'s own folders; a workspace's own nested packages too.
 */
function linkPackages(tree: string, lock: LockFile, currentLock: LockFile): void {
  const own = workspacesOf(lock);
  const current = workspacesOf(currentLock);
  const linkFolder = (from: string, to: string, prefix: string) => {
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from)) {
      const name = `${prefix}${entry}`;
      if (entry.startsWith('.') && entry !== '.bin') continue;
      if (entry.startsWith('@') && !prefix) {
        linkFolder(path.join(from, entry), path.join(to, entry), `${entry}/`);
      } else if (own.has(name)) {
        fs.symlinkSync(path.relative(to, path.join(tree, own.get(name)!)), path.join(to, entry));
      } else if (!current.has(name)) {
        fs.symlinkSync(path.join(from, entry), path.join(to, entry));
      }
    }
  };
  linkFolder(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), '');
  // A workspace of the release that is not one today still needs its link.
  for (const [name, folder] of own) {
    const link = path.join(tree, 'node_modules', name);
    if (!fs.existsSync(link)) {
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(path.relative(path.dirname(link), path.join(tree, folder)), link);
    }
  }
  for (const folder of own.values()) {
    const nested = path.join(ROOT, folder, 'node_modules');
    if (!fs.existsSync(nested) || !fs.existsSync(path.join(tree, folder))) continue;
    fs.mkdirSync(path.join(tree, folder, 'node_modules'));
    for (const entry of fs.readdirSync(nested)) fs.symlinkSync(path.join(nested, entry), path.join(tree, folder, 'node_modules', entry));
  }
}

/** Runs a command in `cwd`; rejects with its output when it fails. */
function runIn(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${code}):\n${output}`)),
    );
  });
}

const isBuilt = (tree: string) =>
  fs.existsSync(path.join(tree, BUILT_MARK)) &&
  APP_NAMES.every((app) => fs.existsSync(path.join(distOf(app, tree), APPS[app].kind === 'remote' ? 'mf-manifest.json' : 'index.html')));

/** The release's production builds in `.skew/<commit>/`, built unless an earlier run did. */
export async function buildRelease(release: Release, log: (line: string) => void = () => {}): Promise<BuiltRelease> {
  const started = performance.now();
  const root = path.join(SKEW_DIR, release.commit);
  const elapsed = () => performance.now() - started;
  if (isBuilt(root)) {
    const mark = JSON.parse(fs.readFileSync(path.join(root, BUILT_MARK), 'utf8')) as { packages: BuiltRelease['packages'] };
    return { release, root, fresh: false, packages: mark.packages, ms: elapsed() };
  }
  const missing = missingHistory(release);
  if (missing) throw new HistoryUnavailable(missing);
  const versionThen = (JSON.parse(await git('show', `${release.commit}:shared-contracts/package.json`)) as { version: string }).version;
  if (versionThen !== release.contracts) {
    throw new Error(`${RELEASES_FILE}: ${release.commit} builds against contracts ${versionThen}, not ${release.contracts}`);
  }

  // Built aside and moved into place whole, so an interrupted or concurrent run never leaves a half tree at `root`.
  const work = path.join(SKEW_DIR, `.partial-${release.commit}-${process.pid}`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  try {
    log(`[skew] contracts ${release.contracts}: extracting ${release.commit.slice(0, 7)} into ${path.relative(ROOT, root)}`);
    const archive = path.join(SKEW_DIR, `.partial-${release.commit}-${process.pid}.tar`);
    try {
      await git('archive', '-o', archive, release.commit);
      await runIn(work, 'tar', ['-xf', archive], process.env);
    } finally {
      fs.rmSync(archive, { force: true });
    }

    const lock = JSON.parse(await git('show', `${release.commit}:package-lock.json`)) as LockFile;
    const currentLock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
    const sameInstall = installedSet(lock).join('\n') === installedSet(currentLock).join('\n');
    const packages: BuiltRelease['packages'] = sameInstall ? 'linked' : 'npm ci';
    if (sameInstall) {
      linkPackages(work, lock, currentLock);
    } else {
      log(`[skew] its package-lock.json installs other packages than this checkout's: npm ci there`);
      await runIn(work, 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], process.env);
    }

    log(`[skew] building the host and the remotes of ${release.commit.slice(0, 7)}`);
    // The release's own build script, without the variants this process may have been asked for.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
    for (const name of ['MW_OUT_DIR', 'MW_BUILD_MARKER', 'MW_CONTRACTS_VERSION']) delete env[name];
    await runIn(work, process.execPath, [path.join(work, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts'], env);
    fs.writeFileSync(path.join(work, BUILT_MARK), JSON.stringify({ ...release, packages, ms: Math.round(elapsed()) }) + '\n');
    if (!isBuilt(work)) throw new Error(`the build of ${release.commit} left no dist/ for every app`);
    try {
      fs.renameSync(work, root);
    } catch (error) {
      // Another run finished the same commit first: its tree is as good as this one.
      if (!isBuilt(root)) throw error;
    }
    return { release, root, fresh: true, packages, ms: elapsed() };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The release named on the command line: `previous` (the default), a contracts version, or a recorded commit. */
export function pickRelease(name = 'previous', root = ROOT): Release {
  const releases = readReleases(root);
  if (name === 'previous') return previousRelease(releases, contractsVersionOf(root));
  const found = releases.find((r) => r.contracts === name || r.commit.startsWith(name));
  if (!found) throw new Error(`${RELEASES_FILE} records no release "${name}" (${releases.map((r) => r.contracts).join(', ')})`);
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const built = await buildRelease(pickRelease(process.argv[2]), (line) => console.log(line));
    const seconds = (built.ms / 1000).toFixed(1);
    console.log(
      built.fresh
        ? `Built contracts ${built.release.contracts} (${built.release.commit.slice(0, 7)}, packages ${built.packages}) in ${seconds} s: ${built.root}`
        : `Contracts ${built.release.contracts} (${built.release.commit.slice(0, 7)}) was already built: ${built.root}`,
    );
  } catch (error) {
    console.error(error instanceof HistoryUnavailable ? `Cannot build the release: ${error.message}` : error);
    process.exit(1);
  }
}
