/**
 * Export and import of all local data as a file (docs/behaviour.md#account-migration). The file never holds
 * the account (token, seed): only what a user would want to carry to another instance.
 */
import type { BookmarkItem, Preferences, ProgressItem, SubtitleSettings, ThemeName } from 'shared-contracts';
import { mergeBookmarks, mergeProgress } from './merge';

export const EXPORT_FORMAT = 'movie-web-export';
export const EXPORT_VERSION = 1;

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: number;
  /** ISO-8601 */
  exportedAt: string;
  bookmarks: Record<string, BookmarkItem>;
  progress: Record<string, ProgressItem>;
  settings: {
    language?: string;
    theme?: ThemeName | null;
    preferences?: Partial<Preferences>;
    subtitles?: Partial<SubtitleSettings>;
  };
}

/**
 * Which preferences go into the file. Every key is decided here (a new preference fails the typecheck
 * until it is): credentials stay on this device, like the account.
 */
const EXPORTED_PREFERENCES: { readonly [K in keyof Preferences]-?: boolean } = {
  enableThumbnails: true,
  enableAutoplay: true,
  enableSkipCredits: true,
  enableDiscover: true,
  enableDetailsModal: true,
  sourceOrder: true,
  enableSourceOrder: true,
  proxyTmdb: true,
  mediaServerUrl: true,
  mediaServerApiKey: false,
  febboxKey: false,
};

/** A URL without the user name and password it may carry (`https://user:pass@host`). */
function withoutUserInfo(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return value; // not a URL: nothing a browser would send as credentials
  }
}

function exportedPreferences(preferences: Partial<Preferences>): Partial<Preferences> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(preferences)) {
    if (EXPORTED_PREFERENCES[key as keyof Preferences] === true) out[key] = value;
  }
  const picked = out as Partial<Preferences>;
  if (typeof picked.mediaServerUrl === 'string') picked.mediaServerUrl = withoutUserInfo(picked.mediaServerUrl);
  return picked;
}

/**
 * The file: only the fields named here are copied (an account, token or seed handed in by mistake is not),
 * and the preferences without credentials.
 */
export function buildExport(data: Omit<ExportFile, 'format' | 'version' | 'exportedAt'>, now = new Date()): ExportFile {
  const { language, theme, preferences, subtitles } = data.settings;
  const settings: ExportFile['settings'] = {
    ...(language !== undefined ? { language } : {}),
    ...(theme !== undefined ? { theme } : {}),
    ...(preferences ? { preferences: exportedPreferences(preferences) } : {}),
    ...(subtitles ? { subtitles: { ...subtitles } } : {}),
  };
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    bookmarks: data.bookmarks,
    progress: data.progress,
    settings,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function validBookmark(value: unknown): value is BookmarkItem {
  return isObject(value) && (value.type === 'movie' || value.type === 'show') && typeof value.title === 'string' && finite(value.updatedAt);
}

function validProgress(value: unknown): value is ProgressItem {
  if (!isObject(value) || (value.type !== 'movie' && value.type !== 'show') || typeof value.title !== 'string' || !finite(value.updatedAt))
    return false;
  if (value.progress !== undefined && !(isObject(value.progress) && finite(value.progress.watched) && finite(value.progress.duration)))
    return false;
  if (!isObject(value.seasons) || !isObject(value.episodes)) return false;
  return Object.values(value.episodes).every(
    (e) =>
      isObject(e) &&
      typeof e.id === 'string' &&
      typeof e.seasonId === 'string' &&
      finite(e.updatedAt) &&
      isObject(e.progress) &&
      finite(e.progress.watched) &&
      finite(e.progress.duration),
  );
}

export type ParsedExport = { ok: true; file: ExportFile; skipped: number } | { ok: false; reason: string };

/** Reads a file's text; invalid entries are skipped (and counted), a file of another kind is refused. */
export function parseExport(text: string): ParsedExport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isObject(raw) || raw.format !== EXPORT_FORMAT || !finite(raw.version)) return { ok: false, reason: 'not a movie-web export' };
  if (raw.version > EXPORT_VERSION) return { ok: false, reason: `made by a newer version (${raw.version})` };
  let skipped = 0;
  const bookmarks: Record<string, BookmarkItem> = {};
  for (const [id, item] of Object.entries(isObject(raw.bookmarks) ? raw.bookmarks : {})) {
    if (validBookmark(item)) bookmarks[id] = item;
    else skipped += 1;
  }
  const progress: Record<string, ProgressItem> = {};
  for (const [id, item] of Object.entries(isObject(raw.progress) ? raw.progress : {})) {
    if (validProgress(item)) progress[id] = item;
    else skipped += 1;
  }
  const settings = isObject(raw.settings) ? (raw.settings as ExportFile['settings']) : {};
  // Whatever the file holds, as text (a missing date is empty).
  const exportedAt: unknown = raw.exportedAt ?? '';
  return {
    ok: true,
    file: { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: String(exportedAt), bookmarks, progress, settings },
    skipped,
  };
}

/**
 * Imported items merge with this device's by `updatedAt` (nothing local is lost: items only here stay).
 * Returns the merged stores and the ids that changed (to queue for the account, if any).
 */
export function mergeImport(
  local: { bookmarks: Readonly<Record<string, BookmarkItem>>; progress: Readonly<Record<string, ProgressItem>> },
  file: Pick<ExportFile, 'bookmarks' | 'progress'>,
) {
  // Treat every local item as "pending" so that only newer imported copies replace them.
  const keepLocalBookmarks = Object.keys(local.bookmarks).filter(
    (id) => !file.bookmarks[id] || file.bookmarks[id].updatedAt <= local.bookmarks[id]!.updatedAt,
  );
  const bookmarks = mergeBookmarks(
    local.bookmarks,
    keepLocalBookmarks.map((tmdbId) => ({ id: tmdbId, action: 'add' as const, tmdbId })),
    file.bookmarks,
  ).items;
  const keepLocalProgress = Object.keys(local.progress).filter((id) => !file.progress[id]);
  const progress = mergeProgress(
    local.progress,
    keepLocalProgress.map((tmdbId) => ({ id: tmdbId, action: 'upsert' as const, tmdbId })),
    file.progress,
  ).items;
  const changedBookmarks = Object.keys(bookmarks).filter(
    (id) => bookmarks[id] !== undefined && JSON.stringify(bookmarks[id]) !== JSON.stringify(local.bookmarks[id]),
  );
  const changedProgress = Object.keys(progress).filter((id) => JSON.stringify(progress[id]) !== JSON.stringify(local.progress[id]));
  return { bookmarks, progress, changedBookmarks, changedProgress };
}
