import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from './registry';
import { DEFAULT_PORTS, SERVICE_NAMES, type RunningService, type ServiceName } from './types';

export interface StartServicesOptions {
  names?: readonly ServiceName[];
  /** Port per service; 0 for a free port. Missing ones use DEFAULT_PORTS. */
  ports?: Partial<Record<ServiceName, number>>;
  host?: string;
  dataDir?: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** URLs of services that run elsewhere (another process), known to those started here. */
  peers?: Partial<Record<ServiceName, string>>;
}

export interface RunningServices {
  services: Partial<Record<ServiceName, RunningService>>;
  urls: Partial<Record<ServiceName, string>>;
  close(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const defaultDataDir = (): string => process.env.MW_DATA_DIR ?? path.join(repoRoot, '.data');

/** Starts the named services (all that exist by default) in order; each knows the URLs of those before it. */
export async function startServices(options: StartServicesOptions = {}): Promise<RunningServices> {
  const names = options.names ?? SERVICE_NAMES.filter((name) => registry[name]);
  const log = options.log ?? ((line: string) => console.log(line));
  const services: Partial<Record<ServiceName, RunningService>> = {};
  const urls: Partial<Record<ServiceName, string>> = { ...options.peers };
  const close = async () => {
    await Promise.all(Object.values(services).map((s) => s.close()));
  };
  try {
    for (const name of names) {
      const load = registry[name];
      if (!load) throw new Error(`unknown service "${name}" (known: ${Object.keys(registry).join(', ')})`);
      const { start } = await load();
      const running = await start({
        port: options.ports?.[name] ?? DEFAULT_PORTS[name],
        host: options.host ?? 'localhost',
        dataDir: path.join(options.dataDir ?? defaultDataDir(), name),
        urls,
        log: (line) => log(`[${name}] ${line}`),
        env: options.env ?? process.env,
      });
      services[name] = running;
      urls[name] = running.url;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { services, urls, close };
}
