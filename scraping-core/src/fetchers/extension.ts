/**
 * The engine's side of the browser extension (docs/behaviour.md#scraping-extension): requests through
 * `makeRequest`, stream rules through `prepareStream`. The bridge itself (postMessage to the content
 * script) runs on the main thread: see ../extension-bridge.ts.
 */
import { classifyExtensionHello, EXTENSION_VERSION_RANGE } from 'shared-contracts/extension';
import { ok, type Result } from '../result';
import { scrapeError, type ScrapeError } from '../errors';
import type { ExtensionBridge, ExtensionHello, ExtensionPrepareStream, FetchRequest, FetchResponse, Fetcher, Stream } from '../types';
import { fullUrl } from './common';

export { EXTENSION_VERSION_RANGE };

/** hello, then the checks of shared-contracts/extension: answered, version ^1.0.2, allowed on this site with permission. */
export async function checkExtension(bridge: ExtensionBridge): Promise<Result<ExtensionHello, ScrapeError>> {
  let hello: ExtensionHello | null;
  try {
    hello = await bridge.hello();
  } catch (error) {
    return { ok: false, error: scrapeError('scrape/extension-disabled', `hello failed: ${String(error)}`) };
  }
  const check = classifyExtensionHello(hello);
  switch (check.status) {
    case 'missing':
      return { ok: false, error: scrapeError('scrape/extension-disabled', 'no answer to hello') };
    case 'outdated':
      return {
        ok: false,
        error: scrapeError('scrape/extension-disabled', `version ${check.hello.version} does not satisfy ${EXTENSION_VERSION_RANGE}`),
      };
    case 'disallowed':
      return { ok: false, error: scrapeError('scrape/extension-disabled', 'not allowed on this site') };
    case 'ready':
      return ok(check.hello);
  }
}

function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body === undefined || body === null) return '';
  return JSON.stringify(body);
}

export function createExtensionFetcher(bridge: ExtensionBridge): Fetcher {
  return async (request: FetchRequest): Promise<FetchResponse> => {
    if (request.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const url = fullUrl(request);
    const answer = await bridge.makeRequest({
      url,
      method: request.method ?? 'GET',
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body, bodyType: 'string' as const } : {}),
    });
    if (!answer) throw new Error('extension did not answer');
    if (!answer.success) throw new Error(`extension request failed: ${answer.error}`);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(answer.response.headers)) headers[key.toLowerCase()] = value;
    return { status: answer.response.statusCode, headers, finalUrl: answer.response.finalUrl || url, body: bodyText(answer.response.body) };
  };
}

/** The hosts a stream loads from (playlist, qualities, captions). */
export function streamDomains(stream: Stream): string[] {
  const urls = stream.type === 'hls' ? [stream.playlist] : Object.values(stream.qualities).map((q) => q?.url ?? '');
  urls.push(...stream.captions.map((c) => c.url));
  const hosts = new Set<string>();
  for (const url of urls) {
    try {
      hosts.add(new URL(url).hostname);
    } catch {
      // not a URL (empty quality): nothing to allow
    }
  }
  return [...hosts];
}

/** The rule the extension installs so the player may load the stream: its domains, its headers, CORS opened. */
export function prepareStreamRequest(stream: Stream, ruleId = 1): ExtensionPrepareStream {
  return {
    ruleId,
    targetDomains: streamDomains(stream),
    requestHeaders: { ...stream.preferredHeaders, ...stream.headers },
    responseHeaders: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET,HEAD,OPTIONS',
      'Access-Control-Allow-Headers': '*',
    },
  };
}
