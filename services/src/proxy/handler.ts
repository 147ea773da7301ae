/**
 * A CORS proxy speaking the proxy-worker protocol of movie-web's simple-proxy, as a standard fetch
 * handler (Request → Response), so it runs as a Node process (./node.ts) or in a worker runtime
 * (./worker.ts): `GET|POST|… /?destination=<url>` forwards the request and streams both bodies.
 *
 * - Destinations: ./policy.ts (public addresses when allowed; internal ones only when listed, checked
 *   on the resolved address at connect time by the Node adapter's fetch, and again after each redirect).
 * - CORS: only the configured origins get `Access-Control-Allow-Origin`; headers such as `X-Origin`
 *   set what the destination sees and widen nothing here.
 * - Rate limit per client address (the adapter says who the client is, trusting `X-Forwarded-For`
 *   only from configured proxies).
 */
import { checkUrl, type DestinationPolicy } from './policy';
import { createRateLimiter, type RateLimit } from './rate-limit';

export const PROXY_VERSION = '2.2.0';

export interface ProxyConfig {
  /** When set, requests must carry `X-Token: <token>`. */
  token: string | undefined;
  policy: DestinationPolicy;
  /** Origins allowed to read answers: exact origins, `scheme://host:*` for any port, or `*`. */
  corsOrigins: readonly string[];
  /** Requests per client per window; null: no limit. */
  rateLimit: RateLimit | null;
  /** Time to wait for upstream headers, and the longest pause allowed between body chunks. */
  timeoutMs: number;
  /** The fetch used upstream (the Node adapter's checks resolved addresses); `redirect: 'manual'` is always passed. */
  fetch: (url: URL, init: RequestInit & { duplex?: 'half' }) => Promise<Response>;
  log: (line: string) => void;
  /** ms clock (tests). */
  now?: () => number;
}

/** Who sent the request, as the adapter knows it (socket address, or the platform's client IP header). */
export interface ClientInfo {
  address: string;
}

/** Request headers passed on as they are. */
const FORWARDED = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'authorization',
  'range',
  'if-none-match',
  'if-modified-since',
  'cache-control',
];
/** Headers a browser cannot set, sent to the proxy in a prefixed form (simple-proxy protocol). */
const PREFIXED: Record<string, string> = {
  'x-cookie': 'cookie',
  'x-referer': 'referer',
  'x-origin': 'origin',
  'x-user-agent': 'user-agent',
};
/** Response headers passed back. */
const RETURNED = [
  'content-type',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'content-disposition',
  'content-language',
  'location',
];
const EXPOSED = [
  'X-Final-Destination',
  'X-Set-Cookie',
  'Content-Length',
  'Content-Range',
  'Content-Type',
  'Accept-Ranges',
  'ETag',
  'Last-Modified',
  'Cache-Control',
];
const MAX_REDIRECTS = 10;

/** `value` resolved against `base` when it is an http(s) address; null otherwise (javascript:, data:, junk). */
function webAddress(value: string, base: URL): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether `origin` matches one of the configured CORS origins (`*`, exact, or `scheme://host:*`). */
export function corsAllows(allowed: readonly string[], origin: string | null): boolean {
  if (allowed.includes('*')) return true;
  if (!origin) return false;
  return allowed.some((entry) => {
    if (entry === origin) return true;
    if (!entry.endsWith(':*')) return false;
    const prefix = entry.slice(0, -2);
    return origin === prefix || (origin.startsWith(`${prefix}:`) && /^\d+$/.test(origin.slice(prefix.length + 1)));
  });
}

/**
 * A body stream that errors when the upstream pauses for longer than `idleMs` between chunks, so a
 * stalled upstream never keeps the client waiting forever. Pull-based: nothing is read ahead of the
 * client, so memory stays flat however large the body.
 */
