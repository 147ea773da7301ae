import { createContext, useContext } from 'react';
import type { CatalogApi } from './catalog';
import type { RuntimeConfig } from './config';
import type { MediaType } from './media-id';
import type {
  Account,
  BookmarkItem,
  Preferences,
  ProgressItem,
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
  /** From the connectivity check (spec §4: /ping.txt). */
  online: boolean;
  /** Scraping region (spec §9). */
  region: RegionState;
}

/** The only way a remote changes host state. */
export interface HostActions {
  setTheme(theme: ThemeName): void;
  setLanguage(language: string): void;
  addBookmark(meta: MediaMeta): void;
  removeBookmark(tmdbId: string): void;
  /** Returns true when the title is bookmarked afterwards. */
  toggleBookmark(meta: MediaMeta): boolean;
  updateProgress(meta: MediaMeta, progress: WatchProgress, episode?: EpisodeRef): void;
  removeProgress(tmdbId: string): void;
  setPreferences(patch: Partial<Preferences>): void;
  setSubtitleSettings(patch: Partial<Omit<SubtitleSettings, 'styling'>> & { styling?: Partial<SubtitleSettings['styling']> }): void;
  setVolume(volume: number): void;
  setQuality(patch: Partial<QualityPreference>): void;
  /** Sets the region; `userPicked` stops the 30-day automatic re-check. */
  setRegion(region: RegionState['region'], options: { userPicked: boolean }): void;
  /** Sets the document title ("<title> | movie-web"); null restores the page default. */
  setDocumentTitle(title: string | null): void;
}

/** What the host gives every remote page (spec: remotes never import each other, they meet through the host). */
export interface HostApi {
  config: RuntimeConfig;
  /** The product version shown where the spec shows it (4.9.4). */
  appVersion: string;
  state: HostState;
  actions: HostActions;
  catalog: CatalogApi;
  /** Client-side navigation inside the host's router. */
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** Provided by the host around every remote slot, and by each remote's standalone page. */
export const HostContext = createContext<HostApi | null>(null);

export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a HostContext provider (the host, or a standalone bootstrap)');
  return host;
}
