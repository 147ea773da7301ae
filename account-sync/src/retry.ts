/**
 * Retry policy of the sync engine as data, so no change is lost (docs/behaviour.md#sync-rules): transient failures keep the
 * item and back off; only a permanent 4xx drops it; an auth failure stops pushing until the session is
 * checked (a restore logs out on 400/401/403).
 */
import { BackendError } from './api';

export type FailureDecision = 'retry' | 'drop' | 'auth';

export function decide(error: unknown): FailureDecision {
  if (!(error instanceof BackendError)) return 'retry';
  switch (error.kind) {
    case 'network':
    case 'server':
    case 'rate-limited':
      return 'retry';
    case 'not-backend':
      // A URL that suddenly answers HTML is a broken deploy or a captive portal: keep the data.
      return 'retry';
    case 'unexpected-response':
      // A body of another shape is a broken or foreign server, not bad data of ours: keep it (the
      // writes are idempotent, so sending one again after the server took it is harmless).
      return 'retry';
    case 'auth':
      return 'auth';
    case 'client':
      return 'drop';
  }
}

/**
 * The profile fetch (GET /users/@me) answering 401, 403 or 400 means the user is logged out. Any
 * 400 there, whatever its message: the only input of that request is the token. Other routes keep their
 * classification (a 400 there is about the data sent, e.g. "Already bookmarked").
 */
export function profileFetchLogsOut(error: unknown): error is BackendError {
  return error instanceof BackendError && (error.kind === 'auth' || error.status === 400);
}

export const BACKOFF = { baseMs: 5_000, maxMs: 30_000 } as const;

/** Delay before the next attempt after `failures` consecutive transient failures (1 → base). */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const exponential = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** (failures - 1));
  // Up to 20% jitter so many tabs/devices do not retry in lockstep.
  return Math.round(exponential * (0.8 + 0.2 * random()));
}
