import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../site.ts';
import { installedSet, missingHistory } from './build-release.ts';
import { contractsVersionOf, parseReleases, previousRelease, readReleases, type Release } from './releases.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

describe('the previous release', () => {
  const releases: Release[] = [
    { contracts: '1.3.0', commit: A },
    { contracts: '1.2.1', commit: B },
    { contracts: '0.9.0', commit: C },
  ];
  it.each([
    ['1.3.0', B],
    ['1.3.4', B],
    ['1.4.0', A],
  ])('of contracts %s is the recorded release of the minor below', (current, commit) => {
    expect(previousRelease(releases, current).commit).toBe(commit);
  });

  it.each([
    ['1.5.0', 'records contracts 1.3.0 but not 1.4'],
    ['1.2.0', 'records no release of contracts 1.1'],
    ['2.0.0', 'starts a major'],
  ])('of contracts %s is refused with what to record', (current, message) => {
    expect(() => previousRelease(releases, current)).toThrow(message);
  });
});

describe('releases.json', () => {
  it.each([
    ['{', 'is not JSON'],
    ['{}', 'must be an array'],
    [`[{ "contracts": "1.3", "commit": "${A}" }]`, '"contracts" must be a major.minor.patch version'],
    ['[{ "contracts": "1.3.0", "commit": "4dd30f4" }]', '"commit" must be a full 40-character commit hash'],
    [`[{ "contracts": "1.3.0", "commit": "${A}" }, { "contracts": "1.3.2", "commit": "${B}" }]`, 'contracts 1.3 is recorded twice'],
  ])('%s is refused', (text, message) => {
    expect(() => parseReleases(text)).toThrow(message);
  });

  it("records the previous minor of this checkout's contracts", () => {
    expect(() => previousRelease(readReleases(ROOT), contractsVersionOf(ROOT))).not.toThrow();
  });

  it('names, for each minor, a commit built against it', () => {
    const available = readReleases(ROOT).filter((release) => missingHistory(release) === null);
    expect(available.length, 'no recorded commit is in this clone (a shallow clone?)').toBeGreaterThan(0);
    for (const { contracts, commit } of available) {
      const then = JSON.parse(
        execFileSync('git', ['-C', ROOT, 'show', `${commit}:shared-contracts/package.json`], { encoding: 'utf8' }),
      ) as {
        version: string;
      };
      expect(then.version, commit).toBe(contracts);
    }
  });
});

describe('what a lock file installs', () => {
  const lock = (zod: { version: string; integrity: string; dev?: boolean }, contracts: string) => ({
    packages: {
      '': { version: '4.9.4' },
      'shared-contracts': { version: contracts },
      'node_modules/shared-contracts': { resolved: 'shared-contracts', link: true },
      'node_modules/zod': zod,
      'shared-contracts/node_modules/semver': { version: '7.8.6', integrity: 'sha512-s' },
    },
  });
  it('is the same whatever the workspaces declare or which packages are only for development', () => {
    expect(installedSet(lock({ version: '4.6.7', integrity: 'sha512-z' }, '1.2.0'))).toEqual(
      installedSet(lock({ version: '4.6.7', integrity: 'sha512-z', dev: true }, '1.3.0')),
    );
  });
  it('differs with a package of another version', () => {
    expect(installedSet(lock({ version: '4.6.7', integrity: 'sha512-z' }, '1.2.0'))).not.toEqual(
      installedSet(lock({ version: '4.6.8', integrity: 'sha512-y' }, '1.2.0')),
    );
  });
});
