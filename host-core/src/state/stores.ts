/**
 * The local stores (spec §3): one valtio proxy per persisted definition. The host creates them once;
 * a remote's standalone page creates its own on its own origin.
 */
import { proxy } from 'valtio/vanilla';
import { createPersistedStore } from '../persist/persisted-store';
import type { StorageLike } from '../persist/persisted';
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
} from '../stores/definitions';

export interface Recovery {
  name: string;
  problem: string;
  backupKey: string;
}

export function createStores(storage?: StorageLike) {
  /** Stores whose saved value could not be read this session (kept under a backup key). */
  const recoveries = proxy<{ items: Recovery[] }>({ items: [] });
  const options = { storage, onRecovered: (info: Recovery) => recoveries.items.push(info) };
  return {
    recoveries,
    bookmarks: createPersistedStore(bookmarksDefinition, options),
    progress: createPersistedStore(progressDefinition, options),
    preferences: createPersistedStore(preferencesDefinition, options),
    subtitles: createPersistedStore(subtitlesDefinition, options),
    volume: createPersistedStore(volumeDefinition, options),
    quality: createPersistedStore(qualityDefinition, options),
    theme: createPersistedStore(themeDefinition, options),
    language: createPersistedStore(languageDefinition, options),
    region: createPersistedStore(regionDefinition, options),
    onboarding: createPersistedStore(onboardingDefinition, options),
    auth: createPersistedStore(authDefinition, options),
  };
}

export type Stores = ReturnType<typeof createStores>;
