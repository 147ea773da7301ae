/**
 * Onboarding's proxy step (docs/behaviour.md#settings-proxy-check): 'Not a valid URL', 'Could not connect to proxy', 'Expected a proxy
 * but got a website'. A proxy worker answers its root with JSON naming itself.
 */
import type { FetchLike } from 'account-sync/api';

export type ProxyCheck = { ok: true; url: string } | { ok: false; error: 'invalid-url' | 'unreachable' | 'not-proxy' };

/** Worker URLs must not end with a slash (docs/behaviour.md#scraping-proxies). */
export function normalizeProxyUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

export async function checkProxy(input: string, fetchImpl: FetchLike = (i, o) => fetch(i, o), timeoutMs = 8000): Promise<ProxyCheck> {
  const url = normalizeProxyUrl(input);
  if (!url) return { ok: false, error: 'invalid-url' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: controller.signal });
  } catch {
    return { ok: false, error: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = await response.json().catch(() => null);
  const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : '';
  return /proxy/i.test(message) ? { ok: true, url } : { ok: false, error: 'not-proxy' };
}
