import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import type { CatalogApi } from './catalog';
import type { RuntimeConfig } from './config';
import type { MediaType } from './media-id';
import type {
  Account,
  AccountProfile,
  BookmarkItem,
  BookmarkUpdate,
  Preferences,
  ProgressItem,
  ProgressUpdate,
  QualityPreference,
  RegionState,
  SubtitleSettings,
  WatchProgress,
} from './stores';
import type { ThemeName } from './theme';

/** What a card or page knows about a title, enough to bookmark it or record progress. */
export interface MediaMeta {
  tmdbId: string;
  type: MediaType;
  title: string;
  year?: number;
  poster?: string;
}

/** Which episode progress is about (TMDB ids as strings). */
export interface EpisodeRef {
  season: { id: string; number: number; title: string };
  episode: { id: string; number: number; title: string };
}

/** Read-only snapshot of the host stores. */
export interface HostState {
  theme: ThemeName;
  language: string;
  bookmarks: Readonly<Record<string, BookmarkItem>>;
  progress: Readonly<Record<string, ProgressItem>>;
  preferences: Preferences;
  subtitles: SubtitleSettings;
  /** 0..1 */
  volume: number;
  quality: QualityPreference;
  account: Account | null;
  /** The backend in use: the user's custom one, else the configured one; empty when none. */
  backendUrl: string;
  /** Proxy workers in use: the user's custom list, else the configured one. */
  proxyUrls: string[];
  /** The user's own backend URL; null when the configured one is used. */
  customBackendUrl: string | null;
  /** The user's own proxy workers; null when the configured ones are used. */
  customProxyUrls: string[] | null;
  /** From the connectivity check of /ping.txt (docs/behaviour.md#offline-connectivity). */
  online: boolean;
  /** Scraping region (docs/behaviour.md#local-data-region). */
  region: RegionState;
}

/** The only way a remote changes host state. */
export interface HostActions {
  setTheme: (theme: ThemeName) => void;
  /**
   * Shows a theme on the whole site without saving it (Settings before Save); null ends the preview.
   * Contracts 1.2; hosts before it lack it (call it as `previewTheme?.(…)`).
   */
  previewTheme?: (theme: ThemeName | null) => void;
  setLanguage: (language: string) => void;
  /**
   * Shows a theme and language on this page view without saving them (a watch link's `?theme=` and
   * `?language=`); unknown values are ignored, null goes back to the saved ones. Older hosts lack it (call
   * it as `showForView?.(…)`).
   */
  showForView?: (view: { theme?: string | null; language?: string | null } | null) => void;
  /**
   * The watch page asks for the site's header above it while it shows an error screen instead of the
   * player (a missing episode), so the person can go on from there; false gives it the whole screen
   * again. Older hosts lack it (call it as `showSiteFrame?.(…)`).
   */
  showSiteFrame?: (shown: boolean) => void;
  addBookmark: (meta: MediaMeta) => void;
  removeBookmark: (tmdbId: string) => void;
  /** Returns true when the title is bookmarked afterwards. */
  toggleBookmark: (meta: MediaMeta) => boolean;
  updateProgress: (meta: MediaMeta, progress: WatchProgress, episode?: EpisodeRef) => void;
  removeProgress: (tmdbId: string) => void;
  setPreferences: (patch: Partial<Preferences>) => void;
  setSubtitleSettings: (patch: Partial<Omit<SubtitleSettings, 'styling'>> & { styling?: Partial<SubtitleSettings['styling']> }) => void;
  setVolume: (volume: number) => void;
  setQuality: (patch: Partial<QualityPreference>) => void;
  /** Sets the region; `userPicked` stops the 30-day automatic re-check. */
  setRegion: (region: RegionState['region'], options: { userPicked: boolean }) => void;
  /** Sets the document title ("<title> | movie-web"); null restores the page default. */
  setDocumentTitle: (title: string | null) => void;

