/**
 * The releases of the host contract: `shared-contracts/releases.json` records, per minor of
 * `shared-contracts`, the last commit built against it. The skew policy pairs today's apps with the
 * apps of the previous minor, named here.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One contracts minor and the last commit of the repository that was built against it. */
export interface Release {
  /** The `shared-contracts` version, `major.minor.patch`. */
  contracts: string;
  /** The full hash of the commit. */
  commit: string;
}

export const RELEASES_FILE = 'shared-contracts/releases.json';

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const COMMIT = /^[0-9a-f]{40}$/;

const parts = (version: string): [number, number] => {
  const match = VERSION.exec(version);
  if (!match) throw new Error(`"${version}" is not a major.minor.patch version`);
  return [Number(match[1]), Number(match[2])];
};

/** Validates the file's text: every entry a version and a full commit hash, one entry per minor. */
export function parseReleases(text: string, file = RELEASES_FILE): Release[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new Error(`${file} must be an array of { "contracts": "1.3.0", "commit": "<full hash>" }`);
  const seen = new Set<string>();
  return data.map((entry: unknown, index) => {
    const { contracts, commit } = (entry ?? {}) as Partial<Release>;
    if (typeof contracts !== 'string' || !VERSION.test(contracts))
      throw new Error(`${file}[${index}]: "contracts" must be a major.minor.patch version`);
    if (typeof commit !== 'string' || !COMMIT.test(commit))
      throw new Error(`${file}[${index}]: "commit" must be a full 40-character commit hash (git rev-parse <commit>)`);
    const minor = parts(contracts).join('.');
    if (seen.has(minor)) throw new Error(`${file}: contracts ${minor} is recorded twice; keep its last commit only`);
    seen.add(minor);
    return { contracts, commit };
  });
}

export function readReleases(root: string): Release[] {
  return parseReleases(fs.readFileSync(path.join(root, RELEASES_FILE), 'utf8'));
}

/** The `shared-contracts` version a checkout builds against. */
export function contractsVersionOf(root: string): string {
  return (JSON.parse(fs.readFileSync(path.join(root, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The release a host and remotes of `current` must still work with: the recorded release of the
 * highest minor below `current`'s, within its major (a major is refused across, by design).
 */
export function previousRelease(releases: readonly Release[], current: string): Release {
  const [major, minor] = parts(current);
  const candidates = releases
    .filter((release) => parts(release.contracts)[0] === major && parts(release.contracts)[1] < minor)
    .sort((a, b) => parts(b.contracts)[1] - parts(a.contracts)[1]);
  const previous = candidates[0];
  if (!previous) {
    throw new Error(
      minor === 0
        ? `contracts ${current} starts a major: there is no previous minor to pair with`
        : `${RELEASES_FILE} records no release of contracts ${major}.${minor - 1}: add { "contracts": "${major}.${minor - 1}.x", "commit": "<the last commit built against it>" }`,
    );
  }
  if (parts(previous.contracts)[1] !== minor - 1) {
    throw new Error(
      `${RELEASES_FILE} records contracts ${previous.contracts} but not ${major}.${minor - 1}: add the last commit built against ${major}.${minor - 1}`,
    );
  }
  return previous;
}
