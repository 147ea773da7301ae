/**
 * Pushing the sync queues (docs/behaviour.md#sync-rules) to the backend's routes. Queues are compacted first (only the
 * last action per bookmark / per progress row matters to the server); an entry leaves the queue only when
 * the server took it, or refused it for good (a permanent 4xx, logged). Transient failures keep it.
 */
import type { BookmarkUpdate, ProgressUpdate } from 'shared-contracts';
import type { BackendClient, BookmarkDto, MediaMetaDto, ProgressDto, ProgressInput } from './api';
import { BackendError } from './api';
import { bookmarkRowKey, progressRowKey, UNKNOWN_STAMP } from './merge';
import { decide } from './retry';

/** An error's message, or the thrown value as text. */
const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export interface Compacted<T> {
  /** Entries to send, in queue order. */
  send: T[];
  /** id of a sent entry → ids of earlier entries it makes pointless (acknowledged with it). */
  supersedes: Map<string, string[]>;
}

export function compactBookmarkQueue(queue: readonly BookmarkUpdate[]): Compacted<BookmarkUpdate> {
  const last = new Map<string, BookmarkUpdate>();
  const earlier = new Map<string, string[]>();
  for (const update of queue) {
    const key = String(update.tmdbId);
    const previous = last.get(key);
    if (previous) earlier.set(update.id, [...(earlier.get(previous.id) ?? []), previous.id]);
    earlier.delete(previous?.id ?? '');
    last.set(key, update);
  }
  const send = queue.filter((u) => last.get(String(u.tmdbId)) === u);
  return { send, supersedes: earlier };
}

/**
 * Per title: a delete of the whole title (or a season) drops earlier upserts it covers; a later upsert of
 * the same row drops the earlier one. What remains keeps queue order within a title.
 */
export function compactProgressQueue(queue: readonly ProgressUpdate[]): Compacted<ProgressUpdate> {
  let kept: ProgressUpdate[] = [];
  const supersedes = new Map<string, string[]>();
  const absorb = (winner: ProgressUpdate, losers: ProgressUpdate[]) => {
    if (losers.length === 0) return;
    const ids = supersedes.get(winner.id) ?? [];
    for (const loser of losers) ids.push(loser.id, ...(supersedes.get(loser.id) ?? []));
    for (const loser of losers) supersedes.delete(loser.id);
    supersedes.set(winner.id, ids);
  };
  for (const update of queue) {
    const covered = (other: ProgressUpdate) => {
      if (String(other.tmdbId) !== String(update.tmdbId)) return false;
      if (update.action === 'upsert') return other.action === 'upsert' && progressRowKey(other) === progressRowKey(update);
      // delete: {} covers the title, {seasonId} a season, {seasonId, episodeId} one episode.
      if (!update.seasonId && !update.episodeId) return true;
      if (update.seasonId && !update.episodeId) return other.seasonId === update.seasonId;
      return other.seasonId === update.seasonId && other.episodeId === update.episodeId;
    };
    const losers = kept.filter(covered);
    kept = kept.filter((other) => !covered(other));
    absorb(update, losers);
    kept.push(update);
  }
  return { send: kept, supersedes };
}

export interface PushOutcome {
  /** Entry ids the server took (or that were superseded by one it took). */
  acked: string[];
  /** Entries refused for good (permanent 4xx): removed from the queue, logged. */
  dropped: { id: string; reason: string }[];
  /** A transient failure happened (network, 5xx, 429): back off before the next push. */
  transient: BackendError | Error | null;
  /** The session is not usable (400 invalid auth / 401 / 403): stop and check the session. */
  auth: boolean;
  /** Server stamps (ms) of rows written, by row key (UNKNOWN_STAMP when the answer did not say). */
  written: Map<string, number>;
  /**
   * Rows deleted: a row key, or a prefix ending in "/" (a whole title `p/<id>/`, a season `p/<id>/<season>/`).
   */
  deleted: string[];
}

/** Does a `deleted` entry cover this row key? */
export const coversRow = (deleted: string, key: string) => key === deleted || (deleted.endsWith('/') && key.startsWith(deleted));

const stampOf = (dto: { updatedAt: string }): number => {
  const value = Date.parse(dto.updatedAt);
  return Number.isFinite(value) ? value : UNKNOWN_STAMP;
};

/** ISO time of a local edit (ms), or nothing when unknown. */
const isoTime = (ms: number | undefined) =>
  ms !== undefined && Number.isFinite(ms) && ms > 0 ? { updatedAt: new Date(ms).toISOString() } : {};

export const bookmarkMeta = (u: { title?: string; year?: number; poster?: string; type?: string }): MediaMetaDto => ({
  title: u.title ?? '',
  // Contract A7: the year must be a number; 0 when unknown (upstream sent NaN → null → 400).
  year: u.year ?? 0,
  ...(u.poster ? { poster: u.poster } : {}),
  type: u.type === 'show' ? 'show' : 'movie',
});

