/**
 * Just enough of the movie-web extension's relay protocol (window.postMessage, relayed by its content
 * script) to fetch one page: hello (500 ms timeout, first message 500 ms after start; docs/behaviour.md#scraping-extension) and
 * makeRequest. Answers are matched by instanceId.
 */
import type { PageFetcher } from '../../core/imdb';

interface Relayed {
  relayed?: unknown;
  instanceId?: unknown;
  body?: unknown;
}

const started = Date.now();
let counter = 0;

function send<T>(name: string, body: unknown, timeoutMs: number): Promise<T | null> {
  const wait = Math.max(0, 500 - (Date.now() - started));
  return new Promise((resolve) => {
    setTimeout(() => {
      const instanceId = `mw-discover-${Date.now().toString(36)}-${++counter}`;
      const finish = (value: T | null) => {
        clearTimeout(timer);
        window.removeEventListener('message', listener);
        resolve(value);
      };
      const listener = (event: MessageEvent) => {
        const data = event.data as Relayed | null;
        if (data && typeof data === 'object' && data.relayed === true && data.instanceId === instanceId)
          finish((data.body ?? null) as T | null);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      window.addEventListener('message', listener);
      window.postMessage({ name, body, instanceId }, '/');
    }, wait);
  });
}

interface Hello {
  success?: boolean;
  allowed?: boolean;
  hasPermission?: boolean;
}
interface RequestAnswer {
  success?: boolean;
  error?: string;
  response?: { statusCode: number; body: unknown };
}

let helloOnce: Promise<boolean> | null = null;

/** A PageFetcher through the extension, or null when none answers (or it is not allowed here). */
export async function extensionPageFetcher(): Promise<PageFetcher | null> {
  helloOnce ??= send<Hello>('hello', null, 500).then((h) => Boolean(h?.success && h.allowed && h.hasPermission));
  if (!(await helloOnce)) return null;
  return async (url, headers) => {
    const answer = await send<RequestAnswer>('makeRequest', { url, method: 'GET', headers }, 20_000);
    if (!answer?.success || !answer.response) throw new Error(`extension request failed: ${answer?.error ?? 'no answer'}`);
    if (answer.response.statusCode >= 400) throw new Error(`IMDb page answered HTTP ${answer.response.statusCode}`);
    const text = answer.response.body;
    return typeof text === 'string' ? text : JSON.stringify(text);
  };
}
