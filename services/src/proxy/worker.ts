/**
 * The proxy in a worker runtime (Cloudflare Workers and others with `export default { fetch }`):
 * settings come from the worker's environment bindings, as in ./node.ts. Worker runtimes give no DNS
 * answer to check, so names are judged by the URL (literal private addresses and local names are
 * refused) and the platform's own egress rules keep workers off private networks. The client address
 * is the platform's `CF-Connecting-IP`.
 */
import { createProxyHandler } from './handler';
import { settingsFromEnv } from './settings';

let handler: ReturnType<typeof createProxyHandler> | null = null;

export default {
  async fetch(request: Request, env: Record<string, string | undefined>): Promise<Response> {
    handler ??= createProxyHandler({ ...settingsFromEnv(env, (line) => console.log(line)).config, fetch: (url, init) => fetch(url, init) });
    return handler(request, { address: request.headers.get('cf-connecting-ip') ?? 'unknown' });
  },
};
