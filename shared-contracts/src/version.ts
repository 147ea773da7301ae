/** Semver version of the contracts between the host and the remotes. A remote built against another major is refused. */
export const CONTRACTS_VERSION = '1.3.0';

export type ContractsCheck = { ok: true } | { ok: false; reason: string };

/** A remote can run in this host when it was built against the same major version of the contracts. */
export function checkContractsVersion(remoteVersion: unknown, hostVersion: string = CONTRACTS_VERSION): ContractsCheck {
  if (typeof remoteVersion !== 'string' || !/^\d+\.\d+\.\d+/.test(remoteVersion)) {
    return { ok: false, reason: `it does not declare a contracts version (host has ${hostVersion})` };
  }
  const remoteMajor = remoteVersion.split('.')[0];
  const hostMajor = hostVersion.split('.')[0];
  if (remoteMajor !== hostMajor) {
    return { ok: false, reason: `it was built against contracts ${remoteVersion}, this site runs contracts ${hostVersion}` };
  }
  return { ok: true };
}
