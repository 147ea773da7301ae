/** Shapes of the host's local stores that remotes read through HostContext (docs/behaviour.md#local-data-stores). */
import type { MediaType } from './media-id';
import type { QualityKey } from './quality';
import type { ThemeName } from './theme';

/** A bookmarked title, keyed by TMDB id. */
export interface BookmarkItem {
  type: MediaType;
  title: string;
  /** Release year; absent when unknown. */
  year?: number;
  /** Poster URL (w342). */
  poster?: string;
  /** Milliseconds since the epoch. */
  updatedAt: number;
}

/** Sync queue entry for bookmarks. */
export interface BookmarkUpdate {
  id: string;
  action: 'add' | 'delete';
  tmdbId: string;
  type?: MediaType;
  title?: string;
  year?: number;
  poster?: string;
  /** When the change was made on this device (ms since the epoch); older entries may lack it. */
  updatedAt?: number;
}

/** Seconds watched of a duration in seconds. */
export interface WatchProgress {
  watched: number;
  duration: number;
}

export interface ProgressSeason {
  id: string;
  number: number;
  title: string;
}

export interface ProgressEpisode {
  id: string;
  number: number;
  title: string;
  seasonId: string;
  updatedAt: number;
  progress: WatchProgress;
}

/** Watch progress of one title, keyed by TMDB id. */
export interface ProgressItem {
  type: MediaType;
  title: string;
  year?: number;
  poster?: string;
  updatedAt: number;
  /** Movies only. */
  progress?: WatchProgress;
  seasons: Record<string, ProgressSeason>;
  episodes: Record<string, ProgressEpisode>;
}

/** Sync queue entry for progress. */
export interface ProgressUpdate {
  id: string;
  action: 'upsert' | 'delete';
  tmdbId: string;
  type?: MediaType;
  title?: string;
  year?: number;
  poster?: string;
  progress?: WatchProgress;
  episodeId?: string;
  seasonId?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  /** When the change was made on this device (ms since the epoch); older entries may lack it. */
  updatedAt?: number;
}

/** Preferences, with their defaults (docs/behaviour.md#local-data-preferences). */
export interface Preferences {
  enableThumbnails: boolean;
  enableAutoplay: boolean;
  enableSkipCredits: boolean;
  enableDiscover: boolean;
  enableDetailsModal: boolean;
  sourceOrder: string[];
  enableSourceOrder: boolean;
  proxyTmdb: boolean;
  /** The user's own Jellyfin/Emby server for the media-server provider; empty when not set. */
  mediaServerUrl: string;
  /** Its API key; stays on this device (never synced). */
  mediaServerApiKey: string;
  /**
   * The user's febbox token (docs/behaviour.md#player-skip-intro: Skip Intro is looked up only when the config's allowFebboxKey
   * flag is on and a token is set; logout clears it). Stays on this device; empty when not set.
   */
  febboxKey: string;
}

export const DEFAULT_PREFERENCES: Preferences = {
  enableThumbnails: false,
  enableAutoplay: true,
  enableSkipCredits: true,
  enableDiscover: true,
  enableDetailsModal: false,
  sourceOrder: [],
  enableSourceOrder: false,
  proxyTmdb: false,
  mediaServerUrl: '',
  mediaServerApiKey: '',
  febboxKey: '',
};

export interface SubtitleStyling {
  /** Lower-case hex colour. */
  color: string;
  /** 0..1 */
  backgroundOpacity: number;
  /** 0.01..10, 1 is the default size. */
  size: number;
  /** 0..1 */
  backgroundBlur: number;
  bold: boolean;
}

export interface SubtitleSettings {
  enabled: boolean;
  lastSelectedLanguage: string | null;
  isOpenSubtitles: boolean;
  overrideCasing: boolean;
  /** Seconds, -500..500. */
  delay: number;
  styling: SubtitleStyling;
}

export const DEFAULT_SUBTITLE_SETTINGS: SubtitleSettings = {
  enabled: false,
  lastSelectedLanguage: null,
  isOpenSubtitles: false,
  overrideCasing: false,
  delay: 0,
  styling: { color: '#ffffff', backgroundOpacity: 0, size: 1, backgroundBlur: 0, bold: false },
};

export interface QualityPreference {
  automaticQuality: boolean;
  lastChosenQuality: QualityKey | null;
}

export type RegionName = 'us-east' | 'us-west' | 'south' | 'asia' | 'europe';

export interface RegionState {
  region: RegionName | null;
  /** Milliseconds since the epoch of the last look-up. */
  lastChecked: number | null;
  userPicked: boolean;
}

export interface AccountProfile {
  colorA: string;
  colorB: string;
  icon: string;
}

/** The signed-in account kept on this device (docs/behaviour.md#account-local-account). */
export interface Account {
  token: string;
  userId: string;
  sessionId: string;
  /** Encrypted device name (base64 of iv+ciphertext, as the backend stores it). */
  deviceName: string;
  profile: AccountProfile;
  /** The 32-byte seed, standard base64 (44 chars); never leaves the device. */
  seed: string;
}

export interface AuthState {
  account: Account | null;
  /** Custom backend URL; null uses the configured one. */
  backendUrl: string | null;
  /** Custom proxy worker URLs; null uses the configured ones. */
  proxySet: string[] | null;
}

export interface OnboardingState {
  completed: boolean;
}

export interface ThemeState {
  /** The saved theme; 'default' unless the person chose another. */
  theme: ThemeName;
}