/**
 * `editedAt`: when the change was made on this device (ms). Sent as `updatedAt` so a server that keeps the
 * edit time (import does) orders changes by when they were made, not by when they arrived.
 */
export function progressInput(u: ProgressUpdate, editedAt?: number): ProgressInput {
  return {
    tmdbId: String(u.tmdbId),
    meta: bookmarkMeta(u),
    duration: Math.round(u.progress?.duration ?? 0),
    watched: Math.round(u.progress?.watched ?? 0),
    ...(u.seasonId ? { seasonId: u.seasonId } : {}),
    ...(u.episodeId ? { episodeId: u.episodeId } : {}),
    ...(u.seasonNumber !== undefined ? { seasonNumber: u.seasonNumber } : {}),
    ...(u.episodeNumber !== undefined ? { episodeNumber: u.episodeNumber } : {}),
    ...isoTime(editedAt),
  };
}

/** Runs `tasks` with at most `limit` at a time; stops starting new ones once `stop()` is true. */
async function runLimited(tasks: (() => Promise<void>)[], limit: number, stop: () => boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !stop()) {
      const task = tasks[next++]!;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

export interface PushTarget {
  client: BackendClient;
  token: string;
  userId: string;
  log?: (message: string) => void;
  concurrency?: number;
  /**
   * Progress rows the server did not have at the last pull: a brand-new row can go through the bulk
   * PUT /progress/import (one request instead of one per row). Rows it may have go one by one, because
   * import never lowers `watched` nor changes the meta of an existing row.
   */
  isNewProgressRow?: (key: string) => boolean;
  /** When a queued change was made on this device (its local item's `updatedAt`), if known. */
  editedAt?: { bookmark(tmdbId: string): number | undefined; progress(u: ProgressUpdate): number | undefined };
}

/** Row key of a progress queue entry (see merge.ts). */
export const progressKey = progressRowKey;

const BOOKMARK_BATCH = 100;

export async function pushQueues(
  target: PushTarget,
  queues: { bookmarks: readonly BookmarkUpdate[]; progress: readonly ProgressUpdate[] },
): Promise<PushOutcome> {
  const { client, token, userId, log = console.warn, concurrency = 6, isNewProgressRow = () => false, editedAt } = target;
  const outcome: PushOutcome = { acked: [], dropped: [], transient: null, auth: false, written: new Map(), deleted: [] };
  const bookmarkTime = (tmdbId: string) => editedAt?.bookmark(tmdbId);
  const progressTime = (u: ProgressUpdate) => editedAt?.progress(u);
  const bookmarkBody = (u: BookmarkUpdate) => ({
    tmdbId: String(u.tmdbId),
    meta: bookmarkMeta(u),
    ...isoTime(bookmarkTime(String(u.tmdbId))),
  });
  /** Records the stamps a write answered; rows it does not list (upstream's import answer) get UNKNOWN_STAMP. */
  const noteWritten = <T extends { updatedAt: string }>(keys: string[], answer: readonly T[], keyOf: (dto: T) => string) => {
    const stamps = new Map(answer.map((dto) => [keyOf(dto), stampOf(dto)]));
    for (const key of keys) outcome.written.set(key, stamps.get(key) ?? UNKNOWN_STAMP);
  };
  const bookmarkDtoKey = (dto: BookmarkDto) => bookmarkRowKey(dto.tmdbId);
  const progressDtoKey = (dto: ProgressDto) => progressRowKey({ tmdbId: dto.tmdbId, seasonId: dto.season.id, episodeId: dto.episode.id });
  const stop = () => outcome.auth || outcome.transient !== null;

  const settle = (ids: string[], supersedes: Map<string, string[]>, error?: unknown): void => {
    const all = ids.flatMap((id) => [id, ...(supersedes.get(id) ?? [])]);
    if (error === undefined) {
      outcome.acked.push(...all);
      return;
    }
    const decision = decide(error);
    const message = errorText(error);
    if (decision === 'drop') {
      log(`[sync] dropped ${ids.length} change(s) the server refused: ${message}`);
      for (const id of all) outcome.dropped.push({ id, reason: message });
    } else if (decision === 'auth') outcome.auth = true;
    else outcome.transient ??= error instanceof Error ? error : new Error(message);
  };

  // Bookmarks: adds in batches (PUT merges), deletes one by one (DELETE is idempotent).
  const bookmarks = compactBookmarkQueue(queues.bookmarks);
  const adds = bookmarks.send.filter((u) => u.action === 'add');
  const deletes = bookmarks.send.filter((u) => u.action === 'delete');
  const tasks: (() => Promise<void>)[] = [];
  for (let i = 0; i < adds.length; i += BOOKMARK_BATCH) {
    const batch = adds.slice(i, i + BOOKMARK_BATCH);
    tasks.push(async () => {
      try {
        // `updatedAt` per item is an extension (upstream strips unknown keys): a server that keeps it
        // orders bookmark changes by when they were made.
        const answer = await client.putBookmarks(token, userId, batch.map(bookmarkBody));
        noteWritten(
          batch.map((u) => bookmarkRowKey(String(u.tmdbId))),
          answer,
          bookmarkDtoKey,
        );
        settle(
          batch.map((u) => u.id),
          bookmarks.supersedes,
        );
      } catch (error) {
        if (decide(error) !== 'drop' || batch.length === 1)
          return settle(
            batch.map((u) => u.id),
            bookmarks.supersedes,
            error,
          );
        // One bad entry must not sink the batch: send them one by one to find it.
        for (const u of batch) {
          if (stop()) return;
          try {
            const answer = await client.addBookmark(token, userId, String(u.tmdbId), bookmarkMeta(u));
            noteWritten([bookmarkRowKey(String(u.tmdbId))], [answer], bookmarkDtoKey);
            settle([u.id], bookmarks.supersedes);
          } catch (single) {
            // Contract A7: "Already bookmarked" is a success.
            if (single instanceof BackendError && single.message === 'Already bookmarked') {
              outcome.written.set(bookmarkRowKey(String(u.tmdbId)), UNKNOWN_STAMP);
              settle([u.id], bookmarks.supersedes);
            } else settle([u.id], bookmarks.supersedes, single);
          }
        }
      }
    });
  }
  for (const u of deletes) {
    tasks.push(async () => {
      try {
        await client.deleteBookmark(token, userId, String(u.tmdbId));
        outcome.deleted.push(bookmarkRowKey(String(u.tmdbId)));
        settle([u.id], bookmarks.supersedes);
      } catch (error) {
        settle([u.id], bookmarks.supersedes, error);
      }
    });
  }

  // Progress: new rows of titles with nothing else queued in bulk; the rest one chain per title (order
  // matters within a title), titles in parallel.
  const progress = compactProgressQueue(queues.progress);
  const byTitle = new Map<string, ProgressUpdate[]>();
  for (const u of progress.send) byTitle.set(String(u.tmdbId), [...(byTitle.get(String(u.tmdbId)) ?? []), u]);
  const bulk: ProgressUpdate[] = [];
  for (const [tmdbId, chain] of byTitle) {
    if (chain.every((u) => u.action === 'upsert' && isNewProgressRow(progressKey(u)))) {
      bulk.push(...chain);
      byTitle.delete(tmdbId);
    }
  }
  if (bulk.length > 1) {
    try {
      const answer = await client.importProgress(
        token,
        userId,
        bulk.map((u) => progressInput(u, progressTime(u) ?? Date.now())),
      );
      noteWritten(
        bulk.map((u) => progressKey(u)),
        answer,
        progressDtoKey,
      );
      settle(
        bulk.map((u) => u.id),
        progress.supersedes,
      );
    } catch (error) {
      if (decide(error) === 'auth')
        settle(
          bulk.map((u) => u.id),
          progress.supersedes,
          error,
        );
      // Rate-limited (import has a low limit) or refused: send the rows one by one below instead.
      else for (const u of bulk) byTitle.set(String(u.tmdbId), [...(byTitle.get(String(u.tmdbId)) ?? []), u]);
    }
  } else {
    for (const u of bulk) byTitle.set(String(u.tmdbId), [u]);
  }
  for (const chain of byTitle.values()) {
    tasks.push(async () => {
      for (const u of chain) {
        if (stop()) return;
        try {
          if (u.action === 'upsert') {
            const answer = await client.putProgress(token, userId, progressInput(u, progressTime(u)));
            noteWritten([progressKey(u)], [answer], progressDtoKey);
          } else {
            await client.deleteProgress(token, userId, String(u.tmdbId), {
              ...(u.seasonId ? { seasonId: u.seasonId } : {}),
              ...(u.episodeId ? { episodeId: u.episodeId } : {}),
            });
            outcome.deleted.push(u.episodeId ? progressKey(u) : `p/${u.tmdbId}/${u.seasonId ? `${u.seasonId}/` : ''}`);
          }
          settle([u.id], progress.supersedes);
        } catch (error) {
          settle([u.id], progress.supersedes, error);
          if (decide(error) !== 'drop') return; // keep the chain's order: the rest waits for the retry
        }
      }
    });
  }

  await runLimited(tasks, concurrency, stop);
  return outcome;
}

/** Which acked/dropped ids belong to which queue (the host acknowledges per store). */
export function splitIds(ids: readonly string[], queues: { bookmarks: readonly BookmarkUpdate[]; progress: readonly ProgressUpdate[] }) {
  const bookmarkIds = new Set(queues.bookmarks.map((u) => u.id));
  return {
    bookmarks: ids.filter((id) => bookmarkIds.has(id)),
    progress: ids.filter((id) => !bookmarkIds.has(id)),
  };
}
