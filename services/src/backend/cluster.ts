/**
 * Several account servers behind a real load balancer (HAProxy), for the scale test and the scale
 * bench: instances as their own processes (the services CLI) on one PostgreSQL server, and HAProxy
 * in front with the configuration that docs/scale.md documents.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { servicesDir } from './testkit';

export interface Instance {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
}

/** An account server in its own process (the services CLI), listening on a free port. */
export interface BackendProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
  /** Stops it (SIGTERM, unless it is gone already) and removes its data folder. */
  stop: () => Promise<void>;
}

/**
 * Starts the account server as its own process, with its data in a new temporary folder
 * (`backend-<name>-…`) and `env` over the defaults (free port, pool of 20); resolves once it
 * listens. Its output after that goes to `afterListening` (its request log), or is dropped.
 */
export async function startBackendProcess(
  name: string,
  options: {
    env?: Record<string, string>;
    nodeArgs?: string[];
    afterListening?: (chunk: string, stream: 'stdout' | 'stderr') => void;
  } = {},
): Promise<BackendProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backend-${name}-`));
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(servicesDir, 'src', 'cli.ts'), 'backend'],
    {
      cwd: servicesDir,
      env: { ...process.env, MW_DATA_DIR: dataDir, MW_PORT_BACKEND: '0', BACKEND_PG_POOL_SIZE: '20', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let output = '';
  let listening = false;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
        if (listening) return options.afterListening?.(chunk.toString(), stream);
        output += chunk.toString();
        const match = /backend listening on (\S+)/.exec(output);
        if (match) {
          listening = true;
          resolve(match[1]!.replace('localhost', '127.0.0.1'));
        }
      };
      child.stdout.on('data', onData('stdout'));
      child.stderr.on('data', onData('stderr'));
      void exited.then(() => reject(new Error(`${name} exited before listening:\n${output}`)));
      setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 60_000).unref();
    });
    return {
      url,
      child,
      exited,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        remove();
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    remove();
    throw error;
  }
}

/**
 * One account server on `databaseUrl`, its own process, on a free port; its request log is drained
 * (or given to `options.afterListening`, as `startBackendProcess` does, with `options.nodeArgs`).
 */
export async function spawnInstance(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof startBackendProcess>[1] & object, 'nodeArgs' | 'afterListening'> = {},
): Promise<Instance> {
  const server = await startBackendProcess(name, {
    ...options,
    env: { DATABASE_URL: databaseUrl, BACKEND_TRUST_PROXY: 'true', ...env },
  });
  return { name, port: Number(new URL(server.url).port), ...server };
}

/** HAProxy's path, or undefined when it is not installed. */
export function findHaproxy(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The balancer's configuration: round robin over the instances, health checks on /healthcheck (an
 * instance is out after 3 failed checks 1 s apart, each allowed 2 s so that a busy machine does not
 * take a healthy instance out, and back after 2 good ones), a request whose
 * connection failed or whose server died before answering is sent to another instance (`retry-on`,
 * `redispatch`), X-Forwarded-For set to the client's address (replacing whatever the client sent:
 * the instances run with BACKEND_TRUST_PROXY and rate-limit by it), and the answering instance named
 * in X-Served-By.
 */
export function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 30s',
    '  timeout check 2s',
    '  option http-keep-alive',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    '  option redispatch 1',
    'frontend accounts',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-For %[src]',
    '  default_backend account_servers',
    'backend account_servers',
    '  balance roundrobin',
    '  option httpchk GET /healthcheck',
    '  http-check expect status 200',
    '  default-server inter 1s fall 3 rise 2',
    '  http-response set-header X-Served-By %s',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Balancer {
  url: string;
  config: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * With a request log (`startHaproxy`'s `onRequestLog`), the configuration gets one line per request
 * on stdout: `<accept epoch s>.<ms> <server> <TR>/<Tw>/<Tc>/<Tr>/<Ta> <retries> <status> <termination state>`.
 */
export function withRequestLog(config: string): string {
  return config
    .replace(/^global\n/m, 'global\n  log stdout format raw local0\n')
    .replace(/^(frontend .*\n)/m, '$1  log global\n  log-format "%Ts.%ms %s %TR/%Tw/%Tc/%Tr/%Ta %rc %ST %tsc"\n');
}

/**
 * HAProxy in the foreground on a free localhost port in front of `instances`, once it answers; with
 * `onRequestLog`, each request's log line (`withRequestLog`) goes there.
 */
export async function startHaproxy(
  binary: string,
  instances: Instance[],
  options: { onRequestLog?: (line: string) => void } = {},
): Promise<Balancer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const config = haproxyConfig(
    port,
    instances.map((i) => ({ name: i.name, port: i.port })),
  );
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), options.onRequestLog ? withRequestLog(config) : config);
  const child = spawn(binary, ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (!options.onRequestLog) return (output = (output + chunk.toString()).slice(-4000));
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) options.onRequestLog(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  // Up once every instance passed its health checks (rise 2): each answers through the balancer.
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited:\n${output}`);
    }
    const served = new Set<string>();
    try {
      for (let i = 0; i < instances.length * 2; i++) {
        const response = await fetch(`${url}/healthcheck`);
        await response.arrayBuffer();
        if (response.status === 200) served.add(response.headers.get('x-served-by') ?? '');
      }
    } catch {
      // not listening yet
    }
    if (served.size === instances.length) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not reach every instance (${[...served].join(', ')}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, config, child, stop };
}
