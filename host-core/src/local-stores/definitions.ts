/**
 * The persisted local stores (docs/behaviour.md#local-data-stores): schema, defaults and migrations of each. Version 0 is the
 * format of the described product (zustand persist, same keys), read as-is by the 0→1 migrations.
 */
import {
  DEFAULT_PREFERENCES,
  DEFAULT_SUBTITLE_SETTINGS,
  QUALITY_KEYS,
  isThemeName,
  type AuthState,
  type BookmarkItem,
  type BookmarkUpdate,
  type OnboardingState,
  type Preferences,
  type ProgressItem,
  type ProgressUpdate,
  type QualityPreference,
  type RegionState,
  type SubtitleSettings,
  type ThemeState,
} from 'shared-contracts';
import * as v from 'valibot';
import type { PersistedDefinition } from '../persist/persisted';

// ---- field helpers ---------------------------------------------------------------------------

const mediaType = v.picklist(['movie', 'show']);
const finite = v.pipe(v.number(), v.finite());
/** Numbers that older data may hold as strings (an account server may send progress numbers as strings). */
const looseNumber = v.pipe(v.union([finite, v.pipe(v.string(), v.nonEmpty(), v.transform(Number), finite)]));
const optionalYear = v.optional(
  v.pipe(
    v.union([looseNumber, v.null_()]),
    v.transform((y) => (y && y > 0 ? Math.trunc(y) : undefined)),
  ),
);
const optionalString = v.optional(
  v.pipe(
    v.union([v.string(), v.null_()]),
    v.transform((s) => s ?? undefined),
  ),
);
const timestamp = v.pipe(v.optional(looseNumber, 0));
const id = v.pipe(v.union([v.string(), v.pipe(finite, v.transform(String))]), v.nonEmpty());

const record = <T extends v.GenericSchema>(item: T) => v.record(v.string(), item);

// ---- bookmarks --------------------------------------------------------------------------------

export interface BookmarksState {
  bookmarks: Record<string, BookmarkItem>;
  updateQueue: BookmarkUpdate[];
}

const bookmarkSchema = v.object({
  type: mediaType,
  title: v.string(),
  year: optionalYear,
  poster: optionalString,
  updatedAt: timestamp,
});

const bookmarkUpdateSchema = v.object({
  id,
  action: v.picklist(['add', 'delete']),
  tmdbId: id,
  type: v.optional(mediaType),
  title: v.optional(v.string()),
  year: optionalYear,
  poster: optionalString,
  updatedAt: v.optional(finite),
});

export const bookmarksDefinition: PersistedDefinition<BookmarksState> = {
  name: 'bookmarks',
  version: 1,
  migrations: {
    // v0 (described product): same fields; the queue may be missing.
    0: (state) => ({ updateQueue: [], ...(state as object) }),
  },
  schema: v.object({ bookmarks: record(bookmarkSchema), updateQueue: v.optional(v.array(bookmarkUpdateSchema), []) }),
  defaults: () => ({ bookmarks: {}, updateQueue: [] }),
};

// ---- progress ---------------------------------------------------------------------------------

export interface ProgressState {
  items: Record<string, ProgressItem>;
  updateQueue: ProgressUpdate[];
}

const watchProgress = v.object({ watched: looseNumber, duration: looseNumber });

const progressItemSchema = v.object({
  type: mediaType,
  title: v.string(),
  year: optionalYear,
  poster: optionalString,
  updatedAt: timestamp,
  progress: v.optional(watchProgress),
  seasons: v.optional(record(v.object({ id, number: looseNumber, title: v.string() })), {}),
  episodes: v.optional(
    record(
      v.object({
        id,
        number: looseNumber,
        title: v.string(),
        seasonId: id,
        updatedAt: timestamp,
        progress: watchProgress,
      }),
    ),
    {},
  ),
});

const progressUpdateSchema = v.object({
  id,
  action: v.picklist(['upsert', 'delete']),
  tmdbId: id,
  type: v.optional(mediaType),
  title: v.optional(v.string()),
  year: optionalYear,
  poster: optionalString,
  progress: v.optional(watchProgress),
  episodeId: v.optional(id),
  seasonId: v.optional(id),
  seasonNumber: v.optional(looseNumber),
  episodeNumber: v.optional(looseNumber),
  updatedAt: v.optional(finite),
});

export const progressDefinition: PersistedDefinition<ProgressState> = {
  name: 'progress',
  version: 1,
  migrations: {
    0: (state) => ({ updateQueue: [], ...(state as object) }),
  },
  schema: v.object({ items: record(progressItemSchema), updateQueue: v.optional(v.array(progressUpdateSchema), []) }),
  defaults: () => ({ items: {}, updateQueue: [] }),
};

// ---- preferences, subtitles, volume, quality -------------------------------------------------------

export const preferencesDefinition: PersistedDefinition<Preferences> = {
  name: 'preferences',
  version: 1,
  schema: v.object({
    enableThumbnails: v.optional(v.boolean(), DEFAULT_PREFERENCES.enableThumbnails),
    enableAutoplay: v.optional(v.boolean(), DEFAULT_PREFERENCES.enableAutoplay),
    enableSkipCredits: v.optional(v.boolean(), DEFAULT_PREFERENCES.enableSkipCredits),
    enableDiscover: v.optional(v.boolean(), DEFAULT_PREFERENCES.enableDiscover),
    enableDetailsModal: v.optional(v.boolean(), DEFAULT_PREFERENCES.enableDetailsModal),
    sourceOrder: v.optional(v.array(v.string()), []),
    enableSourceOrder: v.optional(v.boolean(), DEFAULT_PREFERENCES.enableSourceOrder),
    proxyTmdb: v.optional(v.boolean(), DEFAULT_PREFERENCES.proxyTmdb),
    mediaServerUrl: v.optional(v.string(), ''),
    mediaServerApiKey: v.optional(v.string(), ''),
    febboxKey: v.optional(v.string(), ''),
  }),
  defaults: () => ({ ...DEFAULT_PREFERENCES, sourceOrder: [] }),
};

