/**
 * The bandwidth estimate hls.js starts from (`abrEwmaDefaultEstimate`): its own default
 * (500 kbit/s) starts every stream at 240p or 360p for several seconds even on a local network. The
 * estimate measured on the last visit is used first, else 5 Mbit/s, which starts at 720p where the
 * ladder has it; ABR corrects it after the first fragments. The browser's downlink hint only lowers it
 * on a connection it classes as slow (2g, 3g): on "4g" Chromium reports an uninformed 1.4 Mbit/s
 * before it has measured anything (also on loopback), which would start at 360p.
 */
export const DEFAULT_START_ESTIMATE = 5_000_000;
const MIN_ESTIMATE = 300_000;
const MAX_ESTIMATE = 100_000_000;
export const BANDWIDTH_KEY = '__MW::player-bandwidth';

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/**
 * bits/s from a saved measurement (bits/s), else the default, lowered to the Network Information
 * downlink (Mbit/s) when the connection's effective type is slow.
 */
export function startBandwidthEstimate(
  saved: number | null | undefined,
  downlinkMbps: number | null | undefined,
  effectiveType?: string | null,
): number {
  if (typeof saved === 'number' && Number.isFinite(saved) && saved > 0) return Math.min(Math.max(saved, MIN_ESTIMATE), MAX_ESTIMATE);
  const hinted = typeof downlinkMbps === 'number' && Number.isFinite(downlinkMbps) && downlinkMbps > 0;
  if (hinted && effectiveType && SLOW_CONNECTIONS.has(effectiveType)) {
    return Math.min(Math.max(downlinkMbps * 1_000_000, MIN_ESTIMATE), DEFAULT_START_ESTIMATE);
  }
  // The hint is capped at 10 Mbit/s by browsers; a high one says "at least that".
  if (hinted) return Math.min(Math.max(downlinkMbps * 1_000_000, DEFAULT_START_ESTIMATE), MAX_ESTIMATE);
  return DEFAULT_START_ESTIMATE;
}

/** The estimate for this browser: localStorage and navigator.connection, each optional. */
export function browserStartEstimate(): number {
  let saved: number | null = null;
  try {
    saved = Number(localStorage.getItem(BANDWIDTH_KEY)) || null;
  } catch {
    // Storage unavailable (private mode, sandboxed frame): no saved estimate.
  }
  const connection =
    (typeof navigator !== 'undefined'
      ? (navigator as Navigator & { connection?: { downlink?: number; effectiveType?: string } }).connection
      : undefined) ?? undefined;
  return startBandwidthEstimate(saved, connection?.downlink, connection?.effectiveType);
}

/** Remembers hls.js's measured estimate for the next stream. */
export function saveBandwidthEstimate(bitsPerSecond: number): void {
  if (!Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return;
  try {
    localStorage.setItem(BANDWIDTH_KEY, String(Math.round(bitsPerSecond)));
  } catch {
    // Not saved: the next stream starts from the hint or the default.
  }
}
