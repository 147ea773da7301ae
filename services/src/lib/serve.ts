import { serve, type ServerType } from '@hono/node-server';
import type { Env, Hono, Schema } from 'hono';
import type { AddressInfo } from 'node:net';
import type { RunningService, ServiceName, ServiceOptions } from '../types';

/** Wraps a Hono app with one log line per request. Call before registering routes. */
export function logRequests<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>, log: (line: string) => void): void {
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${ms}ms`);
  });
}

/** Binds a Hono app on options.host:options.port and returns a handle that closes it (and its open sockets). */
export async function listen<E extends Env, S extends Schema, B extends string>(
  name: ServiceName,
  app: Hono<E, S, B>,
  options: Pick<ServiceOptions, 'host' | 'port' | 'log'>,
  onClose?: () => Promise<void>,
): Promise<RunningService> {
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host}:${port}`;
  options.log(`listening on ${url}`);
  return {
    name,
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => {
          (onClose ? onClose() : Promise.resolve()).then(
            () => resolve(),
            () => resolve(),
          );
        });
      }),
  };
}