const clamp = (min: number, max: number) => v.transform((n: number) => Math.min(max, Math.max(min, n)));
const styling = DEFAULT_SUBTITLE_SETTINGS.styling;

export const subtitlesDefinition: PersistedDefinition<SubtitleSettings> = {
  name: 'subtitles',
  version: 1,
  migrations: {
    // v0 kept the language as "lastSelectedLanguage" too; only its colour case differs.
    0: (state) => state,
  },
  schema: v.object({
    enabled: v.optional(v.boolean(), false),
    lastSelectedLanguage: v.optional(v.nullable(v.string()), null),
    isOpenSubtitles: v.optional(v.boolean(), false),
    overrideCasing: v.optional(v.boolean(), false),
    // Stored ranges (docs/behaviour.md#captions-styling).
    delay: v.optional(v.pipe(looseNumber, clamp(-500, 500)), 0),
    styling: v.optional(
      v.object({
        color: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-f]{3,8}$/i), v.toLowerCase()), styling.color),
        backgroundOpacity: v.optional(v.pipe(looseNumber, clamp(0, 1)), styling.backgroundOpacity),
        size: v.optional(v.pipe(looseNumber, clamp(0.01, 10)), styling.size),
        backgroundBlur: v.optional(v.pipe(looseNumber, clamp(0, 1)), styling.backgroundBlur),
        bold: v.optional(v.boolean(), styling.bold),
      }),
      () => ({ ...styling }),
    ),
  }),
  defaults: () => ({ ...DEFAULT_SUBTITLE_SETTINGS, styling: { ...styling } }),
};

export interface VolumeState {
  volume: number;
}

export const volumeDefinition: PersistedDefinition<VolumeState> = {
  name: 'volume',
  version: 1,
  schema: v.object({ volume: v.optional(v.pipe(looseNumber, clamp(0, 1)), 1) }),
  defaults: () => ({ volume: 1 }),
};

export const qualityDefinition: PersistedDefinition<QualityPreference> = {
  name: 'quality',
  version: 1,
  schema: v.object({
    automaticQuality: v.optional(v.boolean(), true),
    lastChosenQuality: v.optional(v.nullable(v.picklist(QUALITY_KEYS)), null),
  }),
  defaults: () => ({ automaticQuality: true, lastChosenQuality: null }),
};

// ---- theme, language, region, onboarding, auth -----------------------------------------------

export const themeDefinition: PersistedDefinition<ThemeState> = {
  name: 'theme',
  version: 1,
  // The default theme is the name 'default'. Older builds stored it as null (and some as ''); those, a
  // missing value and unknown names (an older or newer build's) read as the default rather than failing
  // the store.
  schema: v.object({
    theme: v.optional(
      v.pipe(
        v.nullable(v.string()),
        v.transform((t): ThemeState['theme'] => (t && isThemeName(t) ? t : 'default')),
      ),
      'default',
    ),
  }),
  defaults: () => ({ theme: 'default' }),
};

export interface LanguageState {
  language: string;
}

export const languageDefinition: PersistedDefinition<LanguageState> = {
  // The described product calls this store "locale".
  name: 'locale',
  version: 1,
  schema: v.object({ language: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)), 'en') }),
  defaults: () => ({ language: 'en' }),
};

export const regionDefinition: PersistedDefinition<RegionState> = {
  name: 'region',
  version: 1,
  schema: v.object({
    region: v.optional(v.nullable(v.picklist(['us-east', 'us-west', 'south', 'asia', 'europe'])), null),
    lastChecked: v.optional(v.nullable(looseNumber), null),
    userPicked: v.optional(v.boolean(), false),
  }),
  defaults: () => ({ region: null, lastChecked: null, userPicked: false }),
};

export const onboardingDefinition: PersistedDefinition<OnboardingState> = {
  name: 'onboarding',
  version: 1,
  schema: v.object({ completed: v.optional(v.boolean(), false) }),
  defaults: () => ({ completed: false }),
};

const accountSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  userId: v.pipe(v.string(), v.nonEmpty()),
  sessionId: v.pipe(v.string(), v.nonEmpty()),
  deviceName: v.string(),
  profile: v.object({ colorA: v.string(), colorB: v.string(), icon: v.string() }),
  seed: v.string(),
});

export const authDefinition: PersistedDefinition<AuthState> = {
  name: 'auth',
  version: 1,
  schema: v.object({
    account: v.optional(v.nullable(accountSchema), null),
    backendUrl: v.optional(v.nullable(v.string()), null),
    proxySet: v.optional(v.nullable(v.array(v.string())), null),
  }),
  defaults: () => ({ account: null, backendUrl: null, proxySet: null }),
};

export const ALL_DEFINITIONS = [
  bookmarksDefinition,
  progressDefinition,
  preferencesDefinition,
  subtitlesDefinition,
  volumeDefinition,
  qualityDefinition,
  themeDefinition,
  languageDefinition,
  regionDefinition,
  onboardingDefinition,
  authDefinition,
] as const;
