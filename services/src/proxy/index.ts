import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { createProxyApp, originOf } from './app';

export { PROXY_VERSION } from './app';

/**
 * The CORS proxy (simple-proxy worker protocol). Environment:
 * - PROXY_TOKEN: when set, requests need `X-Token: <token>` (default: none)
 * - PROXY_ALLOW: extra allowed destination origins, comma-separated (`*`: any http(s) destination)
 * - PROXY_HOST_ORIGIN: the product's origin (default http://localhost:${MW_PORT_HOST or 3000})
 * - PROXY_TIMEOUT_MS: upstream timeout in ms (default 20000)
 * By default the allow-list is the URLs of the services started in the same run (read live, so
 * services started after the proxy count too) plus the host origin; never the proxy itself.
 */
export const start: StartService = async (options) => {
  const env = options.env;
  const extra = (env.PROXY_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const hostOrigin = env.PROXY_HOST_ORIGIN || `http://localhost:${env.MW_PORT_HOST || 3000}`;
  const own: { origin?: string } = {};
  const app = createProxyApp({
    token: env.PROXY_TOKEN || undefined,
    allowAll: extra.includes('*'),
    timeoutMs: Number(env.PROXY_TIMEOUT_MS) || 20_000,
    log: options.log,
    allowedOrigins: () => {
      const origins = new Set<string>();
      for (const url of [...Object.values(options.urls), hostOrigin, ...extra]) {
        const origin = url ? originOf(url) : undefined;
        if (!origin || origin === 'null') continue;
        origins.add(origin);
        // The loopback names of one local origin are the same server.
        const u = new URL(origin);
        if (['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
          for (const name of ['localhost', '127.0.0.1', '[::1]']) origins.add(`${u.protocol}//${name}${u.port ? `:${u.port}` : ''}`);
      }
      if (own.origin) {
        const u = new URL(own.origin);
        for (const name of ['localhost', '127.0.0.1', '[::1]']) origins.delete(`${u.protocol}//${name}:${u.port}`);
      }
      return origins;
    },
  });
  const running = await listen('proxy', app, options);
  own.origin = originOf(running.url);
  return running;
};
