import type { ComponentType } from 'react';
import type { CatalogApi } from './catalog';
import type { RemoteAccountService } from './host-context';

/** The four remotes the host composes, by federation name. */
export const REMOTE_NAMES = ['discover', 'player', 'account', 'settings'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const isRemoteName = (value: string): value is RemoteName => (REMOTE_NAMES as readonly string[]).includes(value);

/** The one module every remote exposes, as `<name>/app`. */
export const REMOTE_APP_MODULE = 'app';

/**
 * Pages each remote provides to the host's routes. Discover's `searchResults` shows the results of the
 * `/browse/:query` route's query as media cards (the host loads it like any page: a discover remote
 * built without it is refused as incompatible in that slot only).
 */
export interface RemotePages {
  discover: 'discover' | 'homeSection' | 'homeBookmarks' | 'homeContinueWatching' | 'searchResults';
  player: 'watch' | 'devVideo';
  account: 'login' | 'register' | 'onboarding' | 'migration';
  settings: 'settings' | 'dev' | 'admin';
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** What `<remote>/app` exports as default: who it is, what it was built against, and its pages (loaded lazily). */
export interface RemoteApp<N extends RemoteName = RemoteName> {
  name: N;
  /** shared-contracts version baked in at build time. */
  contractsVersion: string;
  /** The remote's own package version. */
  appVersion: string;
  /** Free text set at build time (MW_BUILD_MARKER), shown by QA to tell builds apart; empty normally. */
  buildMarker: string;
  pages: Record<RemotePages[N], PageLoader>;
  /**
   * The account remote's service, which a contracts 1.3 host loads and starts (a 1.4 host runs its own).
   * Kept for 1.3 hosts; remove in 1.5.
   */
  services?: { account?: () => Promise<{ default: RemoteAccountService }> };
  /** The remote's translations (its i18next namespace, named after the remote) for one language. */
  locales?: (language: string) => Promise<Record<string, unknown>>;
  /**
   * Starts the requests `page` makes first, before the host renders it: on a cold load's first page the
   * host calls it as soon as this module is in, so the page's data is on its way while the shell renders
   * rather than after it. What it starts must be what the page itself would start, shared with it (one
   * request each).
   * Never throws. Since contracts 1.3.0; a host that predates it renders the page without.
   */
  prefetch?: (page: RemotePages[N], services: PrefetchServices) => void;
}

/** What the host gives `RemoteApp.prefetch`. */
export interface PrefetchServices {
  catalog: CatalogApi;
  /**
   * What the page's first frame showed before any script ran (the host's index.html draws Discover's first
   * row from the early answers), for the page to show it the same. Absent from older hosts.
   */
  firstFrame?: FirstFrame;
}

export interface FirstFrame {
  /**
   * The first row's cards (`type:tmdbId`, type "movie" or "show") in the order the frame drew them, shuffled
   * as a row is; undefined when it drew none. Asking ends the frame's drawing: what it has not drawn by
   * then it never will.
   */
  rowOrder(): readonly string[] | undefined;
}

/** `remotes.json`: remote name → URL of its mf-manifest.json. */
export type RemotesManifest = Record<RemoteName, string>;