function withIdleTimeout(body: ReadableStream<Uint8Array>, idleMs: number, abort: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const idle = new Promise<'idle'>((resolve) => {
          timer = setTimeout(() => resolve('idle'), idleMs);
        });
        try {
          const result = await Promise.race([reader.read(), idle]);
          if (result === 'idle') {
            abort();
            controller.error(new Error('upstream stalled'));
            return;
          }
          if (result.done) controller.close();
          else controller.enqueue(result.value);
        } catch (error) {
          controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        abort();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

export function createProxyHandler(config: ProxyConfig): (request: Request, client: ClientInfo) => Promise<Response> {
  const limiter = config.rateLimit ? createRateLimiter(config.rateLimit, config.now) : null;

  const corsHeaders = (request: Request): Record<string, string> => {
    const origin = request.headers.get('origin');
    if (!corsAllows(config.corsOrigins, origin)) return { Vary: 'Origin' };
    return {
      'Access-Control-Allow-Origin': config.corsOrigins.includes('*') ? '*' : origin!,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
      'Access-Control-Expose-Headers': EXPOSED.join(', '),
      Vary: 'Origin',
    };
  };

  const json = (request: Request, status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...corsHeaders(request), ...extra } });
  const fail = (request: Request, status: number, error: string, reason: string, extra?: Record<string, string>) =>
    json(request, status, { error, reason }, extra);

  async function handle(request: Request, client: ClientInfo): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === 'OPTIONS') {
      const origin = request.headers.get('origin');
      if (origin && !corsAllows(config.corsOrigins, origin))
        return fail(request, 403, 'origin_not_allowed', `The origin ${origin} may not use this proxy`);
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders(request),
          'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? '*',
          'Access-Control-Max-Age': '86400',
        },
      });
    }
    if (url.pathname !== '/') return fail(request, 404, 'not_found', 'Use /?destination=<url>');
    if (limiter) {
      const verdict = limiter.hit(client.address);
      if (!verdict.ok)
        return fail(request, 429, 'rate_limited', 'Too many requests from this client', { 'Retry-After': String(verdict.retryAfterS) });
    }
    const destination = url.searchParams.get('destination');
    // What simple-proxy answers at its root: JSON, so a client can tell a proxy from a website.
    if (!destination) return json(request, 200, { message: 'Proxy is working as expected', version: PROXY_VERSION });
    if (config.token && request.headers.get('x-token') !== config.token)
      return fail(request, 401, 'unauthorized', 'Missing or invalid X-Token');
    let target: URL;
    try {
      target = new URL(destination);
    } catch {
      return fail(request, 400, 'bad_destination', 'The destination is not a valid URL');
    }
    const refusal = checkUrl(config.policy, target);
    if (!refusal.ok) return fail(request, 403, 'forbidden_destination', refusal.reason);

    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    for (const [prefixed, real] of Object.entries(PREFIXED)) {
      const value = request.headers.get(prefixed);
      if (value) headers.set(real, value);
    }
    const method = request.method;
    // Streamed, never read whole: a large upload passes through with flat memory.
    let body: ReadableStream<Uint8Array> | null = method === 'GET' || method === 'HEAD' ? null : request.body;

    const controller = new AbortController();
    const headerTimer = setTimeout(() => controller.abort(new Error('timeout')), config.timeoutMs);
    let upstream: Response;
    let finalUrl = target;
    try {
      let hopMethod = method;
      // Redirects are followed here, hop by hop, each hop checked like the first.
      for (let hop = 0; ; hop += 1) {
        upstream = await config.fetch(finalUrl, {
          method: hopMethod,
          headers,
          body,
          redirect: 'manual',
          signal: controller.signal,
          ...(body ? { duplex: 'half' } : {}),
        });
        const location = upstream.headers.get('location');
        if (![301, 302, 303, 307, 308].includes(upstream.status) || !location) break;
        await upstream.body?.cancel();
        if (hop >= MAX_REDIRECTS)
          return fail(request, 502, 'too_many_redirects', `The destination redirected more than ${MAX_REDIRECTS} times`);
        let next: URL;
        try {
          next = new URL(location, finalUrl);
        } catch {
          return fail(request, 502, 'bad_redirect', 'The destination redirected to an invalid URL');
        }
        const hopRefusal = checkUrl(config.policy, next);
        if (!hopRefusal.ok) return fail(request, 403, 'forbidden_destination', `Redirected: ${hopRefusal.reason}`);
        if (upstream.status === 303 || ((upstream.status === 301 || upstream.status === 302) && hopMethod === 'POST')) {
          hopMethod = 'GET';
          body = null;
          headers.delete('content-type');
          headers.delete('content-length');
        } else if (body) {
          // A streamed body has been sent once and cannot be sent again to the new location.
          return fail(
            request,
            502,
            'redirected_upload',
            'The destination redirected a request with a body (307/308); send it to the new location directly',
          );
        }
        finalUrl = next;
      }
    } catch (error) {
      const timedOut = controller.signal.aborted;
      const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      if (/private or local|allow-list/.test(why)) return fail(request, 403, 'forbidden_destination', why);
      config.log(`upstream ${timedOut ? 'timeout' : 'error'} for ${finalUrl.origin}${finalUrl.pathname}: ${why}`);
      return timedOut
        ? fail(request, 504, 'upstream_timeout', `The destination did not answer within ${config.timeoutMs} ms`)
        : fail(request, 502, 'upstream_unreachable', 'The destination could not be reached');
    } finally {
      clearTimeout(headerTimer);
    }

    const out: Record<string, string> = { ...corsHeaders(request), 'X-Final-Destination': finalUrl.href };
    for (const name of RETURNED) {
      const value = upstream.headers.get(name);
      if (value) out[name] = value;
    }
    // Another site's page must stay inert on this origin, which the site's CORS rules trust: no script,
    // no sniffing into HTML, and a Location only when it is a web address.
    out['Content-Security-Policy'] = "sandbox; default-src 'none'";
    out['X-Content-Type-Options'] = 'nosniff';
    if (out.location) {
      const location = webAddress(out.location, finalUrl);
      if (location) out.location = location;
      else delete out.location;
    }
    // fetch decodes compressed bodies, so a length is only exact for identity-encoded answers.
    const length = upstream.headers.get('content-length');
    if (length && !upstream.headers.get('content-encoding')) out['content-length'] = length;
    const cookies = upstream.headers.getSetCookie();
    if (cookies.length) out['X-Set-Cookie'] = cookies.join(', ');
    const status = upstream.status;
    config.log(`${method} ${target.origin}${target.pathname} -> ${status}`);
    const stream =
      !upstream.body || method === 'HEAD' || status === 204 || status === 304
        ? null
        : withIdleTimeout(upstream.body, config.timeoutMs, () => controller.abort());
    return new Response(stream, { status, headers: out });
  }

  return async (request, client) => {
    try {
      return await handle(request, client);
    } catch (error) {
      config.log(`error: ${error instanceof Error ? error.stack : String(error)}`);
      return fail(request, 500, 'internal', 'Internal proxy error');
    }
  };
}
