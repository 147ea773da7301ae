/** The verbs that change the host stores. HostContext hands these to remotes. */
import {
  THEME_NAMES,
  type BookmarkItem,
  type MediaType,
  type Preferences,
  type ProgressItem,
  type QualityPreference,
  type SubtitleSettings,
  type ThemeName,
  type WatchProgress,
} from 'shared-contracts';
import {
  authStore,
  bookmarksStore,
  preferencesStore,
  progressStore,
  qualityStore,
  subtitlesStore,
  themeStore,
  volumeStore,
} from './stores';

/** What a card or page knows about a title. */
export interface MediaMeta {
  tmdbId: string;
  type: MediaType;
  title: string;
  year?: number;
  poster?: string;
}

const newId = () => (globalThis.crypto?.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);
const syncing = () => authStore.account !== null;

export function addBookmark(meta: MediaMeta): void {
  const item: BookmarkItem = { type: meta.type, title: meta.title, year: meta.year, poster: meta.poster, updatedAt: Date.now() };
  bookmarksStore.bookmarks[meta.tmdbId] = item;
  if (syncing()) bookmarksStore.updateQueue.push({ id: newId(), action: 'add', ...meta });
}

export function removeBookmark(tmdbId: string): void {
  if (!(tmdbId in bookmarksStore.bookmarks)) return;
  delete bookmarksStore.bookmarks[tmdbId];
  if (syncing()) bookmarksStore.updateQueue.push({ id: newId(), action: 'delete', tmdbId });
}

export function toggleBookmark(meta: MediaMeta): boolean {
  if (meta.tmdbId in bookmarksStore.bookmarks) {
    removeBookmark(meta.tmdbId);
    return false;
  }
  addBookmark(meta);
  return true;
}

export interface EpisodeRef {
  season: { id: string; number: number; title: string };
  episode: { id: string; number: number; title: string };
}

/** Records watch progress of a movie, or of an episode when `episode` is given. */
export function updateProgress(meta: MediaMeta, progress: WatchProgress, episode?: EpisodeRef): void {
  const now = Date.now();
  const existing = progressStore.items[meta.tmdbId];
  const item: ProgressItem = existing ?? { type: meta.type, title: meta.title, year: meta.year, poster: meta.poster, updatedAt: now, seasons: {}, episodes: {} };
  if (!existing) progressStore.items[meta.tmdbId] = item;
  const live = progressStore.items[meta.tmdbId]!;
  live.updatedAt = now;
  live.title = meta.title;
  if (meta.poster) live.poster = meta.poster;
  if (episode) {
    live.seasons[episode.season.id] = { ...episode.season };
    live.episodes[episode.episode.id] = { ...episode.episode, seasonId: episode.season.id, updatedAt: now, progress: { ...progress } };
  } else {
    live.progress = { ...progress };
  }
  if (syncing()) {
    progressStore.updateQueue.push({
      id: newId(),
      action: 'upsert',
      ...meta,
      progress: { ...progress },
      ...(episode
        ? { episodeId: episode.episode.id, seasonId: episode.season.id, seasonNumber: episode.season.number, episodeNumber: episode.episode.number }
        : {}),
    });
  }
}

export function removeProgress(tmdbId: string): void {
  if (!(tmdbId in progressStore.items)) return;
  delete progressStore.items[tmdbId];
  if (syncing()) progressStore.updateQueue.push({ id: newId(), action: 'delete', tmdbId });
}

export function setTheme(theme: ThemeName | null): void {
  themeStore.theme = theme && (THEME_NAMES as readonly string[]).includes(theme) && theme !== 'default' ? theme : null;
}

export function setPreferences(patch: Partial<Preferences>): void {
  Object.assign(preferencesStore, patch);
}

export function setSubtitleSettings(patch: Partial<Omit<SubtitleSettings, 'styling'>> & { styling?: Partial<SubtitleSettings['styling']> }): void {
  const { styling, ...rest } = patch;
  Object.assign(subtitlesStore, rest);
  if (styling) Object.assign(subtitlesStore.styling, styling);
}

export function setVolume(volume: number): void {
  if (Number.isFinite(volume)) volumeStore.volume = Math.min(1, Math.max(0, volume));
}

export function setQuality(patch: Partial<QualityPreference>): void {
  Object.assign(qualityStore, patch);
}
