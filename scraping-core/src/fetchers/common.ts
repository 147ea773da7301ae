import { ScrapeFailure } from '../errors';
import type { FetchRequest, FetchResponse, Fetcher } from '../types';

/** request.url with request.query appended. */
export function fullUrl(request: Pick<FetchRequest, 'url' | 'query'>): string {
  if (!request.query || Object.keys(request.query).length === 0) return request.url;
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  return url.toString();
}

export function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/** Reads a fetch Response into the engine's plain response. */
export async function readResponse(response: Response, request: FetchRequest, finalUrl: string): Promise<FetchResponse> {
  const headers = headersToRecord(response.headers);
  if (request.method === 'HEAD') return { status: response.status, headers, finalUrl, body: '' };
  if (request.responseType === 'bytes') {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers, finalUrl, body: '', bytes };
  }
  return { status: response.status, headers, finalUrl, body: await response.text() };
}

/** GET and parse JSON; a non-2xx answer throws ScrapeFailure (404 → not found, others → failed). */
export async function getJson<T>(fetcher: Fetcher, request: FetchRequest): Promise<T> {
  const response = await fetcher({ ...request, headers: { Accept: 'application/json', ...request.headers } });
  if (response.status === 404) throw new ScrapeFailure('scrape/not-found', `${request.url}: 404`);
  if (response.status < 200 || response.status >= 300) throw new ScrapeFailure('scrape/failed', `${request.url}: HTTP ${response.status}`);
  try {
    return JSON.parse(response.body) as T;
  } catch {
    throw new ScrapeFailure('scrape/failed', `${request.url}: not JSON`);
  }
}

/** Whether a header belongs to those a page cannot set itself (the proxy and extension carry them). */
export const FORBIDDEN_HEADERS = ['cookie', 'referer', 'origin', 'user-agent'] as const;
