/**
 * The local stores (docs/behaviour.md#local-data-stores): one valtio proxy per persisted definition. The host creates them once;
 * a remote's standalone page creates its own on its own origin.
 */
import { proxy } from 'valtio/vanilla';
import type { Language, ThemeName } from 'shared-contracts';
import { createPersistedStore, type PersistedStoreOptions, type SaveFailureReason } from '../persist/persisted-store';
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
} from './definitions';

export interface Recovery {
  name: string;
  problem: string;
  /** Where the unreadable value was set aside; null when it could not be (too large, storage full). */
  backupKey: string | null;
}

/** A store whose latest changes are only in memory because saving them was refused. */
export interface SaveFailure {
  name: string;
  reason: SaveFailureReason;
}

/** What one page view shows instead of the saved theme and language; null fields show the saved ones. */
export interface PageView {
  theme: ThemeName | null;
  language: Language | null;
}

export function createStores(storage?: StorageLike) {
  /** Stores whose saved value could not be read this session (kept under a backup key). */
  const recoveries = proxy<{ items: Recovery[] }>({ items: [] });
  /** Stores whose last save was refused; an entry leaves when a later save goes through. */
  const saveFailures = proxy<{ items: SaveFailure[] }>({ items: [] });
  const saves = new Map<string, () => void>();
  const options: PersistedStoreOptions = {
    onCreated: (name, save) => saves.set(name, save),
    storage,
    onRecovered: (info: Recovery) => recoveries.items.push(info),
    onSaveFailed: (failure) => {
      const existing = saveFailures.items.find((item) => item.name === failure.name);
      if (!existing) saveFailures.items.push(failure);
      else if (existing.reason !== failure.reason) existing.reason = failure.reason;
    },
    onSaved: (name) => {
      if (saveFailures.items.length === 0) return;
      const index = saveFailures.items.findIndex((item) => item.name === name);
      if (index !== -1) saveFailures.items.splice(index, 1);
      // A save went through, so there may be room again: the stores whose saves were refused are saved
      // too, not only once they change (the notice asks the person to change something, whichever store
      // it is). A retry that succeeds takes its store off the list and one that fails adds nothing, so this ends.
      for (const other of [...saveFailures.items]) saves.get(other.name)?.();
    },
  };
  return {
    recoveries,
    saveFailures,
    /** A theme and language shown on this page view only (a watch link's ?theme= and ?language=); never saved. */
    pageView: proxy<PageView>({ theme: null, language: null }),
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
