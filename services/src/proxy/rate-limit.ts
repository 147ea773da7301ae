/**
 * Requests per client address in a fixed window, in memory (one proxy process; a deployment with many
 * instances limits at its edge instead), and who the client is behind trusted proxies.
 */
import ipaddr from 'ipaddr.js';

export interface RateLimit {
  /** Requests allowed per client per window. */
  max: number;
  windowMs: number;
}

export function createRateLimiter(limit: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(client: string): { ok: true } | { ok: false; retryAfterS: number } {
      const t = now();
      if (t - lastSweep > limit.windowMs) {
        for (const [key, window] of windows) if (t - window.start >= limit.windowMs) windows.delete(key);
        lastSweep = t;
      }
      let window = windows.get(client);
      if (!window || t - window.start >= limit.windowMs) {
        window = { start: t, count: 0 };
        windows.set(client, window);
      }
      window.count += 1;
      if (window.count <= limit.max) return { ok: true };
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((window.start + limit.windowMs - t) / 1000)) };
    },
  };
}

const normalise = (address: string): string => {
  try {
    const parsed = ipaddr.parse(address.trim().replace(/^\[|\]$/g, ''));
    return (
      parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed
    ).toString();
  } catch {
    return address.trim();
  }
};

/** Whether `address` is one of `trusted` (addresses, or CIDR ranges such as `10.0.0.0/8`). */
function isTrusted(address: string, trusted: readonly string[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(normalise(address));
  } catch {
    return false;
  }
  return trusted.some((entry) => {
    try {
      if (entry.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        return parsed.kind() === range.kind() && parsed.match([range, bits]);
      }
      return normalise(entry) === parsed.toString();
    } catch {
      return false;
    }
  });
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then the right-most
 * address of `X-Forwarded-For` that is not itself a trusted proxy (the left-most entries are whatever
 * the client wrote and prove nothing).
 */
export function clientAddress(socketAddress: string, forwardedFor: string | null, trustedProxies: readonly string[]): string {
  const socket = normalise(socketAddress);
  if (!forwardedFor || !isTrusted(socket, trustedProxies)) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(hops[i]!, trustedProxies)) return normalise(hops[i]!);
  return socket;
}
