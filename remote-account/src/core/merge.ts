/**
 * Pulling merges by `updatedAt` (DECISIONS "No data loss in sync"): what is still waiting in a local
 * queue always wins (the server has not seen it yet); otherwise the newer side wins; an item only the
 * server has is added; an item only this device has, with nothing queued, was deleted elsewhere.
 * Pure functions: server DTOs in, local store values out.
 */
import type { BookmarkItem, BookmarkUpdate, ProgressEpisode, ProgressItem, ProgressSeason, ProgressUpdate } from 'shared-contracts';
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

/** Spec §3 progress item from the server's rows (one per movie, one per episode), grouped by title. */
export function progressFromServer(dtos: readonly ProgressDto[]): Record<string, ProgressItem> {
  const out: Record<string, ProgressItem> = {};
  for (const dto of dtos) {
    const tmdbId = String(dto.tmdbId);
    const updatedAt = time(dto.updatedAt);
    const progress = { duration: Number(dto.duration) || 0, watched: Number(dto.watched) || 0 };
    const item = (out[tmdbId] ??= { type: mediaType(dto.meta?.type ?? ''), title: dto.meta?.title ?? '', updatedAt, seasons: {}, episodes: {} });
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

export function mergeBookmarks(
  local: Readonly<Record<string, BookmarkItem>>,
  queue: readonly BookmarkUpdate[],
  server: Readonly<Record<string, BookmarkItem>>,
): Record<string, BookmarkItem> {
  const pending = new Set(queue.map((u) => String(u.tmdbId)));
  const out: Record<string, BookmarkItem> = {};
  for (const tmdbId of new Set([...Object.keys(local), ...Object.keys(server)])) {
    const mine = local[tmdbId];
    const theirs = server[tmdbId];
    let pick: BookmarkItem | undefined;
    if (pending.has(tmdbId)) pick = mine;
    else if (mine && theirs) pick = mine.updatedAt > theirs.updatedAt ? mine : theirs;
    else pick = theirs; // only the server: added elsewhere; only here with nothing queued: removed elsewhere
    if (pick) out[tmdbId] = { ...pick };
  }
  return out;
}

const episodeKey = (tmdbId: string, episodeId?: string) => `${tmdbId}/${episodeId ?? ''}`;

export function mergeProgress(
  local: Readonly<Record<string, ProgressItem>>,
  queue: readonly ProgressUpdate[],
  server: Readonly<Record<string, ProgressItem>>,
): Record<string, ProgressItem> {
  const pendingTitles = new Set<string>();
  const pendingWholeTitle = new Set<string>();
  const pendingEpisodes = new Set<string>();
  for (const update of queue) {
    const tmdbId = String(update.tmdbId);
    pendingTitles.add(tmdbId);
    if (update.action === 'delete' && !update.episodeId && !update.seasonId) pendingWholeTitle.add(tmdbId);
    if (update.action === 'delete' && update.seasonId && !update.episodeId) pendingWholeTitle.add(tmdbId); // season deletes: keep the local view
    pendingEpisodes.add(episodeKey(tmdbId, update.episodeId));
  }
  const out: Record<string, ProgressItem> = {};
  for (const tmdbId of new Set([...Object.keys(local), ...Object.keys(server)])) {
    const mine = local[tmdbId];
    const theirs = server[tmdbId];
    let merged: ProgressItem | undefined;
    if (pendingWholeTitle.has(tmdbId)) merged = mine;
    else if (!mine) merged = theirs;
    else if (!theirs) merged = pendingTitles.has(tmdbId) ? mine : undefined;
    else merged = mergeTitle(tmdbId, mine, theirs, pendingEpisodes);
    if (merged) out[tmdbId] = structuredClone(merged) as ProgressItem;
  }
  return out;
}

function mergeTitle(tmdbId: string, mine: ProgressItem, theirs: ProgressItem, pending: Set<string>): ProgressItem {
  const newer = mine.updatedAt > theirs.updatedAt ? mine : theirs;
  const merged: ProgressItem = {
    type: newer.type,
    title: newer.title || mine.title || theirs.title,
    year: newer.year ?? mine.year ?? theirs.year,
    poster: newer.poster ?? mine.poster ?? theirs.poster,
    updatedAt: Math.max(mine.updatedAt, theirs.updatedAt),
    seasons: {},
    episodes: {},
  };
  if (merged.year === undefined) delete merged.year;
  if (merged.poster === undefined) delete merged.poster;
  // The movie part.
  const moviePending = pending.has(episodeKey(tmdbId));
  const movie = moviePending ? mine.progress : mine.progress && theirs.progress ? newer.progress : theirs.progress;
  if (movie) merged.progress = { ...movie };
  // Episodes, one by one.
  const seasons: Record<string, ProgressSeason> = {};
  for (const episodeId of new Set([...Object.keys(mine.episodes), ...Object.keys(theirs.episodes)])) {
    const a = mine.episodes[episodeId];
    const b = theirs.episodes[episodeId];
    let pick: ProgressEpisode | undefined;
    if (pending.has(episodeKey(tmdbId, episodeId))) pick = a;
    else if (a && b) pick = a.updatedAt > b.updatedAt ? a : b;
    else pick = b;
    if (!pick) continue;
    const episode: ProgressEpisode = { ...pick, progress: { ...pick.progress } };
    // Titles are only known locally (the server keeps numbers).
    if (!episode.title && a?.title) episode.title = a.title;
    merged.episodes[episodeId] = episode;
    const season = mine.seasons[pick.seasonId] ?? theirs.seasons[pick.seasonId];
    seasons[pick.seasonId] = season
      ? { ...season, title: mine.seasons[pick.seasonId]?.title || season.title }
      : { id: pick.seasonId, number: 0, title: '' };
  }
  merged.seasons = seasons;
  return merged;
}
