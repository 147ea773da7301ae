/**
 * The proxy on Node: configuration from the environment, a fetch that checks every address a name
 * resolves to at connect time (so a DNS answer cannot change between the check and the connection),
 * and an HTTP server that streams both ways. Settings: ./settings.ts.
 */
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { createProxyHandler, type ProxyConfig } from './handler';
import { checkAddress, type DestinationPolicy } from './policy';
import { clientAddress } from './rate-limit';
import { settingsFromEnv } from './settings';

export { settingsFromEnv } from './settings';

export interface NodeProxyOptions {
  env: Record<string, string | undefined>;
  log: (line: string) => void;
  /** Resolves a name to its addresses (tests inject one); default: the system resolver. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const systemResolve = (hostname: string) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true }).then((all) => all.map((a) => a.address));

const headerRecord = (headers: Headers): Record<string, string> => {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
};

/** A Node stream as a web stream read only as fast as its reader takes it. */
function pulled(source: AsyncIterable<Buffer>, onCancel: () => void): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const step: IteratorResult<Buffer, unknown> = await chunks.next();
        if (step.done) controller.close();
        else controller.enqueue(new Uint8Array(step.value.buffer, step.value.byteOffset, step.value.byteLength));
      },
      cancel() {
        onCancel();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A fetch whose connections go only to addresses the policy allows for the request's origin: the
 * lookup that the socket uses resolves the name, checks every address, and hands the socket a
 * checked one. One connection pool per origin. Built on undici's `request`, not `fetch`: fetch keeps
 * a copy of a streamed request body to replay it on a redirect (a 300 MB upload grew the process by
 * 300 MB), and redirects are the handler's business here.
 */
export function createCheckedFetch(policy: DestinationPolicy, resolve = systemResolve): ProxyConfig['fetch'] {
  const agents = new Map<string, Agent>();
  const agentFor = (origin: string): Agent => {
    let agent = agents.get(origin);
    if (agent) return agent;
    const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      resolve(hostname).then(
        (addresses) => {
          if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
          for (const address of addresses) {
            const verdict = checkAddress(policy, origin, address);
            if (!verdict.ok) return callback(new Error(verdict.reason));
          }
          const found: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          if (options?.all) callback(null, found);
          else callback(null, found[0]!.address, found[0]!.family);
        },
        (error: unknown) => callback(error),
      );
    };
    agent = new Agent({ connect: { lookup: lookup as never } });
    agents.set(origin, agent);
    return agent;
  };
  return async (url, init) => {
    const body = init.body instanceof ReadableStream ? Readable.fromWeb(init.body as import('node:stream/web').ReadableStream) : undefined;
    const answer = await request(url, {
      method: (init.method ?? 'GET') as never,
      headers: headerRecord(new Headers(init.headers)),
      ...(body ? { body } : {}),
      dispatcher: agentFor(url.origin),
      signal: init.signal ?? undefined,
    });
    // Errors reach the reader of the body; one that nobody reads (an aborted answer) is not a crash.
    answer.body.on('error', () => {});
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const empty = init.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304 || answer.statusCode < 200;
    if (empty) answer.body.resume();
    return new Response(empty ? null : pulled(answer.body, () => answer.body.destroy()), {
      status: answer.statusCode < 200 ? 502 : answer.statusCode,
      headers,
    });
  };
}

/**
 * The request body as a stream read only when the destination takes more (Readable.toWeb, which the
 * server adapter uses, reads ahead without limit on Node 20).
 */
const pulledBody = (incoming: IncomingMessage): ReadableStream<Uint8Array> => {
  incoming.on('error', () => {}); // a client that goes away mid-upload: the upstream request fails with it
  return pulled(incoming, () => incoming.destroy());
};

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface RunningProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the proxy on host:port (0: a free port). */
export async function serveProxy(options: NodeProxyOptions & { host: string; port: number }): Promise<RunningProxy> {
  const settings = settingsFromEnv(options.env, options.log);
  const handler = createProxyHandler({ ...settings.config, fetch: createCheckedFetch(settings.config.policy, options.resolve) });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      {
        hostname: options.host,
        port: options.port,
        fetch: async (request: Request, bindings: HttpBindings | Http2Bindings) => {
          const env = bindings as HttpBindings;
          const started = performance.now();
          // fetch's Request refuses some methods (TRACE, CONNECT) and the proxy forwards only these.
          if (!PROXIED_METHODS.includes(request.method))
            return new Response(null, { status: 405, headers: { Allow: PROXIED_METHODS.join(', ') } });
          const address = clientAddress(
            env.incoming.socket.remoteAddress ?? '',
            request.headers.get('x-forwarded-for'),
            settings.trustedProxies,
          );
          const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
          const streamed = hasBody
            ? new Request(request.url, {
                method: request.method,
                headers: request.headers,
                body: pulledBody(env.incoming),
                duplex: 'half',
              } as RequestInit)
            : request;
          const response = await handler(streamed, { address });
          options.log(
            `${request.method} ${new URL(request.url).pathname} ${response.status} ${(performance.now() - started).toFixed(1)}ms`,
          );
          return response;
        },
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
