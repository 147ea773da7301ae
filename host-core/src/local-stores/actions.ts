/** The verbs that change the local stores. HostContext hands these to remotes. */
import { snapshot, subscribe } from 'valtio/vanilla';
import {
  isThemeName,
  isLanguage,
  type Account,
  type AccountSyncState,
  type BookmarkItem,
  type BookmarkUpdate,
  type EpisodeRef,
  type MediaMeta,
  type Preferences,
  type ProgressItem,
  type ProgressUpdate,
  type QualityPreference,
  type RegionState,
  type SubtitleSettings,
  type ThemeName,
  type WatchProgress,
} from 'shared-contracts';
import type { Stores } from './stores';

const newId = () => ('randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

export function createActions(stores: Stores) {
  const {
    bookmarks: bookmarksStore,
    progress: progressStore,
    preferences: preferencesStore,
    subtitles: subtitlesStore,
    volume: volumeStore,
    quality: qualityStore,
    theme: themeStore,
    language: languageStore,
    auth: authStore,
    region: regionStore,
  } = stores;
  const syncing = () => authStore.account !== null;

  function addBookmark(meta: MediaMeta): void {
    const item: BookmarkItem = { type: meta.type, title: meta.title, year: meta.year, poster: meta.poster, updatedAt: Date.now() };
    bookmarksStore.bookmarks[meta.tmdbId] = item;
    if (syncing()) bookmarksStore.updateQueue.push({ id: newId(), action: 'add', ...meta, updatedAt: item.updatedAt });
  }

  function removeBookmark(tmdbId: string): void {
    if (!(tmdbId in bookmarksStore.bookmarks)) return;
    delete bookmarksStore.bookmarks[tmdbId];
    if (syncing()) bookmarksStore.updateQueue.push({ id: newId(), action: 'delete', tmdbId, updatedAt: Date.now() });
  }

  function toggleBookmark(meta: MediaMeta): boolean {
    if (meta.tmdbId in bookmarksStore.bookmarks) {
      removeBookmark(meta.tmdbId);
      return false;
    }
    addBookmark(meta);
    return true;
  }

  /** Records watch progress of a movie, or of an episode when `episode` is given. */
  function updateProgress(meta: MediaMeta, progress: WatchProgress, episode?: EpisodeRef): void {
    const now = Date.now();
    const existing = progressStore.items[meta.tmdbId];
    const item: ProgressItem = existing ?? {
      type: meta.type,
      title: meta.title,
      year: meta.year,
      poster: meta.poster,
      updatedAt: now,
      seasons: {},
      episodes: {},
    };
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
        updatedAt: now,
        ...(episode
          ? {
              episodeId: episode.episode.id,
              seasonId: episode.season.id,
              seasonNumber: episode.season.number,
              episodeNumber: episode.episode.number,
            }
          : {}),
      });
    }
  }

  function removeProgress(tmdbId: string): void {
    if (!(tmdbId in progressStore.items)) return;
    delete progressStore.items[tmdbId];
    if (syncing()) progressStore.updateQueue.push({ id: newId(), action: 'delete', tmdbId, updatedAt: Date.now() });
  }

  function setTheme(theme: ThemeName | null): void {
    // A choice of the person's own shows at once, over what the page's link asked for.
    stores.pageView.theme = null;
    // Older remotes may ask for null (the default theme, as they spelled it) or a name this build lacks.
    themeStore.theme = theme && isThemeName(theme) ? theme : 'default';
  }

  function setPreferences(patch: Partial<Preferences>): void {
    Object.assign(preferencesStore, patch);
  }

  function setSubtitleSettings(
    patch: Partial<Omit<SubtitleSettings, 'styling'>> & { styling?: Partial<SubtitleSettings['styling']> },
  ): void {
    const { styling, ...rest } = patch;
    Object.assign(subtitlesStore, rest);
    if (styling) Object.assign(subtitlesStore.styling, styling);
  }

  function setVolume(volume: number): void {
    if (Number.isFinite(volume)) volumeStore.volume = Math.min(1, Math.max(0, volume));
  }

  function setQuality(patch: Partial<QualityPreference>): void {
    Object.assign(qualityStore, patch);
  }

  function setLanguage(language: string): void {
    stores.pageView.language = null;
    if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) languageStore.language = language;
  }

  /** Shows a theme and language on this page view without saving them; null goes back to the saved ones. */
  function showForView(view: { theme?: string | null; language?: string | null } | null): void {
    const theme = view?.theme;
    const language = view?.language;
    stores.pageView.theme = theme && isThemeName(theme) ? theme : null;
    stores.pageView.language = language && isLanguage(language) ? language : null;
  }

  function setRegion(region: RegionState['region'], options: { userPicked: boolean }): void {
    regionStore.region = region;
    regionStore.lastChecked = Date.now();
    regionStore.userPicked = options.userPicked;
  }

  // ---- account ------------------------------------------------------------------------------

  function setAccount(account: Account | null): void {
    authStore.account = account ? { ...account, profile: { ...account.profile } } : null;
  }

  function updateAccount(patch: Partial<Omit<Account, 'token' | 'userId' | 'sessionId' | 'seed'>>): void {
    if (!authStore.account) return;
    if (patch.deviceName !== undefined) authStore.account.deviceName = patch.deviceName;
    if (patch.profile) authStore.account.profile = { ...patch.profile };
  }

  function setBackendUrl(url: string | null): void {
    authStore.backendUrl = url ? url.replace(/\/+$/, '') : null;
  }

  function setProxyUrls(urls: string[] | null): void {
    authStore.proxySet = urls && urls.length > 0 ? [...urls] : null;
  }

  function replaceBookmarks(items: Record<string, BookmarkItem>): void {
    bookmarksStore.bookmarks = structuredClone(items);
  }

  function replaceProgress(items: Record<string, ProgressItem>): void {
    progressStore.items = structuredClone(items);
  }

  function acknowledgeSyncUpdates(ids: { bookmarks?: readonly string[]; progress?: readonly string[] }): void {
    if (ids.bookmarks?.length) {
      const done = new Set(ids.bookmarks);
      bookmarksStore.updateQueue = bookmarksStore.updateQueue.filter((item) => !done.has(item.id));
    }
    if (ids.progress?.length) {
      const done = new Set(ids.progress);
      progressStore.updateQueue = progressStore.updateQueue.filter((item) => !done.has(item.id));
    }
  }

  function enqueueSyncUpdates(updates: {
    bookmarks?: readonly Omit<BookmarkUpdate, 'id'>[];
    progress?: readonly Omit<ProgressUpdate, 'id'>[];
  }): void {
    const now = Date.now();
    for (const update of updates.bookmarks ?? []) bookmarksStore.updateQueue.push({ updatedAt: now, ...update, id: newId() });
    for (const update of updates.progress ?? []) progressStore.updateQueue.push({ updatedAt: now, ...update, id: newId() });
  }

  function setOnboardingCompleted(completed: boolean): void {
    stores.onboarding.completed = completed;
  }

  /** Logout's local part (docs/behaviour.md#account-restore-and-logout): the account, bookmarks, progress and the febbox token. */
  function clearAccountData(): void {
    authStore.account = null;
    bookmarksStore.bookmarks = {};
    bookmarksStore.updateQueue = [];
    progressStore.items = {};
    progressStore.updateQueue = [];
    preferencesStore.febboxKey = '';
  }

  function readAccountState(): AccountSyncState {
    const auth = snapshot(authStore);
    const bookmarks = snapshot(bookmarksStore);
    const progress = snapshot(progressStore);
    return {
      account: auth.account,
      customBackendUrl: auth.backendUrl,
      bookmarks: bookmarks.bookmarks,
      bookmarkQueue: bookmarks.updateQueue,
      progress: progress.items,
      progressQueue: progress.updateQueue,
      settings: {
        applicationLanguage: languageStore.language,
        applicationTheme: themeStore.theme,
        defaultSubtitleLanguage: subtitlesStore.lastSelectedLanguage,
        proxyUrls: auth.proxySet ? [...auth.proxySet] : null,
      },
    };
  }

  function subscribeAccountState(listener: () => void): () => void {
    const stops = [authStore, bookmarksStore, progressStore, languageStore, themeStore, subtitlesStore].map((store) =>
      subscribe(store, listener),
    );
    return () => stops.forEach((stop) => stop());
  }

  return {
    setAccount,
    updateAccount,
    setBackendUrl,
    setProxyUrls,
    replaceBookmarks,
    replaceProgress,
    acknowledgeSyncUpdates,
    enqueueSyncUpdates,
    clearAccountData,
    setOnboardingCompleted,
    readAccountState,
    subscribeAccountState,
    addBookmark,
    removeBookmark,
    toggleBookmark,
    updateProgress,
    removeProgress,
    setTheme,
    setPreferences,
    setSubtitleSettings,
    setVolume,
    setQuality,
    setLanguage,
    setRegion,
    showForView,
  };
}

export type StoreActions = ReturnType<typeof createActions>;
