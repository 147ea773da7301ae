/**
 * Checks of the Connections section and /dev (docs/behaviour.md#settings-proxy-check): custom backend (its /meta) and proxy workers.
 * Pure apart from the injected fetch.
 */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The proxy check's messages, product copy. */
export const PROXY_ERRORS = {
  invalid: 'Not a valid URL',
  unreachable: 'Could not connect to proxy',
  website: 'Expected a proxy but got a website',
  trailingSlash: 'Worker URLs must not end with a slash',
} as const;

export type Check<T = void> = { ok: true; value: T } | { ok: false; error: string };

/** Adds https:// when no scheme is given (a custom server URL); null when it still isn't an http(s) URL. */
export function normaliseUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A host name, an IPv4 address or a bracketed IPv6 address; nothing a browser would percent-encode.
    if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)) return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** Validates the form of a worker URL, without any request. */
export function validateWorkerUrl(input: string): Check<string> {
  const url = normaliseUrl(input);
  if (!url) return { ok: false, error: PROXY_ERRORS.invalid };
  if (url.endsWith('/')) return { ok: false, error: PROXY_ERRORS.trailingSlash };
  return { ok: true, value: url };
}

async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** A proxy worker answers its root with JSON (simple-proxy: {"message": "...working..."}); a website answers HTML. */
export async function checkProxy(input: string, fetchImpl: Fetch = fetch, timeoutMs = 8000): Promise<Check<string>> {
  const form = validateWorkerUrl(input);
  if (!form.ok) return form;
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await withTimeout(timeoutMs, async (signal) => {
      const r = await fetchImpl(form.value, { signal });
      return { response: r, text: await r.text() };
    }));
  } catch {
    return { ok: false, error: PROXY_ERRORS.unreachable };
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/html') || /^\s*<(!doctype|html)/i.test(text)) return { ok: false, error: PROXY_ERRORS.website };
  if (!response.ok) return { ok: false, error: PROXY_ERRORS.unreachable };
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') return { ok: true, value: form.value };
  } catch {
    // not JSON: not a proxy worker
  }
  return { ok: false, error: PROXY_ERRORS.website };
}

export interface BackendMeta {
  name: string;
  description?: string;
  version: string;
  hasCaptcha: boolean;
}

/** GET <backend>/meta (docs/behaviour.md#backend-api-account-server). */
export async function fetchBackendMeta(
  input: string,
  fetchImpl: Fetch = fetch,
  timeoutMs = 8000,
): Promise<Check<BackendMeta & { url: string }>> {
  const url = normaliseUrl(input);
  if (!url) return { ok: false, error: 'Not a valid URL' };
  const base = url.replace(/\/+$/, '');
  try {
    return await withTimeout(timeoutMs, async (signal) => {
      const response = await fetchImpl(`${base}/meta`, { signal });
      if (!response.ok) return { ok: false, error: `The server answered HTTP ${response.status}: it is not a backend` };
      let body: Record<string, unknown>;
      try {
        body = (await response.json()) as Record<string, unknown>;
      } catch {
        return { ok: false, error: 'The server did not answer like a backend' };
      }
      if (typeof body.name !== 'string' || typeof body.version !== 'string')
        return { ok: false, error: 'The server did not answer like a backend' };
      return {
        ok: true,
        value: {
          url: base,
          name: body.name,
          description: typeof body.description === 'string' ? body.description : undefined,
          version: body.version,
          hasCaptcha: body.hasCaptcha === true,
        },
      };
    });
  } catch {
    return { ok: false, error: 'Failed to call backend, is it online and does it allow this site (CORS)?' };
  }
}
