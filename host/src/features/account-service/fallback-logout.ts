/**
 * Logout when the account remote (and so its service) could not be loaded (spec §4): delete this
 * device's server session, failures ignored, then forget the account locally through the host's one
 * `clearAccountData` action, the same local clear the account service's logout uses.
 */
import type { Account, HostActions } from 'shared-contracts';

export interface FallbackLogoutInput {
  account: Account | null;
  /** The backend in use (custom or configured); empty when none. */
  backendUrl: string;
  clearAccountData: HostActions['clearAccountData'];
  fetch?: typeof fetch;
  /** The server session delete is abandoned after this long (ms). */
  timeoutMs?: number;
}

export async function fallbackLogout({
  account,
  backendUrl,
  clearAccountData,
  fetch: fetchImpl = fetch,
  timeoutMs = 5000,
}: FallbackLogoutInput): Promise<void> {
  const backend = backendUrl.replace(/\/+$/, '');
  if (account && backend) {
    try {
      await fetchImpl(`${backend}/sessions/${encodeURIComponent(account.sessionId)}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${account.token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      // Spec §4: failures to delete the server session are ignored; the device forgets it anyway.
    }
  }
  clearAccountData();
}