  // ---- account settings a page may change (the rest of the account is the host's AccountSyncPort) ----
  /** The user's custom backend; null goes back to the configured one. */
  setBackendUrl: (url: string | null) => void;
  /** The user's custom proxy workers; null goes back to the configured ones. */
  setProxyUrls: (urls: string[] | null) => void;
  /** Onboarding (docs/behaviour.md#settings-onboarding) finished or skipped on this device; remembered. */
  setOnboardingCompleted: (completed: boolean) => void;
}

/**
 * The host's account verbs, handed to the account service and its sync engine that the host runs, never
 * to a page (contracts 1.4). A page changes the account through HostApi.accountService.
 */
export interface AccountSyncPort extends Pick<
  HostActions,
  'setLanguage' | 'setTheme' | 'setSubtitleSettings' | 'setBackendUrl' | 'setProxyUrls'
> {
  /** Signs this device in (register/login) or forgets the account (null). Does not touch other data. */
  setAccount: (account: Account | null) => void;
  /** Patches the signed-in account (profile, encrypted device name); no-op when signed out. */
  updateAccount: (patch: Partial<Omit<Account, 'token' | 'userId' | 'sessionId' | 'seed'>>) => void;
  /** Replaces the local bookmarks (a merge computed by the sync engine); the queue is left alone. */
  replaceBookmarks: (items: Record<string, BookmarkItem>) => void;
  /** Replaces the local progress items (a merge computed by the sync engine); the queue is left alone. */
  replaceProgress: (items: Record<string, ProgressItem>) => void;
  /** Removes pushed (or permanently refused) entries from the sync queues, by entry id. */
  acknowledgeSyncUpdates: (ids: { bookmarks?: readonly string[]; progress?: readonly string[] }) => void;
  /** Appends entries to the sync queues (e.g. local data to upload after a failed import at login). */
  enqueueSyncUpdates(updates: {
    bookmarks?: readonly Omit<BookmarkUpdate, 'id'>[];
    progress?: readonly Omit<ProgressUpdate, 'id'>[];
  }): void;
  /** Logout/delete (docs/behaviour.md#account-restore-and-logout): forgets the account, bookmarks, progress and their queues. */
  clearAccountData: () => void;
  /** The live store values the sync engine needs, read outside React (not a render snapshot). */
  readAccountState: () => AccountSyncState;
  /** Called after any change to what readAccountState returns; returns the unsubscribe. */
  subscribeAccountState: (listener: () => void) => () => void;
}

/** What the sync engine reads (live, outside React). */
export interface AccountSyncState {
  account: Account | null;
  /** The user's custom backend, null when the configured one (config.backendUrl) is used. */
  customBackendUrl: string | null;
  bookmarks: Readonly<Record<string, BookmarkItem>>;
  bookmarkQueue: readonly BookmarkUpdate[];
  progress: Readonly<Record<string, ProgressItem>>;
  progressQueue: readonly ProgressUpdate[];
  /** The synced settings as they are on this device (docs/behaviour.md#sync-rules). */
  settings: AccountSettings;
}

/** The settings an account syncs (docs/behaviour.md#sync-rules). */
export interface AccountSettings {
  applicationLanguage: string;
  /** 'default' unless the person chose another theme (the backend's null and '' read as 'default'). */
  applicationTheme: ThemeName;
  defaultSubtitleLanguage: string | null;
  /** null: the configured proxies. */
  proxyUrls: string[] | null;
}

/** One signed-in device of the account (Settings → devices). */
export interface AccountSession {
  id: string;
  /** Decrypted with the seed; null when it cannot be read. */
  deviceName: string | null;
  userAgent: string;
  /** ISO-8601 */
  createdAt: string;
  /** ISO-8601 */
  accessedAt: string;
  /** This device's own session. */
  current: boolean;
}

