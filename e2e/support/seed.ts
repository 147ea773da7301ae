/**
 * Builders of what earlier visits left on this device: the host's local stores, in the format the site
 * stores them (`__MW::<name>` → `{"state": …, "version": N}`). Each value is built from host-core's store
 * definitions and read back through their schema before it is written, so a seed the site would not read
 * as given fails here, with the reason, instead of turning into an unexplained default on the page.
 */
import type { Page } from '@playwright/test';
import { keyOf, restore, serialize, type PersistedDefinition } from 'host-core/persist';
import {
  authDefinition,
  bookmarksDefinition,
  languageDefinition,
  onboardingDefinition,
  preferencesDefinition,
  progressDefinition,
  qualityDefinition,
  subtitlesDefinition,
  themeDefinition,
  type BookmarksState,
  type LanguageState,
  type ProgressState,
} from 'host-core/local-stores/definitions';
import type {
  AuthState,
  BookmarkUpdate,
  Preferences,
  ProgressUpdate,
  QualityPreference,
  SubtitleSettings,
  ThemeName,
  ThemeState,
} from 'shared-contracts';

/** A title on a list. `type` defaults to a movie, `updatedAt` to now. */
export interface TitleSeed {
  tmdbId: string;
  title: string;
  year?: number;
  type?: 'movie' | 'show';
  poster?: string;
  updatedAt?: number;
}

/** An episode watched in part; its season is recorded on the show. */
export interface EpisodeSeed {
  id: string;
  number: number;
  title: string;
  season: { id: string; number: number; title?: string };
  watched: number;
  duration: number;
  updatedAt?: number;
}

/** A title in Continue Watching: a film's position, or a show's episodes. Seconds. */
export interface ProgressSeed extends TitleSeed {
  watched?: number;
  duration?: number;
  episodes?: EpisodeSeed[];
}

export interface ListsSeed {
  bookmarked?: TitleSeed[];
  inProgress?: ProgressSeed[];
  /**
   * Also queue each entry for the account server, as the host's actions do while signed in (a change
   * not pushed yet); by default the lists hold the items only, as before any account.
   */
  queued?: boolean;
}

export interface SettingsSeed {
  /** The site's language (the `locale` store). */
  language?: string;
  theme?: ThemeName | null;
  preferences?: Partial<Preferences>;
  subtitles?: Partial<SubtitleSettings>;
  quality?: Partial<QualityPreference>;
  /** Onboarding finished (or skipped) on this device. */
  onboarded?: boolean;
  /** The Settings "Custom server" value (null: the configured one); signed out. */
  backendUrl?: string | null;
  /** The person's own proxy workers (null: the configured ones). */
  proxyUrls?: string[] | null;
}

/** Storage key → stored value. */
export type StoredEntries = Record<string, string>;

/** The stored form of `state`, checked by the store's own schema. */
function entry<T>(definition: PersistedDefinition<T>, state: T): [string, string] {
  const value = serialize(definition, state);
  try {
    restore(definition, value);
  } catch (error) {
    throw new Error(`seed of __MW::${definition.name} is not what the site reads: ${(error as Error).message}`);
  }
  return [keyOf(definition.name), value];
}

const bookmarkOf = (t: TitleSeed, now: number) => ({
  type: t.type ?? 'movie',
  title: t.title,
  ...(t.year !== undefined && { year: t.year }),
  ...(t.poster !== undefined && { poster: t.poster }),
  updatedAt: t.updatedAt ?? now,
});

function progressItemOf(p: ProgressSeed, now: number): ProgressState['items'][string] {
  const episodes = p.episodes ?? [];
  return {
    ...bookmarkOf({ type: episodes.length > 0 ? 'show' : 'movie', ...p }, now),
    ...(p.watched !== undefined && { progress: { watched: p.watched, duration: p.duration ?? 0 } }),
    seasons: Object.fromEntries(
      episodes.map((e) => [
        e.season.id,
        { id: e.season.id, number: e.season.number, title: e.season.title ?? `Season ${e.season.number}` },
      ]),
    ),
    episodes: Object.fromEntries(
      episodes.map((e) => [
        e.id,
        {
          id: e.id,
          number: e.number,
          title: e.title,
          seasonId: e.season.id,
          updatedAt: e.updatedAt ?? now,
          progress: { watched: e.watched, duration: e.duration },
        },
      ]),
    ),
  };
}

/** The bookmarks and progress stores holding these titles (and their queue entries when `queued`). */
export function listsState(lists: ListsSeed, now = Date.now()): { bookmarks: BookmarksState; progress: ProgressState } {
  const bookmarks: BookmarksState = { bookmarks: {}, updateQueue: [] };
  const progress: ProgressState = { items: {}, updateQueue: [] };
  for (const t of lists.bookmarked ?? []) {
    const item = bookmarkOf(t, now);
    bookmarks.bookmarks[t.tmdbId] = item;
    if (lists.queued) bookmarks.updateQueue.push(bookmarkAdd(t.tmdbId, item));
  }
  for (const p of lists.inProgress ?? []) {
    const item = progressItemOf(p, now);
    progress.items[p.tmdbId] = item;
    if (lists.queued) progress.updateQueue.push(...progressUpserts(p.tmdbId, item));
  }
  return { bookmarks, progress };
}

