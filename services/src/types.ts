/** The names of the local services, in start order. */
// The proxy starts last: its allow-list is the URLs of the local services it may reach.
export const SERVICE_NAMES = [
  'media',
  'catalog',
  'skips',
  'geo',
  'backend',
  'scraper',
  'jellyfin',
  'archive',
  'opensubtitles',
  'guide',
  'proxy',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Default port of each service on localhost; `npm start` and `npm run start -w services` use these. */
export const DEFAULT_PORTS: Record<ServiceName, number> = {
  media: 4101,
  catalog: 4100,
  proxy: 4102,
  skips: 4103,
  geo: 4104,
  backend: 4105,
  scraper: 4106,
  jellyfin: 4107,
  archive: 4108,
  opensubtitles: 4109,
  guide: 4110,
};

export interface ServiceOptions {
  /** Port to bind; 0 picks a free one (tests). */
  port: number;
  /** Interface to bind; localhost by default. */
  host: string;
  /** A folder this service may keep data in (the account server's database lives under it). */
  dataDir: string;
  /** Base URLs (no trailing slash) of the other services started in the same run, when known. */
  urls: Partial<Record<ServiceName, string>>;
  /** One line per request and lifecycle event. */
  log: (line: string) => void;
  /** Service-specific settings (from environment variables or a test); each service documents its own. */
  env: Record<string, string | undefined>;
}

export interface RunningService {
  name: ServiceName;
  /** Base URL, e.g. http://localhost:4100 */
  url: string;
  port: number;
  /** The process serving it, when it runs in its own (the proxy). */
  pid?: number;
  /** Settles if that process ends on its own (not through close()). */
  exited?: Promise<number | null>;
  close(): Promise<void>;
}

export type StartService = (options: ServiceOptions) => Promise<RunningService>;
