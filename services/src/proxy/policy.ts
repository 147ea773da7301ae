/**
 * Which destinations the proxy may reach (it must not reach inside the network it runs in). Public addresses are
 * reachable when the proxy is open (`allowAll`) or the origin is listed; loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast and other non-public addresses only when their exact
 * origin is listed in `internalOrigins`; `deniedOrigins` never. The check applies to the address a
 * name resolves to (every one of them), not only to the name in the URL.
 */
import ipaddr from 'ipaddr.js';

export interface DestinationPolicy {
  /** Any public http(s) destination (a public proxy, `PROXY_ALLOW=*`). */
  allowAll: boolean;
  /** Public origins allowed when not `allowAll`. */
  origins: () => ReadonlySet<string>;
  /** Origins on internal addresses that may be reached (the local library of a local run, say). */
  internalOrigins: () => ReadonlySet<string>;
  /** Origins never reached, public or not (the site's own services). */
  deniedOrigins: () => ReadonlySet<string>;
}

/** Whether an IP address (v4 or v6, IPv4-mapped included) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The IP address a URL's host names literally, or null when it is a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : null;
}

/** Names that always mean this machine or its network, whatever DNS says. */
const LOCAL_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.(localhost|local|internal|lan|home\.arpa)$/i;

export type Verdict = { ok: true } | { ok: false; reason: string };

/** What the URL alone says (scheme, credentials, lists, literal and local names); addresses come later. */
export function checkUrl(policy: DestinationPolicy, target: URL): Verdict {
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return { ok: false, reason: `Only http and https destinations are allowed, not ${target.protocol}` };
  if (target.username || target.password) return { ok: false, reason: 'Destinations with credentials are not allowed' };
  if (policy.deniedOrigins().has(target.origin))
    return { ok: false, reason: `The destination ${target.origin} is one of this site's own services` };
  if (policy.internalOrigins().has(target.origin)) return { ok: true };
  const literal = literalAddress(target.hostname);
  if ((literal && !isPublicAddress(literal)) || LOCAL_NAMES.test(target.hostname))
    return { ok: false, reason: `The destination ${target.origin} is on a private or local network` };
  if (!policy.allowAll && !policy.origins().has(target.origin))
    return { ok: false, reason: `The destination origin ${target.origin} is not on this proxy's allow-list` };
  return { ok: true };
}

/** Whether a connection to `address` may be made for `origin` (checked when the name has resolved). */
export function checkAddress(policy: DestinationPolicy, origin: string, address: string): Verdict {
  if (policy.internalOrigins().has(origin)) return { ok: true };
  if (isPublicAddress(address)) return { ok: true };
  return { ok: false, reason: `The destination ${origin} resolves to a private or local address` };
}