/** The queue entry of a bookmark added while signed in. */
export const bookmarkAdd = (tmdbId: string, item: BookmarksState['bookmarks'][string]): BookmarkUpdate => ({
  id: crypto.randomUUID(),
  action: 'add',
  tmdbId,
  type: item.type,
  title: item.title,
  ...(item.year !== undefined && { year: item.year }),
});

/** The queue entries of progress recorded while signed in: one for a film, one per episode of a show. */
export function progressUpserts(tmdbId: string, item: ProgressState['items'][string]): ProgressUpdate[] {
  const base = {
    action: 'upsert' as const,
    tmdbId,
    type: item.type,
    title: item.title,
    ...(item.year !== undefined && { year: item.year }),
  };
  const episodes = Object.values(item.episodes);
  if (episodes.length === 0) return [{ id: crypto.randomUUID(), ...base, progress: item.progress }];
  return episodes.map((e) => ({
    id: crypto.randomUUID(),
    ...base,
    progress: e.progress,
    episodeId: e.id,
    seasonId: e.seasonId,
    episodeNumber: e.number,
    seasonNumber: item.seasons[e.seasonId]?.number,
  }));
}

/** The stored entries of lists and settings; stores not named are left out (the site uses their defaults). */
export function storedEntries(seed: { lists?: ListsSeed; settings?: SettingsSeed }, now = Date.now()): StoredEntries {
  const entries: [string, string][] = [];
  if (seed.lists) {
    const { bookmarks, progress } = listsState(seed.lists, now);
    if (seed.lists.bookmarked) entries.push(entry(bookmarksDefinition, bookmarks));
    if (seed.lists.inProgress) entries.push(entry(progressDefinition, progress));
  }
  const s = seed.settings ?? {};
  if (s.language !== undefined) entries.push(entry(languageDefinition, { language: s.language }));
  if (s.theme !== undefined) entries.push(entry(themeDefinition, { theme: s.theme }));
  if (s.preferences) entries.push(entry(preferencesDefinition, { ...preferencesDefinition.defaults(), ...s.preferences }));
  if (s.subtitles) entries.push(entry(subtitlesDefinition, { ...subtitlesDefinition.defaults(), ...s.subtitles }));
  if (s.quality) entries.push(entry(qualityDefinition, { ...qualityDefinition.defaults(), ...s.quality }));
  if (s.onboarded !== undefined) entries.push(entry(onboardingDefinition, { completed: s.onboarded }));
  if (s.backendUrl !== undefined || s.proxyUrls !== undefined)
    entries.push(entry(authDefinition, { account: null, backendUrl: s.backendUrl ?? null, proxySet: s.proxyUrls ?? null }));
  return Object.fromEntries(entries);
}

/**
 * Writes the entries before the site's first script, once per tab: a later reload or navigation keeps
 * what the site changed since (as a person's storage does).
 */
export async function seedBeforeLoad(page: Page, entries: StoredEntries): Promise<void> {
  await page.addInitScript(
    ([once, values]) => {
      if (sessionStorage.getItem(once)) return;
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      sessionStorage.setItem(once, '1');
    },
    [`seeded:${crypto.randomUUID()}`, entries] as const,
  );
}

/** Writes the entries into the site's storage now (the page is on the site); the page reads them at its next load. */
export async function writeNow(page: Page, entries: StoredEntries): Promise<void> {
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/** Writes the entries into the site's storage now, then reloads so the page reads them. */
export async function seedNow(page: Page, entries: StoredEntries): Promise<void> {
  await writeNow(page, entries);
  await page.reload();
}

/** The stores `editStores` can change, by store name. */
export interface StoreStates {
  bookmarks: BookmarksState;
  progress: ProgressState;
  preferences: Preferences;
  subtitles: SubtitleSettings;
  locale: LanguageState;
  theme: ThemeState;
  auth: AuthState;
}

const definitions: { [K in keyof StoreStates]: PersistedDefinition<StoreStates[K]> } = {
  bookmarks: bookmarksDefinition,
  progress: progressDefinition,
  preferences: preferencesDefinition,
  subtitles: subtitlesDefinition,
  locale: languageDefinition,
  theme: themeDefinition,
  auth: authDefinition,
};

/**
 * Changes stores as they are in the site's storage now (read as the site reads them: migrated, checked,
 * defaults when absent) and writes them back; the page reads them at its next load.
 */
export async function editStores<K extends keyof StoreStates>(
  page: Page,
  names: readonly K[],
  edit: (states: Pick<StoreStates, K>) => void,
): Promise<void> {
  const raw = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    names.map((name) => keyOf(name)),
  );
  const states = Object.fromEntries(
    names.map((name, i) => {
      const value = raw[i];
      return [name, value === null || value === undefined ? definitions[name].defaults() : restore(definitions[name], value)];
    }),
  ) as Pick<StoreStates, K>;
  edit(states);
  await writeNow(
    page,
    Object.fromEntries(names.map((name) => entry(definitions[name] as PersistedDefinition<StoreStates[K]>, states[name]))),
  );
}

/** Bookmarks and Continue Watching from earlier visits, in place before the site loads. */
export const seedLists = (page: Page, lists: ListsSeed) => seedBeforeLoad(page, storedEntries({ lists }));

/** Settings from earlier visits, in place before the site loads. */
export const seedSettings = (page: Page, settings: SettingsSeed) => seedBeforeLoad(page, storedEntries({ settings }));
