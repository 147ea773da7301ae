/**
 * The host's local stores: one valtio proxy per persisted definition (spec §3). Remotes never touch
 * these; they get snapshots and actions through HostContext.
 */
import { proxy } from 'valtio/vanilla';
import { createPersistedStore } from '../../core/persist/persisted-store';
import {
  authDefinition,
  bookmarksDefinition,
  languageDefinition,
  onboardingDefinition,
  preferencesDefinition,
  progressDefinition,
  qualityDefinition,
  regionDefinition,
  subtitlesDefinition,
  themeDefinition,
  volumeDefinition,
} from '../../core/stores/definitions';

/** Stores whose saved value could not be read this session (kept under a backup key). */
export const recoveries = proxy<{ items: Array<{ name: string; problem: string; backupKey: string }> }>({ items: [] });
const options = { onRecovered: (info: { name: string; problem: string; backupKey: string }) => recoveries.items.push(info) };

export const bookmarksStore = createPersistedStore(bookmarksDefinition, options);
export const progressStore = createPersistedStore(progressDefinition, options);
export const preferencesStore = createPersistedStore(preferencesDefinition, options);
export const subtitlesStore = createPersistedStore(subtitlesDefinition, options);
export const volumeStore = createPersistedStore(volumeDefinition, options);
export const qualityStore = createPersistedStore(qualityDefinition, options);
export const themeStore = createPersistedStore(themeDefinition, options);
export const languageStore = createPersistedStore(languageDefinition, options);
export const regionStore = createPersistedStore(regionDefinition, options);
export const onboardingStore = createPersistedStore(onboardingDefinition, options);
export const authStore = createPersistedStore(authDefinition, options);