/** Where the account and its sync stand (discriminated on `status`). */
export type AccountStatus =
  | { status: 'signed-out' }
  | { status: 'syncing' }
  | { status: 'synced'; at: number }
  /** Pushes are failing transiently; queued changes are kept and retried at `retryAt` (ms epoch). */
  | { status: 'retrying'; retryAt: number; pending: number; message: string }
  /** The profile could not be loaded: offer logout, reload, or reset to the default server. */
  | { status: 'load-failed'; message: string; customBackend: boolean };

/**
 * The account service the host runs (contracts 1.4; the account remote's own before): sync, sign-in,
 * sessions, logout. Published as HostApi.accountService. Every method that talks to the backend rejects
 * with an Error whose message is user-presentable (English) when it fails; account failures are named
 * 'AccountError' and carry a `code` (their message key is `errors.<code>` in the account remote).
 */
export interface AccountService {
  getStatus(): AccountStatus;
  subscribe(listener: (status: AccountStatus) => void): () => void;
  /** Pushes the queues and settings now (resolves when done or failed). */
  syncNow(): Promise<void>;
  /**
   * Signs in with the passphrase on `backendUrl` (default: the backend in use) and uploads this device's
   * data into the account (queued for the sync when the upload fails). Contracts 1.4.
   */
  login(input: { passphrase: string; deviceName: string; backendUrl?: string }): Promise<void>;
  /** Creates an account with this device's settings, then signs in as login does. Contracts 1.4. */
  register(input: {
    passphrase: string;
    deviceName: string;
    profile: AccountProfile;
    backendUrl?: string;
    captchaToken?: string;
  }): Promise<void>;
  /** Moves the account to another backend: the same keys sign in there, this device's data is uploaded. Contracts 1.4. */
  migrate(input: { backendUrl: string; deviceName: string }): Promise<void>;
  /**
   * Merges bookmarks and progress read from an export file into this device's (per title, the newer
   * copy wins) and, when signed in, queues what changed for the account. Contracts 1.4.
   */
  importLocalData(items: { bookmarks: Record<string, BookmarkItem>; progress: Record<string, ProgressItem> }): Promise<void>;
  /** Deletes this session on the server (failures ignored) then clears local account data
   * (docs/behaviour.md#account-restore-and-logout).
   */
  logout(): Promise<void>;
  /** DELETE /users/{id}, then clears local account data. */
  deleteAccount(): Promise<void>;
  listSessions(): Promise<AccountSession[]>;
  /** Revokes one session (another device, or this one = logout). */
  removeSession(sessionId: string): Promise<void>;
  /** Ends every session but this one; resolves to how many were ended. */
  endOtherSessions(): Promise<number>;
  /** Renames this device (encrypted on the device, PATCH /sessions/{id}). */
  renameDevice(name: string): Promise<void>;
  /** PATCH /users/{id} with the profile colours and icon. */
  updateProfile(profile: AccountProfile): Promise<void>;
  /** Goes back to the configured backend (the load-failed screen's reset); logs out of the custom one. */
  resetToDefaultBackend(): Promise<void>;
}

/**
 * What a contracts 1.3 host hands the account service the account remote exposes (`services.account`):
 * its config, and actions carrying the AccountSyncPort's verbs. Kept for 1.3 hosts; remove in 1.5.
 */
export interface AccountServiceHost {
  config: RuntimeConfig;
  actions: HostActions & AccountSyncPort;
}

/** The account service as a contracts 1.3 host loads it from the account remote, and starts. Remove in 1.5. */
export interface RemoteAccountService extends AccountService {
  /** Starts the sync engine against the host (idempotent). Returns a stop function. */
  start(host: AccountServiceHost): () => void;
}

