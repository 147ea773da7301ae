/** The host's local stores and their actions (created once; remotes reach them through HostContext). */
import { createActions, createStores } from 'host-core/state';

export const stores = createStores();
export const actions = createActions(stores);

export const {
  recoveries,
  saveFailures,
  bookmarks: bookmarksStore,
  progress: progressStore,
  preferences: preferencesStore,
  subtitles: subtitlesStore,
  volume: volumeStore,
  quality: qualityStore,
  theme: themeStore,
  language: languageStore,
  region: regionStore,
  onboarding: onboardingStore,
  auth: authStore,
} = stores;
