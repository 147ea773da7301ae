/**
 * Pulling merges by `updatedAt`, so no change is lost (docs/behaviour.md#sync-rules): the newer change wins,
 * on every device.
 *
 * - A row with a change still waiting in a local queue keeps the local change, unless the server's copy
 *   changed since this device last saw it *and* is newer than the local edit: then the local change is
 *   stale (another device made a newer one); the server's copy is taken and the queued entries for that
 *   row are returned as `stale`, to be dropped instead of pushed over the newer copy.
 *   "Changed since last seen" compares the server's stamp with the one this device recorded at its last
 *   pull or push (`known`), so a server clock ahead of ours never makes our own later edit look older.
 * - A row with nothing queued: the newer side wins; an item only the server has is added; an item only
 *   this device has, with nothing queued, was deleted elsewhere.
 * - Where the winner has the same content as the local item, the local object itself is kept, so a pull
 *   that brings nothing new changes nothing (no store write, no re-render).
 *
 * A queued delete is timed by its queue entry's `updatedAt` (when it was made here); an entry without one
 * (queued by an older version) has no time, and the delete wins.
 * Pure functions: server DTOs in, local store values out.
 */
import type {
  BookmarkItem,
  BookmarkUpdate,
  ProgressEpisode,
  ProgressItem,
  ProgressSeason,
  ProgressUpdate,
  WatchProgress,
} from 'shared-contracts';
import type { BookmarkDto, ProgressDto } from './api';

const time = (iso: string): number => {
  const value = Date.parse(iso);
  return Number.isFinite(value) ? value : 0;
};

const mediaType = (type: string): 'movie' | 'show' => (type === 'show' || type === 'tv' ? 'show' : 'movie');
const year = (value: unknown): number | undefined => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : undefined;
};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Keys of server rows in `known` (server stamps last seen by this device). */
export const bookmarkRowKey = (tmdbId: string) => `b/${tmdbId}`;
export const progressRowKey = (u: { tmdbId: string; seasonId?: string | null; episodeId?: string | null }) =>
  `p/${u.tmdbId}/${u.seasonId ?? ''}/${u.episodeId ?? ''}`;

/** A row the server has, whose stamp this device does not know (e.g. an import answer without it). */
export const UNKNOWN_STAMP = -1;

/**
 * Upstream servers read stamps back rounded to the second while a write's answer carries milliseconds:
 * a difference within this is "the same stamp".
 */
const STAMP_TOLERANCE_MS = 1000;

/** Did the server's copy change since this device last saw it (or is that unknown)? */
export function changedSinceSeen(known: ReadonlyMap<string, number>, key: string, serverStamp: number): boolean {
  const seen = known.get(key);
  return seen === undefined || seen === UNKNOWN_STAMP || Math.abs(serverStamp - seen) > STAMP_TOLERANCE_MS;
}

export function bookmarksFromServer(dtos: readonly BookmarkDto[]): Record<string, BookmarkItem> {
  const out: Record<string, BookmarkItem> = {};
  for (const dto of dtos) {
    const item: BookmarkItem = { type: mediaType(dto.meta?.type ?? ''), title: dto.meta?.title ?? '', updatedAt: time(dto.updatedAt) };
    const y = year(dto.meta?.year);
    if (y) item.year = y;
    const poster = text(dto.meta?.poster);
    if (poster) item.poster = poster;
    out[String(dto.tmdbId)] = item;
  }
  return out;
}

/** A progress item from the server's rows (one per movie, one per episode), grouped by title. */
export function progressFromServer(dtos: readonly ProgressDto[]): Record<string, ProgressItem> {
  const out: Record<string, ProgressItem> = {};
  for (const dto of dtos) {
    const tmdbId = String(dto.tmdbId);
    const updatedAt = time(dto.updatedAt);
    const progress = { duration: Number(dto.duration) || 0, watched: Number(dto.watched) || 0 };
    const item = (out[tmdbId] ??= {
      type: mediaType(dto.meta?.type ?? ''),
      title: dto.meta?.title ?? '',
      updatedAt,
      seasons: {},
      episodes: {},
    });
    const y = year(dto.meta?.year);
    if (y) item.year = y;
    const poster = text(dto.meta?.poster);
    if (poster) item.poster = poster;
    item.updatedAt = Math.max(item.updatedAt, updatedAt);
    const episodeId = dto.episode?.id ?? undefined;
    const seasonId = dto.season?.id ?? undefined;
    if (episodeId && seasonId) {
      item.type = 'show';
      item.seasons[seasonId] = { id: seasonId, number: Number(dto.season.number ?? 0), title: item.seasons[seasonId]?.title ?? '' };
      item.episodes[episodeId] = { id: episodeId, number: Number(dto.episode.number ?? 0), title: '', seasonId, updatedAt, progress };
    } else {
      item.progress = progress;
    }
  }
  return out;
}

