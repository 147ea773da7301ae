import { describe, expect, it } from 'vitest';
import type { BookmarkItem, BookmarkUpdate, ProgressItem, ProgressUpdate } from 'shared-contracts';
import { bookmarksFromServer, mergeBookmarks, mergeProgress, progressFromServer, stampsFromServer, UNKNOWN_STAMP } from './merge';

/** Stamps in these tests are in seconds (stamps within a second are "the same", see merge.ts). */
const S = 1000;
const bm = (title: string, updatedAt: number): BookmarkItem => ({ type: 'movie', title, updatedAt });
const movie = (watched: number, updatedAt: number): ProgressItem => ({
  type: 'movie',
  title: 'M',
  updatedAt,
  progress: { watched, duration: 100 },
  seasons: {},
  episodes: {},
});
const add = (tmdbId: string, id = `q-${tmdbId}`): BookmarkUpdate => ({ id, action: 'add', tmdbId });
const upsert = (tmdbId: string, extra: Partial<ProgressUpdate> = {}): ProgressUpdate => ({
  id: `q-${tmdbId}${extra.episodeId ?? ''}`,
  action: 'upsert',
  tmdbId,
  ...extra,
});

describe('mergeBookmarks', () => {
  type Case = [
    string,
    Record<string, BookmarkItem>,
    BookmarkUpdate[],
    Record<string, BookmarkItem>,
    Record<string, number>,
    Record<string, string>,
    string[],
  ];
  it.each<Case>([
    ['server only → added', {}, [], { a: bm('server', 1) }, {}, { a: 'server' }, []],
    ['local only, nothing queued → removed elsewhere', { a: bm('local', 1) }, [], {}, {}, {}, []],
    ['local only, queued add → kept', { a: bm('local', 1) }, [add('a')], {}, {}, { a: 'local' }, []],
    ['both, server newer → server', { a: bm('local', 1) }, [], { a: bm('server', 2) }, {}, { a: 'server' }, []],
    ['both, local newer → local', { a: bm('local', 3) }, [], { a: bm('server', 2) }, {}, { a: 'local' }, []],
    [
      'queued delete without a time (older versions) beats a newer server copy',
      {},
      [{ id: 'q-a', action: 'delete', tmdbId: 'a' }],
      { a: bm('server', 9) },
      {},
      {},
      [],
    ],
    [
      'queued delete newer than the server copy → deleted',
      {},
      [{ id: 'q-a', action: 'delete', tmdbId: 'a', updatedAt: 20 * S }],
      { a: bm('server', 9 * S) },
      { 'b/a': 1 },
      {},
      [],
    ],
    [
      'queued delete older than a copy changed elsewhere → the copy comes back, the delete is stale',
      {},
      [{ id: 'q-a', action: 'delete', tmdbId: 'a', updatedAt: 5 * S }],
      { a: bm('server', 9 * S) },
      { 'b/a': 1 },
      { a: 'server' },
      ['q-a'],
    ],
    [
      'queued delete older than the server stamp of our own last write → deleted',
      {},
      [{ id: 'q-a', action: 'delete', tmdbId: 'a', updatedAt: 5 * S }],
      { a: bm('server', 9 * S) },
      { 'b/a': 9 * S },
      {},
      [],
    ],
    ['queued add, server copy older → local, pushed', { a: bm('local', 5) }, [add('a')], { a: bm('server', 4) }, {}, { a: 'local' }, []],
    [
      'queued add, server copy changed elsewhere and newer → server, the queued add is stale',
      { a: bm('local', 5) },
      [add('a'), add('a', 'q2')],
      { a: bm('server', 9000) },
      { 'b/a': 1 },
      { a: 'server' },
      ['q-a', 'q2'],
    ],
    [
      'queued add, newer server stamp that is our own last write (server clock ahead) → local',
      { a: bm('local', 5) },
      [add('a')],
      { a: bm('server', 9000) },
      { 'b/a': 9000 },
      { a: 'local' },
      [],
    ],
    [
      'same stamp within a second (upstream reads back whole seconds) → still our own write',
      { a: bm('local', 5) },
      [add('a')],
      { a: bm('server', 9000) },
      { 'b/a': 8501 },
      { a: 'local' },
      [],
    ],
    [
      'own write whose stamp was not in the answer → compared by time',
      { a: bm('local', 5) },
      [add('a')],
      { a: bm('server', 9000) },
      { 'b/a': UNKNOWN_STAMP },
      { a: 'server' },
      ['q-a'],
    ],
  ])('%s', (_name, local, queue, server, known, expected, stale) => {
    const merged = mergeBookmarks(local, queue, server, new Map(Object.entries(known)));
    expect(Object.fromEntries(Object.entries(merged.items).map(([k, v]) => [k, v.title]))).toEqual(expected);
    expect(merged.stale).toEqual(stale);
  });

  it('a pull that brings nothing new keeps the local objects and says nothing changed', () => {
    const local = { a: { ...bm('A', 1), year: 1999 }, b: bm('B', 2) };
    // The server stamped them later (on receipt): same content, newer stamps.
    const merged = mergeBookmarks(local, [], { a: { ...bm('A', 50), year: 1999 }, b: bm('B', 60) });
    expect(merged.changed).toBe(false);
    expect(merged.items.a).toBe(local.a);
    expect(merged.items.b).toBe(local.b);
    expect(mergeBookmarks(local, [], { a: { ...bm('A', 50), year: 1999 } }).changed).toBe(true);
    expect(mergeBookmarks(local, [], { ...local, c: bm('C', 3) }).changed).toBe(true);
  });
});

