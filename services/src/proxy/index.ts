import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName, StartService } from '../types';

export { PROXY_VERSION } from './handler';

/** The local services the product fetches through the proxy (providers, captions, IMDb pages); never the account server. */
export const PROXIED_SERVICES: readonly ServiceName[] = ['media', 'catalog', 'jellyfin', 'archive'];

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const loopbackVariants = (url: string): string[] => {
  const u = new URL(url);
  return LOOPBACK.includes(u.hostname) ? LOOPBACK.map((name) => `${u.protocol}//${name}${u.port ? `:${u.port}` : ''}`) : [u.origin];
};

/**
 * The CORS proxy of a local run, as its own process (./main.ts), so that a busy proxy does not slow
 * the other services. Its settings (./settings.ts) come from the environment; for a local run it may
 * reach the local media library, catalog, media server and archive stand-ins (PROXY_ALLOW_INTERNAL,
 * added to), not the account server or any other local address, and answers pages on any localhost
 * port (PROXY_CORS_ORIGINS, unless set).
 */
export const start: StartService = async (options) => {
  const internal = PROXIED_SERVICES.flatMap((name) => (options.urls[name] ? loopbackVariants(options.urls[name]) : []));
  const env = {
    ...process.env,
    ...options.env,
    HOST: options.host,
    PORT: String(options.port),
    PROXY_ALLOW_INTERNAL: [...internal, ...(options.env.PROXY_ALLOW_INTERNAL ?? '').split(',')].filter(Boolean).join(','),
    PROXY_CORS_ORIGINS: options.env.PROXY_CORS_ORIGINS ?? 'http://localhost:*,http://127.0.0.1:*',
  };
  const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const onData = (data: Buffer) => {
      buffered += data.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const ready = /^\[proxy\] listening on (\S+)/.exec(line);
        if (ready) resolve(ready[1]!);
        else if (line) options.log(line.replace(/^\[proxy\] /, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (data: Buffer) => options.log(data.toString().trimEnd()));
    child.once('exit', (code) => reject(new Error(`the proxy process ended (exit ${code}) before listening`)));
    child.once('error', reject);
  });
  options.log(`listening on ${url} (own process, pid ${child.pid})`);
  const port = Number(new URL(url).port);
  let closing = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => !closing && resolve(code)));
  return {
    name: 'proxy',
    url,
    port,
    ...(child.pid ? { pid: child.pid } : {}),
    exited,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