/** The server stamp of every row of a pull, by row key. */
export function stampsFromServer(bookmarks: readonly BookmarkDto[], progress: readonly ProgressDto[]): Map<string, number> {
  const stamps = new Map<string, number>();
  for (const dto of bookmarks) stamps.set(bookmarkRowKey(String(dto.tmdbId)), time(dto.updatedAt));
  for (const dto of progress) {
    stamps.set(progressRowKey({ tmdbId: String(dto.tmdbId), seasonId: dto.season?.id, episodeId: dto.episode?.id }), time(dto.updatedAt));
  }
  return stamps;
}

export interface Merged<T> {
  items: Record<string, T>;
  /** Queue entry ids made pointless by a newer copy from another device (drop them, do not push them). */
  stale: string[];
  /** false when `items` holds exactly the local objects: nothing to write. */
  changed: boolean;
}

const sameBookmark = (a: BookmarkItem, b: BookmarkItem) =>
  a.type === b.type && a.title === b.title && a.year === b.year && a.poster === b.poster;

export function mergeBookmarks(
  local: Readonly<Record<string, BookmarkItem>>,
  queue: readonly BookmarkUpdate[],
  server: Readonly<Record<string, BookmarkItem>>,
  known: ReadonlyMap<string, number> = new Map(),
): Merged<BookmarkItem> {
  const pending = new Map<string, string[]>();
  const queuedAt = new Map<string, number>();
  for (const u of queue) {
    pending.set(String(u.tmdbId), [...(pending.get(String(u.tmdbId)) ?? []), u.id]);
    queuedAt.set(String(u.tmdbId), Math.max(queuedAt.get(String(u.tmdbId)) ?? 0, entryTime(u)));
  }
  const items: Record<string, BookmarkItem> = {};
  const stale: string[] = [];
  let changed = false;
  for (const tmdbId of new Set([...Object.keys(local), ...Object.keys(server)])) {
    const mine = local[tmdbId];
    const theirs = server[tmdbId];
    let pick: BookmarkItem | undefined;
    const queued = pending.get(tmdbId);
    if (queued) {
      // The last queued action is an add when the item is here, a delete when it is not (timed by its entry).
      const editedAt = mine ? mine.updatedAt : queuedAt.get(tmdbId)!;
      if (theirs && changedSinceSeen(known, bookmarkRowKey(tmdbId), theirs.updatedAt) && theirs.updatedAt > editedAt) {
        pick = theirs;
        stale.push(...queued);
      } else pick = mine;
    } else if (mine && theirs) pick = mine.updatedAt >= theirs.updatedAt ? mine : theirs;
    else pick = theirs; // only the server: added elsewhere; only here with nothing queued: removed elsewhere
    if (pick && mine && pick !== mine && sameBookmark(pick, mine)) pick = mine;
    if (pick) items[tmdbId] = pick;
    if (pick !== mine) changed = true;
  }
  return { items, stale, changed };
}

const sameProgress = (a: WatchProgress | undefined, b: WatchProgress | undefined) =>
  a === b || (!!a && !!b && a.watched === b.watched && a.duration === b.duration);

const sameEpisode = (a: ProgressEpisode, b: ProgressEpisode) =>
  a.number === b.number && a.seasonId === b.seasonId && sameProgress(a.progress, b.progress) && (a.title === b.title || !b.title);

/** Did any row of the server's copy of a title change since this device last saw it? */
function changedSinceTitle(known: ReadonlyMap<string, number>, tmdbId: string, theirs: ProgressItem): boolean {
  if (theirs.progress && changedSinceSeen(known, progressRowKey({ tmdbId }), theirs.updatedAt)) return true;
  return Object.entries(theirs.episodes).some(([episodeId, e]) =>
    changedSinceSeen(known, progressRowKey({ tmdbId, seasonId: e.seasonId, episodeId }), e.updatedAt),
  );
}

/** When a queue entry was made; an entry without a time (older versions) counts as newest. */
const entryTime = (u: { updatedAt?: number }) =>
  typeof u.updatedAt === 'number' && Number.isFinite(u.updatedAt) ? u.updatedAt : Number.POSITIVE_INFINITY;

/**
 * Rows with queued changes (row key → entry ids) and when the last was made, titles with any (→ entry
 * ids, and when the last was made), and titles with a title/season delete.
 */
function pendingProgress(queue: readonly ProgressUpdate[]) {
  const rows = new Map<string, string[]>();
  const rowTimes = new Map<string, number>();
  const titles = new Map<string, { ids: string[]; at: number }>();
  const wholeTitle = new Set<string>();
  for (const u of queue) {
    const tmdbId = String(u.tmdbId);
    const title = titles.get(tmdbId) ?? { ids: [], at: 0 };
    titles.set(tmdbId, { ids: [...title.ids, u.id], at: Math.max(title.at, entryTime(u)) });
    if (u.episodeId) rowTimes.set(progressRowKey(u), Math.max(rowTimes.get(progressRowKey(u)) ?? 0, entryTime(u)));
    // A delete of the title or of a season keeps the local view of the whole title (the server has not
    // seen the delete yet). An episode delete is that row's queued change like an upsert: while the
    // episode is deleted here it stays deleted unless a newer copy came from elsewhere; re-watched since, the row's entries
    // go stale together when a newer copy came from elsewhere.
    if (u.action === 'delete' && !u.episodeId) wholeTitle.add(tmdbId);
    else rows.set(progressRowKey(u), [...(rows.get(progressRowKey(u)) ?? []), u.id]);
  }
  return { rows, rowTimes, titles, wholeTitle };
}