describe('mergeProgress', () => {
  it('newer side wins per title; a queued row keeps the local edit unless a newer one came from elsewhere', () => {
    const merged = mergeProgress(
      { a: movie(10, 5), b: movie(20, 1), c: movie(30, 10 * S), e: movie(50, 10 * S) },
      [upsert('c'), upsert('e')],
      { a: movie(11, 4), b: movie(21, 2), c: movie(31, 9 * S), d: movie(40, 1), e: movie(51, 20 * S) },
      new Map([['p/e//', 3 * S]]),
    );
    expect(Object.fromEntries(Object.entries(merged.items).map(([k, v]) => [k, v.progress?.watched]))).toEqual({
      a: 10,
      b: 21,
      c: 30,
      d: 40,
      e: 51,
    });
    expect(merged.stale).toEqual(['q-e']);
  });

  it('a queued delete of the whole title keeps it deleted', () => {
    expect(mergeProgress({}, [{ id: 'q', action: 'delete', tmdbId: 'a' }], { a: movie(1, 9) }).items).toEqual({});
  });

  it('a timed whole-title delete: kept when newer, stale when another device changed the title since', () => {
    const del: ProgressUpdate = { id: 'q', action: 'delete', tmdbId: 'a', updatedAt: 10 * S };
    expect(mergeProgress({}, [del], { a: movie(1, 5 * S) }, new Map([['p/a//', 1]])).items).toEqual({});
    const newer = mergeProgress({}, [del], { a: movie(70, 20 * S) }, new Map([['p/a//', 1]]));
    expect(newer.items.a?.progress?.watched).toBe(70);
    expect(newer.stale).toEqual(['q']);
    // The server's newer stamp is our own write (seen before): the delete stands.
    expect(mergeProgress({}, [del], { a: movie(70, 20 * S) }, new Map([['p/a//', 20 * S]])).items).toEqual({});
  });

  it('a timed episode delete older than a newer copy from elsewhere: the episode comes back, the delete is stale', () => {
    const episode = { id: 'e1', number: 1, title: 'Pilot', seasonId: 's1', progress: { watched: 5, duration: 100 } };
    const other = { id: 'e2', number: 2, title: 'Two', seasonId: 's1', progress: { watched: 9, duration: 100 }, updatedAt: 2 * S };
    const local: ProgressItem = {
      type: 'show',
      title: 'S',
      updatedAt: 10 * S,
      seasons: { s1: { id: 's1', number: 1, title: '' } },
      episodes: { e2: other },
    };
    const server: ProgressItem = {
      ...local,
      updatedAt: 30 * S,
      episodes: { e2: other, e1: { ...episode, updatedAt: 30 * S, progress: { watched: 80, duration: 100 } } },
    };
    const del: ProgressUpdate = { id: 'del', action: 'delete', tmdbId: 'x', seasonId: 's1', episodeId: 'e1', updatedAt: 10 * S };
    const merged = mergeProgress({ x: local }, [del], { x: server }, new Map([['p/x/s1/e1', S]]));
    expect(merged.items.x!.episodes.e1!.progress.watched).toBe(80);
    expect(merged.stale).toEqual(['del']);
    const newerDelete = mergeProgress({ x: local }, [{ ...del, updatedAt: 40 * S }], { x: server }, new Map([['p/x/s1/e1', S]]));
    expect(newerDelete.items.x!.episodes.e1).toBeUndefined();
    expect(newerDelete.stale).toEqual([]);
  });

  it('a queued episode delete keeps that episode deleted, the others merge', () => {
    const server = progressFromServer([
      {
        id: '1',
        tmdbId: 'x',
        season: { id: 's1', number: 1 },
        episode: { id: 'e1', number: 1 },
        meta: { title: 'S', year: 2000, type: 'show' },
        duration: 100,
        watched: 40,
        updatedAt: new Date(9).toISOString(),
      },
      {
        id: '2',
        tmdbId: 'x',
        season: { id: 's1', number: 1 },
        episode: { id: 'e2', number: 2 },
        meta: { title: 'S', year: 2000, type: 'show' },
        duration: 100,
        watched: 90,
        updatedAt: new Date(9).toISOString(),
      },
    ]);
    const local: ProgressItem = {
      ...server.x!,
      episodes: { e2: { ...server.x!.episodes.e2!, progress: { watched: 10, duration: 100 }, updatedAt: 1 } },
    };
    const merged = mergeProgress({ x: local }, [{ id: 'd', action: 'delete', tmdbId: 'x', seasonId: 's1', episodeId: 'e1' }], server).items
      .x!;
    expect(Object.keys(merged.episodes)).toEqual(['e2']);
    expect(merged.episodes.e2!.progress.watched).toBe(90);
  });

  it('an episode deleted then watched again here: with a newer copy from elsewhere, both queued entries go stale', () => {
    const episode = { id: 'e1', number: 1, title: 'Pilot', seasonId: 's1', progress: { watched: 5, duration: 100 } };
    const local: ProgressItem = {
      type: 'show',
      title: 'S',
      updatedAt: 10 * S,
      seasons: { s1: { id: 's1', number: 1, title: '' } },
      episodes: { e1: { ...episode, updatedAt: 10 * S } },
    };
    const server: ProgressItem = {
      ...local,
      updatedAt: 30 * S,
      episodes: { e1: { ...episode, title: '', updatedAt: 30 * S, progress: { watched: 80, duration: 100 } } },
    };
    const queue: ProgressUpdate[] = [
      { id: 'del', action: 'delete', tmdbId: 'x', seasonId: 's1', episodeId: 'e1' },
      { id: 'up', action: 'upsert', tmdbId: 'x', seasonId: 's1', episodeId: 'e1' },
    ];
    const merged = mergeProgress({ x: local }, queue, { x: server }, new Map([['p/x/s1/e1', S]]));
    expect(merged.items.x!.episodes.e1!.progress.watched).toBe(80);
    expect(merged.stale).toEqual(['del', 'up']);
  });

  it('merges episodes one by one, keeping local titles', () => {
    const local: ProgressItem = {
      type: 'show',
      title: 'S',
      updatedAt: 5,
      seasons: { s1: { id: 's1', number: 1, title: 'Season 1' } },
      episodes: {
        e1: { id: 'e1', number: 1, title: 'Pilot', seasonId: 's1', updatedAt: 5, progress: { watched: 50, duration: 100 } },
        e2: { id: 'e2', number: 2, title: 'Two', seasonId: 's1', updatedAt: 1, progress: { watched: 10, duration: 100 } },
      },
    };
    const server = progressFromServer([
      {
        id: '1',
        tmdbId: 'x',
        season: { id: 's1', number: 1 },
        episode: { id: 'e1', number: 1 },
        meta: { title: 'S', year: 2000, type: 'show' },
        duration: '100',
        watched: '40',
        updatedAt: new Date(4).toISOString(),
      },
      {
        id: '2',
        tmdbId: 'x',
        season: { id: 's1', number: 1 },
        episode: { id: 'e2', number: 2 },
        meta: { title: 'S', year: 2000, type: 'show' },
        duration: 100,
        watched: 90,
        updatedAt: new Date(6).toISOString(),
      },
    ]).x!;
    const merged = mergeProgress({ x: local }, [], { x: server }).items.x!;
    expect(merged.episodes.e1!.progress.watched).toBe(50);
    expect(merged.episodes.e2!.progress.watched).toBe(90);
    expect(merged.episodes.e2!.title).toBe('Two');
    expect(merged.seasons.s1!.title).toBe('Season 1');
    expect(merged.updatedAt).toBe(6);
  });

  it('a queued episode edit older than a newer one from elsewhere is stale; the other episodes are untouched', () => {
    const episode = (id: string, watched: number, updatedAt: number) => ({
      id,
      number: Number(id.slice(1)),
      title: id,
      seasonId: 's1',
      updatedAt,
      progress: { watched, duration: 100 },
    });
    const local: ProgressItem = {
      type: 'show',
      title: 'S',
      updatedAt: 10 * S,
      seasons: { s1: { id: 's1', number: 1, title: '' } },
      episodes: { e1: episode('e1', 10, 10 * S), e2: episode('e2', 20, 10 * S) },
    };
    const server: ProgressItem = {
      ...local,
      updatedAt: 30 * S,
      episodes: { e1: { ...episode('e1', 99, 30 * S), title: '' }, e2: { ...episode('e2', 20, 2 * S), title: '' } },
    };
    const merged = mergeProgress(
      { x: local },
      [upsert('x', { seasonId: 's1', episodeId: 'e1' }), upsert('x', { seasonId: 's1', episodeId: 'e2' })],
      { x: server },
      new Map([
        ['p/x/s1/e1', S],
        ['p/x/s1/e2', 2 * S],
      ]),
    );
    expect(merged.items.x!.episodes.e1).toMatchObject({ title: 'e1', progress: { watched: 99 } });
    expect(merged.items.x!.episodes.e2).toBe(local.episodes.e2);
    expect(merged.stale).toEqual(['q-xe1']);
  });

  it('a pull that brings nothing new keeps the local objects', () => {
    const local = {
      a: movie(10, 5),
      b: {
        type: 'show' as const,
        title: 'S',
        updatedAt: 5,
        seasons: { s1: { id: 's1', number: 1, title: 'One' } },
        episodes: { e1: { id: 'e1', number: 1, title: 'Pilot', seasonId: 's1', updatedAt: 5, progress: { watched: 1, duration: 2 } } },
      },
    };
    const server = progressFromServer([
      {
        id: '1',
        tmdbId: 'a',
        season: {},
        episode: {},
        meta: { title: 'M', year: 0, type: 'movie' },
        duration: '100',
        watched: '10',
        updatedAt: new Date(50).toISOString(),
      },
      {
        id: '2',
        tmdbId: 'b',
        season: { id: 's1', number: 1 },
        episode: { id: 'e1', number: 1 },
        meta: { title: 'S', year: 0, type: 'show' },
        duration: 2,
        watched: 1,
        updatedAt: new Date(60).toISOString(),
      },
    ]);
    const merged = mergeProgress(local, [], server);
    expect(merged.changed).toBe(false);
    expect(merged.items.a).toBe(local.a);
    expect(merged.items.b).toBe(local.b);
  });
});

