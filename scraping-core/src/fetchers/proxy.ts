/**
 * Requests through the configured proxy workers (movie-web simple-proxy protocol, docs/services.md):
 * `<proxy>/?destination=<url>`, `X-Token`, and the headers a browser cannot set in prefixed form.
 * Round-robin over the list, one step per request.
 */
import { parseProxyList } from 'shared-contracts/proxy-list';
import type { FetchRequest, FetchResponse, Fetcher } from '../types';
import { fullUrl, readResponse } from './common';

const PREFIXED: Record<string, string> = { cookie: 'X-Cookie', referer: 'X-Referer', origin: 'X-Origin', 'user-agent': 'X-User-Agent' };

// The prefix rule is the one the host's catalog proxying also follows.
export { parseProxyList } from 'shared-contracts/proxy-list';

export interface ProxyFetcherOptions {
  urls: readonly string[];
  token?: string;
  captchaToken?: string;
  fetchImpl?: typeof fetch;
}

/** Requests through the proxy workers of a proxy list (its proxy entries), or null when it names none. */
export function proxyFetcherFromList(
  proxyUrls: readonly string[] | undefined,
  options: Omit<ProxyFetcherOptions, 'urls'> = {},
): Fetcher | null {
  const urls = parseProxyList(proxyUrls)
    .filter((p) => p.type === 'proxy')
    .map((p) => p.url);
  return urls.length ? createProxyFetcher({ ...options, urls }) : null;
}

export function createProxyFetcher(options: ProxyFetcherOptions): Fetcher {
  if (options.urls.length === 0) throw new Error('createProxyFetcher: no proxy URL');
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  let next = 0;
  return async (request: FetchRequest): Promise<FetchResponse> => {
    const base = options.urls[next % options.urls.length] as string;
    next += 1;
    const destination = fullUrl(request);
    const proxied = new URL(base.endsWith('/') ? base : `${base}/`);
    proxied.searchParams.set('destination', destination);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[PREFIXED[name.toLowerCase()] ?? name] = value;
    if (options.token) headers['X-Token'] = options.token;
    if (options.captchaToken) headers['cf-turnstile-response'] = options.captchaToken;
    const response = await fetchImpl(proxied.toString(), {
      method: request.method ?? 'GET',
      headers,
      body: request.body,
      signal: request.signal,
    });
    const out = await readResponse(response, request, response.headers.get('x-final-destination') ?? destination);
    const setCookie = response.headers.get('x-set-cookie');
    if (setCookie) out.headers['set-cookie'] = setCookie;
    return out;
  };
}
