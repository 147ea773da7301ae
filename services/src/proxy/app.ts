/**
 * A CORS proxy speaking the proxy-worker protocol of movie-web's simple-proxy:
 * `GET|POST /?destination=<url>` forwards the request and streams the answer back with CORS headers.
 * Not an open proxy: destinations must be on an allow-list of origins.
 */
import { Hono, type Context } from 'hono';
import { logRequests } from '../lib/serve';

export const PROXY_VERSION = '2.1.0';

export interface ProxyConfig {
  /** When set, requests must carry `X-Token: <token>`. */
  token: string | undefined;
  /** Origins a destination may have; read on every request (the service URLs of a run fill in as they start). */
  allowedOrigins: () => Set<string>;
  /** True when every http(s) destination is allowed (PROXY_ALLOW=*). */
  allowAll: boolean;
  /** Time to wait for upstream headers, and the longest pause allowed between body chunks. */
  timeoutMs: number;
  log: (line: string) => void;
}

/** Request headers passed on as they are. */
const FORWARDED = ['accept', 'accept-language', 'content-type', 'authorization', 'range', 'if-none-match', 'if-modified-since', 'cache-control'];
/** Headers a browser cannot set, sent to the proxy in a prefixed form. */
const PREFIXED: Record<string, string> = {
  'x-cookie': 'cookie',
  'x-referer': 'referer',
  'x-origin': 'origin',
  'x-user-agent': 'user-agent',
};
/** Response headers passed back. */
const RETURNED = ['content-type', 'content-range', 'accept-ranges', 'cache-control', 'etag', 'last-modified', 'expires', 'content-disposition', 'content-language', 'location'];
const EXPOSED = ['X-Final-Destination', 'X-Set-Cookie', 'Content-Length', 'Content-Range', 'Content-Type', 'Accept-Ranges', 'ETag', 'Last-Modified', 'Cache-Control'];

export const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

function corsHeaders(c: Context): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': c.req.header('origin') ?? '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'Access-Control-Expose-Headers': EXPOSED.join(', '),
    Vary: 'Origin',
  };
}

/**
 * A body stream that errors when the upstream pauses for longer than `idleMs` between chunks,
 * so a stalled upstream never keeps the client waiting forever.
 */
function withIdleTimeout(body: ReadableStream<Uint8Array>, idleMs: number, abort: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: NodeJS.Timeout | undefined;
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
  });
}

export function createProxyApp(config: ProxyConfig): Hono {
  const app = new Hono();
  logRequests(app, config.log);

  /** Why a destination is refused, or undefined when it is allowed. */
  const refuse = (target: URL): string | undefined => {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return `Only http and https destinations are allowed, not ${target.protocol}`;
    if (target.username || target.password) return 'Destinations with credentials are not allowed';
    if (!config.allowAll && !config.allowedOrigins().has(target.origin)) return `The destination origin ${target.origin} is not on this proxy's allow-list`;
    return undefined;
  };

  const fail = (c: Context, status: 400 | 401 | 403 | 502 | 504, error: string, reason: string) =>
    c.json({ error, reason }, status, corsHeaders(c));

  app.options('*', (c) =>
    c.body(null, 204, {
      ...corsHeaders(c),
      'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? '*',
      'Access-Control-Max-Age': '86400',
    }),
  );

  app.all('/', async (c) => {
    const destination = c.req.query('destination');
    if (!destination) {
      // What simple-proxy answers at its root: JSON, so a client can tell a proxy from a website.
      return c.json({ message: 'Proxy is working as expected', version: PROXY_VERSION }, 200, corsHeaders(c));
    }
    if (config.token && c.req.header('x-token') !== config.token) return fail(c, 401, 'unauthorized', 'Missing or invalid X-Token');
    let target: URL;
    try {
      target = new URL(destination);
    } catch {
      return fail(c, 400, 'bad_destination', 'The destination is not a valid URL');
    }
    const refusal = refuse(target);
    if (refusal) return fail(c, 403, 'forbidden_destination', refusal);

    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    for (const [prefixed, real] of Object.entries(PREFIXED)) {
      const value = c.req.header(prefixed);
      if (value) headers.set(real, value);
    }
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();

    const controller = new AbortController();
    const headerTimer = setTimeout(() => controller.abort(new Error('timeout')), config.timeoutMs);
    let upstream: Response;
    let finalUrl = target;
    try {
      // Redirects are followed here, hop by hop, so a redirect cannot leave the allow-list.
      let hopMethod = method;
      let hopBody = body;
      for (let hop = 0; ; hop += 1) {
        upstream = await fetch(finalUrl, { method: hopMethod, headers, body: hopBody, redirect: 'manual', signal: controller.signal });
        const location = upstream.headers.get('location');
        if (![301, 302, 303, 307, 308].includes(upstream.status) || !location) break;
        if (hop >= 10) return fail(c, 502, 'too_many_redirects', 'The destination redirected more than 10 times');
        await upstream.body?.cancel();
        let next: URL;
        try {
          next = new URL(location, finalUrl);
        } catch {
          return fail(c, 502, 'bad_redirect', 'The destination redirected to an invalid URL');
        }
        const refusal = refuse(next);
        if (refusal) return fail(c, 403, 'forbidden_destination', `Redirected: ${refusal}`);
        if (upstream.status === 303 || ((upstream.status === 301 || upstream.status === 302) && hopMethod === 'POST')) {
          hopMethod = 'GET';
          hopBody = undefined;
          headers.delete('content-type');
        }
        finalUrl = next;
      }
    } catch (error) {
      const timedOut = controller.signal.aborted;
      config.log(`upstream ${timedOut ? 'timeout' : 'error'} for ${target.origin}${target.pathname}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
      return timedOut
        ? fail(c, 504, 'upstream_timeout', `The destination did not answer within ${config.timeoutMs} ms`)
        : fail(c, 502, 'upstream_unreachable', 'The destination could not be reached');
    } finally {
      clearTimeout(headerTimer);
    }

    const out: Record<string, string> = { ...corsHeaders(c), 'X-Final-Destination': finalUrl.href };
    for (const name of RETURNED) {
      const value = upstream.headers.get(name);
      if (value) out[name] = value;
    }
    // fetch decodes compressed bodies, so a length is only exact for identity-encoded answers.
    const length = upstream.headers.get('content-length');
    if (length && !upstream.headers.get('content-encoding')) out['content-length'] = length;
    const cookies = upstream.headers.getSetCookie();
    if (cookies.length) out['X-Set-Cookie'] = cookies.join(', ');
    const status = upstream.status;
    config.log(`${method} ${target.origin}${target.pathname} -> ${status}`);
    const stream = !upstream.body || method === 'HEAD' || status === 204 || status === 304 ? null : withIdleTimeout(upstream.body, config.timeoutMs, () => controller.abort());
    return new Response(stream, { status, headers: out });
  });

  app.notFound((c) => c.json({ error: 'not_found', reason: 'Use /?destination=<url>' }, 404, corsHeaders(c)));
  app.onError((error, c) => {
    config.log(`error: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ error: 'internal', reason: 'Internal proxy error' }, 500, corsHeaders(c));
  });
  return app;
}
