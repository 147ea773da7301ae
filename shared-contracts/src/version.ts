/**
 * Semver version of the contracts between the host and the remotes. A remote built against another major
 * is refused. A host works with remotes built against its minor and the one before, and a remote with
 * hosts of its minor and the one before.
 *
 * What 1.4 keeps only for 1.3 peers (remove in 1.5):
 * - A 1.4 host's HostApi.actions still carries the AccountSyncPort verbs (setAccount, readAccountState,
 *   …): a 1.3 account remote's pages run their own account service against them.
 * - A 1.4 account remote still exposes `services.account` (RemoteAccountService, started with an
 *   AccountServiceHost): a 1.3 host runs no account service of its own and loads that one. Its pages use
 *   HostApi.accountService when it can sign in (a 1.4 host), and that same service otherwise.
 */
export const CONTRACTS_VERSION = '1.4.0';

export type ContractsCheck = { ok: true } | { ok: false; reason: string };

/**
 * A remote can run in this host when it was built against the same major version of the contracts and a
 * minor at most one apart: the host's own or the one before (the host keeps what those remotes use), or
 * the one after (the remote does without what its minor added, as the host does with an older remote).
 */
export function checkContractsVersion(remoteVersion: unknown, hostVersion: string = CONTRACTS_VERSION): ContractsCheck {
  if (typeof remoteVersion !== 'string' || !/^\d+\.\d+\.\d+/.test(remoteVersion)) {
    return { ok: false, reason: `it does not declare a contracts version (host has ${hostVersion})` };
  }
  const [remoteMajor, remoteMinor] = remoteVersion.split('.').map(Number);
  const [hostMajor, hostMinor] = hostVersion.split('.').map(Number);
  if (remoteMajor !== hostMajor || Math.abs(remoteMinor! - hostMinor!) > 1) {
    return { ok: false, reason: `it was built against contracts ${remoteVersion}, this site runs contracts ${hostVersion}` };
  }
  return { ok: true };
}