/** What the host gives every remote page (remotes never import each other: they meet through the host). */
export interface HostApi {
  config: RuntimeConfig;
  /** The product version the site shows (4.9.4, docs/behaviour.md#product-scope). */
  appVersion: string;
  state: HostState;
  actions: HostActions;
  catalog: CatalogApi;
  /** Client-side navigation inside the host's router. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /**
   * The account service (sign-in, sync, sessions, logout, profile). A contracts 1.4 host always has one;
   * a 1.3 host has the account remote's own once an account exists, null before.
   */
  accountService?: AccountService | null;
  /**
   * Each HostState field as its own subscription (read it with useHostState). Optional: hosts built
   * before contracts 1.1 and plain test fixtures do not provide it; useHostState then reads `state`.
   */
  states?: HostStateSource;
}

/** Live, per-field access to the host state: a write to one store notifies only that field's listeners. */
export interface HostStateSource {
  /** The field's current value: the same object until that field changes (an immutable snapshot). */
  get<K extends keyof HostState>(key: K): HostState[K];
  /** Calls `listener` after any write that may change `key`; returns the unsubscribe. */
  subscribe(key: keyof HostState, listener: () => void): () => void;
}

/**
 * The HostApi as a stable object (it changes only when the account service loads, never on a store
 * write). Its `state` is read live when accessed: reading it during render does not subscribe, so
 * render with useHostState / useHostWith and read `state` freely in callbacks and effects.
 */
export type HostServices = HostApi;

/**
 * Provided by the host around every remote slot, and by each remote's standalone page. Its value is a
 * new object on every store write, so every component that reads it re-renders: prefer
 * useHostServices() for config, actions, catalog and navigation and useHostState(key) for state.
 */
export const HostContext = createContext<HostApi | null>(null);

/** The stable part of the HostApi (contracts 1.1). Hosts provide it next to HostContext. */
export const HostServicesContext = createContext<HostServices | null>(null);

/** Never provided: read instead of HostContext when the stable context is there, so as not to subscribe to it. */
const NoContext = createContext<HostApi | null>(null);

export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a HostContext provider (the host, or a standalone bootstrap)');
  return host;
}

/**
 * Config, actions, catalog, navigation and the account service, without subscribing to state: a
 * component using only this does not re-render on store writes. Falls back to HostContext (and so
 * re-renders with it) under a provider that has no HostServicesContext.
 */
export function useHostServices(): HostServices {
  const services = useContext(HostServicesContext);
  const legacy = useContext(services ? NoContext : HostContext);
  const host = services ?? legacy;
  if (!host) throw new Error('useHostServices() needs a HostContext provider (the host, or a standalone bootstrap)');
  return host;
}

const noSubscription = () => () => {};

/**
 * The stable host (as useHostServices), re-rendering the component when one of `keys` changes: the
 * one-line replacement for useHost() in a component that reads those fields of `state` in render.
 */
export function useHostWith(...keys: (keyof HostState)[]): HostApi {
  const host = useHostServices();
  const states = host.states;
  const joined = keys.join(',');
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!states) return noSubscription();
      const stops = joined.split(',').map((key) => states.subscribe(key as keyof HostState, listener));
      return () => stops.forEach((stop) => stop());
    },
    [states, joined],
  );
  const last = useRef<unknown[]>([]);
  const read = () => {
    if (!states) return last.current;
    const values = keys.map((key) => states.get(key));
    if (values.length !== last.current.length || values.some((value, i) => !Object.is(value, last.current[i]))) last.current = values;
    return last.current;
  };
  useSyncExternalStore(subscribe, read, read);
  return host;
}

/** One field of the host state; the component re-renders only when that field changes. */
export function useHostState<K extends keyof HostState>(key: K): HostState[K] {
  const services = useContext(HostServicesContext);
  const legacy = useContext(services?.states ? NoContext : HostContext);
  const states = services?.states ?? legacy?.states;
  const subscribe = useCallback((listener: () => void) => (states ? states.subscribe(key, listener) : noSubscription()), [states, key]);
  const read = () => {
    if (states) return states.get(key);
    if (!legacy) throw new Error('useHostState() needs a HostContext provider (the host, or a standalone bootstrap)');
    return legacy.state[key];
  };
  return useSyncExternalStore(subscribe, read, read);
}
