/**
 * Local data imported into the account on login/register (the backend's import routes): progress through
 * PUT /progress/import (the server keeps the larger `watched`), bookmarks through PUT /bookmarks (merge).
 */
import type { BookmarkItem, BookmarkUpdate, ProgressItem, ProgressUpdate } from 'shared-contracts';
import type { ProgressInput } from './api';
import { bookmarkMeta } from './push';

export function progressImportItems(items: Readonly<Record<string, ProgressItem>>): ProgressInput[] {
  const out: ProgressInput[] = [];
  for (const [tmdbId, item] of Object.entries(items)) {
    const meta = bookmarkMeta(item);
    if (item.progress) {
      out.push({
        tmdbId,
        meta,
        duration: Math.round(item.progress.duration),
        watched: Math.round(item.progress.watched),
        updatedAt: new Date(item.updatedAt || Date.now()).toISOString(),
      });
    }
    for (const episode of Object.values(item.episodes)) {
      const season = item.seasons[episode.seasonId];
      out.push({
        tmdbId,
        meta,
        duration: Math.round(episode.progress.duration),
        watched: Math.round(episode.progress.watched),
        seasonId: episode.seasonId,
        episodeId: episode.id,
        ...(season ? { seasonNumber: season.number } : {}),
        episodeNumber: episode.number,
        updatedAt: new Date(episode.updatedAt || item.updatedAt || Date.now()).toISOString(),
      });
    }
  }
  return out;
}

export const bookmarkImportItems = (items: Readonly<Record<string, BookmarkItem>>) =>
  Object.entries(items).map(([tmdbId, item]) => ({ tmdbId, meta: bookmarkMeta(item) }));

/** The same data as queue entries, for when the import could not be sent (nothing is lost: pushed later). */
export function importAsQueue(bookmarks: Readonly<Record<string, BookmarkItem>>, progress: Readonly<Record<string, ProgressItem>>) {
  const bookmarkUpdates: Omit<BookmarkUpdate, 'id'>[] = Object.entries(bookmarks).map(([tmdbId, b]) => ({
    action: 'add',
    tmdbId,
    type: b.type,
    title: b.title,
    ...(b.year ? { year: b.year } : {}),
    ...(b.poster ? { poster: b.poster } : {}),
  }));
  const progressUpdates: Omit<ProgressUpdate, 'id'>[] = progressImportItems(progress).map((p) => ({
    action: 'upsert',
    tmdbId: p.tmdbId,
    type: p.meta.type === 'show' ? 'show' : 'movie',
    title: p.meta.title,
    ...(p.meta.year ? { year: p.meta.year } : {}),
    ...(p.meta.poster ? { poster: p.meta.poster } : {}),
    progress: { duration: p.duration, watched: p.watched },
    ...(p.seasonId ? { seasonId: p.seasonId, episodeId: p.episodeId, seasonNumber: p.seasonNumber, episodeNumber: p.episodeNumber } : {}),
  }));
  return { bookmarks: bookmarkUpdates, progress: progressUpdates };
}
