import type { ComponentType } from 'react';
import type { AccountService } from './host-context';

/** The four remotes the host composes, by federation name. */
export const REMOTE_NAMES = ['discover', 'player', 'account', 'settings'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const isRemoteName = (value: string): value is RemoteName => (REMOTE_NAMES as readonly string[]).includes(value);

/** The one module every remote exposes, as `<name>/app`. */
export const REMOTE_APP_MODULE = 'app';

/** Pages each remote provides to the host's routes. */
export interface RemotePages {
  discover: 'discover' | 'homeSection' | 'homeBookmarks' | 'homeContinueWatching';
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
  /** Non-UI services the host loads at boot and publishes on HostContext (only the account remote has one). */
  services?: { account?: () => Promise<{ default: AccountService }> };
  /** The remote's translations (its i18next namespace, named after the remote) for one language. */
  locales?: (language: string) => Promise<Record<string, unknown>>;
}

/** `remotes.json`: remote name → URL of its mf-manifest.json. */
export type RemotesManifest = Record<RemoteName, string>;
