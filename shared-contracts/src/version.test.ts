import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACTS_VERSION, checkContractsVersion } from './version';

describe('contracts version', () => {
  it('matches the package version (the build bakes the package version into each remote)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(CONTRACTS_VERSION).toBe(pkg.version);
  });

  it.each([
    ['1.0.0', '1.0.0', true],
    ['1.4.2', '1.4.0', true],
    // The previous minor and the next one: the skew a policy of independent deploys allows.
    ['1.3.0', '1.4.0', true],
    ['1.5.1', '1.4.0', true],
    // Further apart the host no longer keeps what the remote uses, or the remote needs what the host lacks.
    ['1.2.9', '1.4.0', false],
    ['1.6.0', '1.4.0', false],
    ['1.4.2', '1.0.0', false],
    ['2.0.0', '1.0.0', false],
    ['0.9.0', '1.0.0', false],
    [undefined, '1.0.0', false],
    ['banana', '1.0.0', false],
  ])('remote %s on host %s → ok %s', (remote, host, ok) => {
    const result = checkContractsVersion(remote, host);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toMatch(/contracts/);
  });
});
