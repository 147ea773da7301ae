import { describe, expect, it } from 'vitest';
import type { BookmarkItem, ProgressItem } from 'shared-contracts';
import { bookmarksFromServer, mergeBookmarks, mergeProgress, progressFromServer } from './merge';

const bm = (title: string, updatedAt: number): BookmarkItem => ({ type: 'movie', title, updatedAt });
const movie = (watched: number, updatedAt: number): ProgressItem => ({ type: 'movie', title: 'M', updatedAt, progress: { watched, duration: 100 }, seasons: {}, episodes: {} });

describe('mergeBookmarks', () => {
  it.each([
    ['server only → added', {}, [], { a: bm('server', 1) }, { a: 'server' }],
    ['local only, nothing queued → removed elsewhere', { a: bm('local', 1) }, [], {}, {}],
    ['local only, queued add → kept', { a: bm('local', 1) }, [{ id: '1', action: 'add' as const, tmdbId: 'a' }], {}, { a: 'local' }],
    ['both, server newer → server', { a: bm('local', 1) }, [], { a: bm('server', 2) }, { a: 'server' }],
    ['both, local newer → local', { a: bm('local', 3) }, [], { a: bm('server', 2) }, { a: 'local' }],
    ['queued delete beats a newer server copy', {}, [{ id: '1', action: 'delete' as const, tmdbId: 'a' }], { a: bm('server', 9) }, {}],
    ['queued add beats a newer server copy', { a: bm('local', 1) }, [{ id: '1', action: 'add' as const, tmdbId: 'a' }], { a: bm('server', 9) }, { a: 'local' }],
  ])('%s', (_name, local, queue, server, expected) => {
    const merged = mergeBookmarks(local, queue, server);
    expect(Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, v.title]))).toEqual(expected);
  });
});

describe('mergeProgress', () => {
  it('newer side wins per title; queued rows win whatever their age', () => {
    const merged = mergeProgress(
      { a: movie(10, 5), b: movie(20, 1), c: movie(30, 1) },
      [{ id: 'q', action: 'upsert', tmdbId: 'c' }],
      { a: movie(11, 4), b: movie(21, 2), c: movie(31, 9), d: movie(40, 1) },
    );
    expect(Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, v.progress?.watched]))).toEqual({ a: 10, b: 21, c: 30, d: 40 });
  });

  it('a queued delete of the whole title keeps it deleted', () => {
    expect(mergeProgress({}, [{ id: 'q', action: 'delete', tmdbId: 'a' }], { a: movie(1, 9) })).toEqual({});
  });

  it('merges episodes one by one, keeping local titles', () => {
    const local: ProgressItem = {
      type: 'show', title: 'S', updatedAt: 5, seasons: { s1: { id: 's1', number: 1, title: 'Season 1' } },
      episodes: {
        e1: { id: 'e1', number: 1, title: 'Pilot', seasonId: 's1', updatedAt: 5, progress: { watched: 50, duration: 100 } },
        e2: { id: 'e2', number: 2, title: 'Two', seasonId: 's1', updatedAt: 1, progress: { watched: 10, duration: 100 } },
      },
    };
    const server = progressFromServer([
      { id: '1', tmdbId: 'x', season: { id: 's1', number: 1 }, episode: { id: 'e1', number: 1 }, meta: { title: 'S', year: 2000, type: 'show' }, duration: '100', watched: '40', updatedAt: new Date(4).toISOString() },
      { id: '2', tmdbId: 'x', season: { id: 's1', number: 1 }, episode: { id: 'e2', number: 2 }, meta: { title: 'S', year: 2000, type: 'show' }, duration: 100, watched: 90, updatedAt: new Date(6).toISOString() },
    ]).x!;
    const merged = mergeProgress({ x: local }, [], { x: server }).x!;
    expect(merged.episodes.e1!.progress.watched).toBe(50);
    expect(merged.episodes.e2!.progress.watched).toBe(90);
    expect(merged.episodes.e2!.title).toBe('Two');
    expect(merged.seasons.s1!.title).toBe('Season 1');
    expect(merged.updatedAt).toBe(6);
  });
});

describe('server DTOs', () => {
  it('reads bookmarks and progress (numbers as strings, nulls for movies, second-rounded dates)', () => {
    expect(bookmarksFromServer([{ tmdbId: '1', meta: { title: 'A', year: 0, type: 'show' }, updatedAt: '2024-01-01T00:00:01.000Z' }])).toEqual({
      '1': { type: 'show', title: 'A', updatedAt: Date.parse('2024-01-01T00:00:01.000Z') },
    });
    const progress = progressFromServer([
      { id: 'p', tmdbId: '2', season: { id: null, number: null }, episode: {}, meta: { title: 'B', year: 1999, poster: 'p.jpg', type: 'movie' }, duration: '8160', watched: '60', updatedAt: '2024-01-01T00:00:00Z' },
    ]);
    expect(progress['2']).toMatchObject({ type: 'movie', year: 1999, poster: 'p.jpg', progress: { duration: 8160, watched: 60 }, episodes: {} });
  });
});
