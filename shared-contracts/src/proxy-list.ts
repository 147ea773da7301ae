/** The proxy list's entries (config `proxyUrls`, a user's proxy set): what each one is. */

/** One entry of the proxy list: a plain URL is a proxy worker; `api:` or `proxy:` prefixes declare the type. */
export interface ProxyEntry {
  type: 'proxy' | 'api';
  /** Without the prefix and without trailing slashes. */
  url: string;
}

/** Parses the proxy list: plain URL = proxy; `api:<url>` = remote scraping server; `proxy:<url>` = proxy. */
export function parseProxyList(entries: readonly string[] | undefined): ProxyEntry[] {
  const out: ProxyEntry[] = [];
  for (const raw of entries ?? []) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = /^(api|proxy):(?!\/\/)(.+)$/i.exec(entry);
    const type = (match?.[1]?.toLowerCase() as ProxyEntry['type'] | undefined) ?? 'proxy';
    const url = (match?.[2] ?? entry).trim().replace(/\/+$/, '');
    out.push({ type, url });
  }
  return out;
}

/** The first proxy worker of a list (its `api:` entries are scraping servers, not proxies), or undefined. */
export const firstProxyWorker = (entries: readonly string[] | undefined): string | undefined =>
  parseProxyList(entries).find((p) => p.type === 'proxy')?.url;
