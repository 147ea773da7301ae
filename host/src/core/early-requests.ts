/**
 * Requests the page starts before the app's scripts run (index.html, `<script id="page-start">`):
 * /config.json, /remotes.json, the first page's remote manifest and the first catalog row it shows, fetched
 * while the browser still compiles the scripts instead of once they have run. Each answer goes to its first reader only, the same
 * URL read again is fetched afresh, and the page drops what nobody read within 10 s.
 */

type EarlyRequests = Record<string, Promise<Response> | undefined>;

interface EarlyScope {
  __mwEarly?: EarlyRequests;
  /** The first row's card keys as index.html drew them, and whether the app has asked for them. */
  __mwShellRowOrder?: unknown;
  __mwShellRowTaken?: boolean;
}

/** The page's request for `url`, if it started one nobody has read yet; taking it removes it. */
export function takeEarlyRequest(url: string, scope: EarlyScope = globalThis as EarlyScope): Promise<Response> | undefined {
  const early = scope.__mwEarly;
  const pending = early?.[url];
  if (pending) delete early[url];
  return pending;
}

/**
 * `fetch`, answered by the page's early request for the same URL when there is one nobody has read (the page
 * asked with the headers this caller sends). A signal that aborts still rejects the call.
 */
export function fetchEarlyFirst(scope: EarlyScope = globalThis as EarlyScope): typeof fetch {
  return (input, init) => {
    const early = typeof input === 'string' && (init?.method ?? 'GET') === 'GET' ? takeEarlyRequest(input, scope) : undefined;
    if (!early) return fetch(input, init);
    const signal = init?.signal;
    if (!signal) return early;
    return new Promise<Response>((resolve, reject) => {
      const abort = () =>
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted', 'AbortError'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      early.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
}

export type Fetched = { ok: true; response: Response; text: string } | { ok: false; timedOut: boolean; error: unknown };

/**
 * Fetches `url` and reads its body within `timeoutMs`, or reads the page's early request for it under the
 * same limit. Never throws.
 */
export async function fetchWithin(url: string, init: RequestInit, timeoutMs: number, scope?: EarlyScope): Promise<Fetched> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const read = async () => {
    const response = await (takeEarlyRequest(url, scope) ?? fetch(url, { ...init, signal: controller.signal }));
    return { response, text: await response.text() };
  };
  try {
    const { response, text } = await Promise.race([read(), timeout]);
    return { ok: true, response, text };
  } catch (error) {
    return { ok: false, timedOut: controller.signal.aborted, error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The order in which the page's first frame drew its first row (index.html draws Discover's first row's
 * posters from the early answers, shuffled as a row is), for the page to keep (FirstFrame.rowOrder). Once
 * asked, the frame draws no more: what it has not drawn by then the page orders its own way.
 */
export function takeFirstRowOrder(scope: EarlyScope = globalThis as EarlyScope): readonly string[] | undefined {
  scope.__mwShellRowTaken = true;
  const order = scope.__mwShellRowOrder;
  return Array.isArray(order) && order.every((key) => typeof key === 'string') ? order : undefined;
}
