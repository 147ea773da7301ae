import type { FetchRequest, FetchResponse, Fetcher } from '../types';
import { fullUrl, readResponse } from './common';

/** Plain fetch (the worker's, the page's or Node's). Headers a browser refuses are dropped by the browser. */
export function createDirectFetcher(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Fetcher {
  return async (request: FetchRequest): Promise<FetchResponse> => {
    const url = fullUrl(request);
    const response = await fetchImpl(url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      redirect: 'follow',
    });
    return readResponse(response, request, response.url || url);
  };
}