describe('server DTOs', () => {
  it('reads bookmarks and progress (numbers as strings, nulls for movies, second-rounded dates)', () => {
    expect(
      bookmarksFromServer([{ tmdbId: '1', meta: { title: 'A', year: 0, type: 'show' }, updatedAt: '2024-01-01T00:00:01.000Z' }]),
    ).toEqual({
      '1': { type: 'show', title: 'A', updatedAt: Date.parse('2024-01-01T00:00:01.000Z') },
    });
    const progress = progressFromServer([
      {
        id: 'p',
        tmdbId: '2',
        season: { id: null, number: null },
        episode: {},
        meta: { title: 'B', year: 1999, poster: 'p.jpg', type: 'movie' },
        duration: '8160',
        watched: '60',
        updatedAt: '2024-01-01T00:00:00Z',
      },
    ]);
    expect(progress['2']).toMatchObject({
      type: 'movie',
      year: 1999,
      poster: 'p.jpg',
      progress: { duration: 8160, watched: 60 },
      episodes: {},
    });
  });

  it('stamps every row by its key', () => {
    const stamps = stampsFromServer(
      [{ tmdbId: '1', meta: { title: 'A', year: 0, type: 'movie' }, updatedAt: '2024-01-01T00:00:01.000Z' }],
      [
        {
          id: 'p',
          tmdbId: '2',
          season: { id: null, number: null },
          episode: {},
          meta: { title: 'B', year: 0, type: 'movie' },
          duration: 1,
          watched: 1,
          updatedAt: '2024-01-01T00:00:02Z',
        },
        {
          id: 'q',
          tmdbId: '3',
          season: { id: 's', number: 1 },
          episode: { id: 'e', number: 1 },
          meta: { title: 'C', year: 0, type: 'show' },
          duration: 1,
          watched: 1,
          updatedAt: '2024-01-01T00:00:03Z',
        },
      ],
    );
    expect(Object.fromEntries(stamps)).toEqual({
      'b/1': Date.parse('2024-01-01T00:00:01Z'),
      'p/2//': Date.parse('2024-01-01T00:00:02Z'),
      'p/3/s/e': Date.parse('2024-01-01T00:00:03Z'),
    });
  });
});
