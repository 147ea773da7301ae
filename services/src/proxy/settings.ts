/**
 * The proxy's settings from its environment (process environment on Node, bindings in a worker).
 *
 * Environment (all optional):
 * - PROXY_TOKEN: requests need `X-Token: <token>`.
 * - PROXY_ALLOW: public destination origins, comma-separated; `*` for any public destination.
 * - PROXY_ALLOW_INTERNAL: origins on loopback or private addresses that may be reached (comma-separated).
 * - PROXY_DENY: origins never reached (the site's own services on public addresses).
 * - PROXY_CORS_ORIGINS: origins allowed to read answers (`*`, exact, or `scheme://host:*`); default none.
 * - PROXY_TRUSTED_PROXIES: addresses or CIDR ranges whose `X-Forwarded-For` is believed.
 * - PROXY_RATE_LIMIT: requests per client per minute (default 1200; 0 turns the limit off).
 * - PROXY_TIMEOUT_MS: upstream timeout (default 20000).
 */
import type { ProxyConfig } from './handler';
import type { DestinationPolicy } from './policy';

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export interface ProxySettings {
  config: Omit<ProxyConfig, 'fetch'>;
  trustedProxies: string[];
}

export function settingsFromEnv(env: Record<string, string | undefined>, log: (line: string) => void): ProxySettings {
  const allow = list(env.PROXY_ALLOW);
  const internal = new Set(list(env.PROXY_ALLOW_INTERNAL).map((u) => new URL(u).origin));
  const denied = new Set(list(env.PROXY_DENY).map((u) => new URL(u).origin));
  const origins = new Set(allow.filter((a) => a !== '*').map((u) => new URL(u).origin));
  const perMinute = env.PROXY_RATE_LIMIT === undefined || env.PROXY_RATE_LIMIT === '' ? 1200 : Number(env.PROXY_RATE_LIMIT);
  const policy: DestinationPolicy = {
    allowAll: allow.includes('*'),
    origins: () => origins,
    internalOrigins: () => internal,
    deniedOrigins: () => denied,
  };
  return {
    config: {
      token: env.PROXY_TOKEN || undefined,
      policy,
      corsOrigins: list(env.PROXY_CORS_ORIGINS),
      rateLimit: Number.isFinite(perMinute) && perMinute > 0 ? { max: perMinute, windowMs: 60_000 } : null,
      timeoutMs: Number(env.PROXY_TIMEOUT_MS) || 20_000,
      log,
    },
    trustedProxies: list(env.PROXY_TRUSTED_PROXIES),
  };
}