export function mergeProgress(
  local: Readonly<Record<string, ProgressItem>>,
  queue: readonly ProgressUpdate[],
  server: Readonly<Record<string, ProgressItem>>,
  known: ReadonlyMap<string, number> = new Map(),
): Merged<ProgressItem> {
  const pending = pendingProgress(queue);
  const items: Record<string, ProgressItem> = {};
  const stale: string[] = [];
  let changed = false;
  for (const tmdbId of new Set([...Object.keys(local), ...Object.keys(server)])) {
    const mine = local[tmdbId];
    const theirs = server[tmdbId];
    let merged: ProgressItem | undefined;
    const title = pending.titles.get(tmdbId);
    if (pending.wholeTitle.has(tmdbId)) {
      // Deleted here (whole title or a season): kept so unless the server's copy changed since this
      // device saw it and is newer than every change queued here for the title.
      const newerElsewhere = theirs && title && theirs.updatedAt > title.at && changedSinceTitle(known, tmdbId, theirs);
      if (newerElsewhere) stale.push(...title.ids);
      merged = newerElsewhere ? theirs : mine;
    } else if (!mine) merged = theirs;
    else if (!theirs) merged = title ? mine : undefined;
    else merged = mergeTitle(tmdbId, mine, theirs, pending.rows, pending.rowTimes, known, stale);
    if (merged) items[tmdbId] = merged;
    if (merged !== mine) changed = true;
  }
  return { items, stale, changed };
}

function mergeTitle(
  tmdbId: string,
  mine: ProgressItem,
  theirs: ProgressItem,
  pendingRows: ReadonlyMap<string, string[]>,
  rowTimes: ReadonlyMap<string, number>,
  known: ReadonlyMap<string, number>,
  stale: string[],
): ProgressItem {
  const newer = mine.updatedAt >= theirs.updatedAt ? mine : theirs;
  let identical = true;

  /** Picks one row: the local edit while queued (unless a newer one came from elsewhere), else the newer. */
  const choose = <T>(key: string, a: T | undefined, aTime: number, b: T | undefined, bTime: number): T | undefined => {
    const queued = pendingRows.get(key);
    if (queued) {
      // Deleted here (no local row): the delete's own time.
      const editedAt = a ? aTime : (rowTimes.get(key) ?? Number.POSITIVE_INFINITY);
      if (b && changedSinceSeen(known, key, bTime) && bTime > editedAt) {
        stale.push(...queued);
        return b;
      }
      return a;
    }
    if (a && b) return aTime >= bTime ? a : b;
    return b;
  };

  // The movie part (one row, stamped like the title).
  const movieKey = progressRowKey({ tmdbId });
  let movie = choose(movieKey, mine.progress, mine.updatedAt, theirs.progress, theirs.updatedAt);
  if (movie && mine.progress && movie !== mine.progress && sameProgress(movie, mine.progress)) movie = mine.progress;
  if (movie !== mine.progress) identical = false;

  // Episodes, one by one.
  const episodes: Record<string, ProgressEpisode> = {};
  const seasons: Record<string, ProgressSeason> = {};
  for (const episodeId of new Set([...Object.keys(mine.episodes), ...Object.keys(theirs.episodes)])) {
    const a = mine.episodes[episodeId];
    const b = theirs.episodes[episodeId];
    const seasonId = (a ?? b)!.seasonId;
    let pick = choose(progressRowKey({ tmdbId, seasonId, episodeId }), a, a?.updatedAt ?? 0, b, b?.updatedAt ?? 0);
    if (pick && a && pick !== a && sameEpisode(a, pick)) pick = a;
    if (pick !== a) identical = false;
    if (!pick) continue;
    // Titles are only known locally (the server keeps numbers).
    episodes[episodeId] = pick === a || pick.title || !a?.title ? pick : { ...pick, title: a.title };
    const season = mine.seasons[pick.seasonId] ?? theirs.seasons[pick.seasonId];
    seasons[pick.seasonId] = mine.seasons[pick.seasonId] ?? (season ? { ...season } : { id: pick.seasonId, number: 0, title: '' });
  }
  if (Object.keys(seasons).length !== Object.keys(mine.seasons).length) identical = false;

  const meta = {
    type: newer.type,
    title: newer.title || mine.title || theirs.title,
    year: newer.year ?? mine.year ?? theirs.year,
    poster: newer.poster ?? mine.poster ?? theirs.poster,
  };
  if (identical && meta.type === mine.type && meta.title === mine.title && meta.year === mine.year && meta.poster === mine.poster)
    return mine;

  const merged: ProgressItem = { ...meta, updatedAt: Math.max(mine.updatedAt, theirs.updatedAt), seasons, episodes };
  if (merged.year === undefined) delete merged.year;
  if (merged.poster === undefined) delete merged.poster;
  if (movie) merged.progress = movie;
  return merged;
}
