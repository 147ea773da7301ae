/** The host's local stores and their actions (created once; remotes reach them through HostContext). */
import { createActions, createStores } from 'host-core/local-stores';
import type { ThemeName } from 'shared-contracts';
import { proxy } from 'valtio/vanilla';

export const stores = createStores();

/** A theme shown but not saved (Settings previews the choice before Save); never persisted. */
export const themePreview = proxy<{ theme: ThemeName | null }>({ theme: null });

/** The watch page asks for the site's header around it (an error screen in place of the player). */
export const siteFrame = proxy<{ shown: boolean }>({ shown: false });

export const actions = {
  ...createActions(stores),
  previewTheme(theme: ThemeName | null) {
    themePreview.theme = theme;
  },
  showSiteFrame(shown: boolean) {
    siteFrame.shown = shown;
  },
};

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
  pageView,
} = stores;
