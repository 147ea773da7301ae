/**
 * The composed site on this machine: the host and each remote on its own origin (production builds),
 * plus the local services. Used by `npm start`, the e2e suite and the bench.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from 'shared-contracts';
import { startServices, type RunningServices } from 'services/run';
import { SERVICE_NAMES, type ServiceName } from 'services/types';
import { LOCAL_OPENSUBTITLES_API_KEY } from 'services/opensubtitles';
import { APP_NAMES, APPS, REMOTE_APPS, type AppName } from './apps.ts';
import { startStaticServer, type StaticServer } from './serve.ts';

/** Every app and every local service on a free port (tests and benches run beside a dev server). */
export const freePorts = () => ({
  apps: Object.fromEntries(APP_NAMES.map((name) => [name, 0])) as Record<AppName, number>,
  services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, 0])) as Record<ServiceName, number>,
});

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distOf = (app: AppName, root = ROOT) => path.join(root, APPS[app].dir, 'dist');

/**
 * What `npm start` lays over the host's config. `allowFebboxKey` shows the Febbox token field in
 * Settings > Connections: Skip Intro is looked up only with that flag and a token, so a local run lets a
 * person try it (any token, then a Copper Station episode). The e2e site leaves the flag to each test.
 */
export const START_CONFIG: Readonly<Record<string, unknown>> = { allowFebboxKey: true };

export interface SiteOptions {
  /** Port per app; 0 picks a free one. Defaults: APPS[app].port, or MW_PORT_* from the environment. */
  ports?: Partial<Record<AppName, number>>;
  /** Start the local services (default true); ports as in services/src/types.ts, 0 for free ones. */
  services?: boolean | { ports?: Partial<Record<ServiceName, number>>; dataDir?: string };
  /** URLs of services running elsewhere, written into the host's config like those started here. */
  serviceUrls?: Partial<Record<ServiceName, string>>;
  /** Merged over host/dist/config.json and the service URLs. */
  config?: Record<string, unknown>;
  log?: (line: string) => void;
  /** The checkout whose builds are served (default: this one); the bench's `--baseline` serves another. */
  distRoot?: string;
}

export interface Site {
  hostUrl: string;
  remoteUrls: Record<RemoteName, string>;
  services: RunningServices | null;
  /** Stops one remote's server (its origin refuses connections) — for failure tests. */
  stopRemote(name: RemoteName): Promise<void>;
  /** Starts it again on the same port, serving its build or `dir` (a redeploy that keeps the URL). */
  startRemote(name: RemoteName, dir?: string): Promise<void>;
  close(): Promise<void>;
}

const federationName = (app: AppName) => APPS[app].federationName as RemoteName;
const portFor = (app: AppName, ports?: Partial<Record<AppName, number>>) =>
  ports?.[app] ?? Number(process.env[APPS[app].portEnv] ?? APPS[app].port);

const originOf = (url: string | undefined): string[] => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

/** The host's /config.json for a run: its build's file, pointed at the local services, then `extra` over it. */
export function hostConfig(hostDist: string, urls: Partial<Record<ServiceName, string>>, extra: Record<string, unknown> = {}) {
  const fileConfig = JSON.parse(fs.readFileSync(path.join(hostDist, 'config.json'), 'utf8')) as Record<string, unknown>;
  return {
    ...fileConfig,
    ...(urls.catalog ? { localCatalogUrl: urls.catalog } : {}),
    ...(urls.media ? { localLibraryUrl: urls.media } : {}),
    ...(urls.archive ? { archiveUrl: urls.archive } : {}),
    ...(urls.skips ? { skipsUrl: urls.skips } : {}),
    ...(urls.geo ? { geoUrl: urls.geo, geoFallbackUrl: `${urls.geo}/ipinfo` } : {}),
    ...(urls.opensubtitles ? { opensubtitlesUrl: `${urls.opensubtitles}/api/v1`, opensubtitlesApiKey: LOCAL_OPENSUBTITLES_API_KEY } : {}),
    ...(urls.guide ? { streamingGuideUrl: urls.guide } : {}),
    ...(urls.backend ? { backendUrl: urls.backend } : {}),
    ...(urls.proxy ? { proxyUrls: [urls.proxy] } : {}),
    ...(process.env.MW_EMBED_ORIGINS ? { embedOrigins: process.env.MW_EMBED_ORIGINS.split(',').map((o) => o.trim()) } : {}),
    ...extra,
  };
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const log = options.log ?? (() => {});
  const dist = (app: AppName) => distOf(app, options.distRoot);
  const servicesOption = options.services ?? true;
  const services = servicesOption
    ? await startServices({
        ...(typeof servicesOption === 'object' ? servicesOption : {}),
        log,
      })
    : null;

  const remoteServers = new Map<RemoteName, StaticServer>();
  const remoteUrls = {} as Record<RemoteName, string>;
  // Read when the config is built below; the remotes' servers ask for it per page.
  let embedOrigins: string[] = ['*'];
  const remotePolicy = () => ({ embedOrigins, scriptOrigins: [] });
  const startRemoteApp = async (app: AppName, port: number, dir = dist(app)) => {
    const server = await startStaticServer({ dir, port, policy: remotePolicy, log: (l) => log(`[${app}] ${l}`) });
    remoteServers.set(federationName(app), server);
    remoteUrls[federationName(app)] = server.url;
    return server;
  };
  for (const app of REMOTE_APPS) await startRemoteApp(app, portFor(app, options.ports));

  const config = hostConfig(dist('host'), services?.urls ?? options.serviceUrls ?? {}, options.config);
  embedOrigins = (config as { embedOrigins?: string[] }).embedOrigins ?? ['*'];
  const remotesJson = () => Object.fromEntries(Object.entries(remoteUrls).map(([name, url]) => [name, `${url}/mf-manifest.json`]));
  const host = await startStaticServer({
    dir: dist('host'),
    port: portFor('host', options.ports),
    log: (l) => log(`[host] ${l}`),
    json: {
      '/config.json': () => config,
      '/remotes.json': remotesJson,
    },
    // The host's pages run the remotes' code and the QA overrides' (which may name `scheme://host:*`).
    policy: () => ({
      embedOrigins,
      scriptOrigins: [
        ...Object.values(remotesJson()).map((url) => new URL(url).origin),
        ...((config as { remoteOverrideOrigins?: string[] }).remoteOverrideOrigins ?? []),
        ...originOf((config as { turnstileScriptUrl?: string }).turnstileScriptUrl),
      ],
    }),
  });

  return {
    hostUrl: host.url,
    remoteUrls,
    services,
    async stopRemote(name) {
      await remoteServers.get(name)?.close();
    },
    async startRemote(name, dir) {
      const app = REMOTE_APPS.find((a) => federationName(a) === name)!;
      await startRemoteApp(app, Number(new URL(remoteUrls[name]).port), dir);
    },
    async close() {
      await Promise.all([host.close(), ...[...remoteServers.values()].map((s) => s.close()), services?.close()]);
    },
  };
}
