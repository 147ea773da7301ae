import { describe, expect, it } from 'vitest';
import type { BookmarkUpdate, ProgressUpdate } from 'shared-contracts';
import { createBackendClient } from './api';
import { compactBookmarkQueue, compactProgressQueue, coversRow, pushQueues } from './push';
import { contractAnswer } from './testkit';

const b = (id: string, action: 'add' | 'delete', tmdbId: string): BookmarkUpdate => ({ id, action, tmdbId, type: 'movie', title: tmdbId });
const p = (id: string, action: 'upsert' | 'delete', tmdbId: string, extra: Partial<ProgressUpdate> = {}): ProgressUpdate => ({
  id,
  action,
  tmdbId,
  type: 'movie',
  title: tmdbId,
  progress: { watched: 1, duration: 2 },
  ...extra,
});

/** A fake backend: records calls, answers from a script (a 200 without a body: the contract's answer). */
function fakeBackend(answer: (method: string, path: string, body: unknown) => { status: number; body?: unknown } | 'network') {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method: init?.method ?? 'GET', path, body });
    const result = answer(init?.method ?? 'GET', path, body);
    if (result === 'network') throw new TypeError('Failed to fetch');
    const reply = result.body ?? (result.status === 200 ? contractAnswer(init?.method ?? 'GET', path, body) : {});
    return new Response(JSON.stringify(reply), { status: result.status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, client: createBackendClient({ baseUrl: 'http://backend.test', fetch }) };
}

const target = (client: ReturnType<typeof createBackendClient>) => ({ client, token: 't', userId: 'u', log: () => {} });

describe('queue compaction', () => {
  it('keeps the last bookmark action per title; earlier ones ride along', () => {
    const { send, supersedes } = compactBookmarkQueue([b('1', 'add', 'a'), b('2', 'delete', 'a'), b('3', 'add', 'b'), b('4', 'add', 'a')]);
    expect(send.map((u) => u.id)).toEqual(['3', '4']);
    expect(supersedes.get('4')).toEqual(['1', '2']);
  });

  it('a later upsert of the same row replaces the earlier; a title delete absorbs its upserts', () => {
    const { send, supersedes } = compactProgressQueue([
      p('1', 'upsert', 'a'),
      p('2', 'upsert', 'a'),
      p('3', 'upsert', 'b', { seasonId: 's', episodeId: 'e1' }),
      p('4', 'upsert', 'b', { seasonId: 's', episodeId: 'e2' }),
      p('5', 'delete', 'b'),
      p('6', 'upsert', 'b', { seasonId: 's', episodeId: 'e1' }),
    ]);
    expect(send.map((u) => u.id)).toEqual(['2', '5', '6']);
    expect(supersedes.get('2')).toEqual(['1']);
    expect(supersedes.get('5')!.sort()).toEqual(['3', '4']);
  });
});

describe('pushQueues', () => {
  it('batches bookmark adds, deletes one by one, progress per row; everything acknowledged', async () => {
    const { calls, client } = fakeBackend(() => ({ status: 200 }));
    const outcome = await pushQueues(target(client), {
      bookmarks: [b('1', 'add', 'a'), b('2', 'add', 'b'), b('3', 'delete', 'c')],
      progress: [p('4', 'upsert', 'm'), p('5', 'delete', 'n', { seasonId: 's1', episodeId: 'e1' })],
    });
    expect(outcome.acked.sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(outcome.transient).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'DELETE /users/u/bookmarks/c',
      'DELETE /users/u/progress/n',
      'PUT /users/u/bookmarks',
      'PUT /users/u/progress/m',
    ]);
    expect(calls.find((c) => c.path === '/users/u/progress/n')!.body).toEqual({ seasonId: 's1', episodeId: 'e1' });
    expect(calls.find((c) => c.path === '/users/u/bookmarks')!.body).toEqual([
      { tmdbId: 'a', meta: { title: 'a', year: 0, type: 'movie' } },
      { tmdbId: 'b', meta: { title: 'b', year: 0, type: 'movie' } },
    ]);
  });

  it.each([
    ['network down', 'network' as const],
    ['5xx', { status: 503 }],
    ['429', { status: 429, body: { errorType: 'message', message: 'Ratelimited' } }],
  ])('%s: nothing acknowledged, a transient failure reported', async (_name, failure) => {
    const { client } = fakeBackend(() => failure);
    const outcome = await pushQueues(target(client), { bookmarks: [b('1', 'add', 'a')], progress: [p('2', 'upsert', 'm')] });
    expect(outcome.acked).toEqual([]);
    expect(outcome.dropped).toEqual([]);
    expect(outcome.transient).not.toBeNull();
  });

  it('a permanent 4xx drops only the bad entry (the batch is retried one by one); "Already bookmarked" is success', async () => {
    const { client } = fakeBackend((method, path) => {
      if (method === 'PUT' && path.endsWith('/bookmarks')) return { status: 400, body: { errorType: 'validation', errors: [] } };
      if (path.endsWith('/bad')) return { status: 400, body: { errorType: 'validation', errors: [] } };
      if (path.endsWith('/dup')) return { status: 400, body: { errorType: 'message', message: 'Already bookmarked' } };
      return { status: 200 };
    });
    const outcome = await pushQueues(target(client), {
      bookmarks: [b('1', 'add', 'ok'), b('2', 'add', 'bad'), b('3', 'add', 'dup')],
      progress: [],
    });
    expect(outcome.acked.sort()).toEqual(['1', '3']);
    expect(outcome.dropped.map((d) => d.id)).toEqual(['2']);
  });

  it('401 stops the push and reports the session problem; nothing is dropped', async () => {
    const { client } = fakeBackend(() => ({ status: 401, body: { errorType: 'message', message: 'Not logged in' } }));
    const outcome = await pushQueues(target(client), { bookmarks: [b('1', 'delete', 'a')], progress: [p('2', 'upsert', 'm')] });
    expect(outcome.auth).toBe(true);
    expect(outcome.dropped).toEqual([]);
    expect(outcome.acked).toEqual([]);
  });

  // The time this takes is a bench figure (e2e/bench/account.bench.ts), not asserted here.
  it('500 queued changes go out in one push, compacted', async () => {
    const { calls, client } = fakeBackend(() => ({ status: 200 }));
    const bookmarks = Array.from({ length: 250 }, (_, i) => b(`b${i}`, i % 5 === 0 ? 'delete' : 'add', String(i)));
    const progress = Array.from({ length: 250 }, (_, i) =>
      p(`p${i}`, 'upsert', String(i % 100), { progress: { watched: i, duration: 1000 } }),
    );
    const outcome = await pushQueues(target(client), { bookmarks, progress });
    expect(outcome.acked).toHaveLength(500);
    // Compaction: 100 progress rows, adds in 2 batches, 50 deletes.
    expect(calls.filter((c) => c.path.includes('/progress/'))).toHaveLength(100);
    expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/bookmarks'))).toHaveLength(2);
  });
});

describe('edit times and server stamps', () => {
  it('sends when each change was made; records the stamps the server answered and the rows deleted', async () => {
    const stamp = '2024-05-01T10:00:00.000Z';
    const { calls, client } = fakeBackend((method, path, body) => ({ status: 200, body: contractAnswer(method, path, body, stamp) }));
    const editedAt = {
      bookmark: (tmdbId: string) => (tmdbId === 'a' ? Date.parse('2024-04-01T00:00:00Z') : undefined),
      progress: (u: ProgressUpdate) => (u.tmdbId === 'm' ? Date.parse('2024-04-02T00:00:00Z') : Date.parse('2024-04-03T00:00:00Z')),
    };
    const outcome = await pushQueues(
      { ...target(client), editedAt },
      {
        bookmarks: [b('1', 'add', 'a'), b('2', 'add', 'b'), b('3', 'delete', 'c')],
        progress: [
          p('4', 'upsert', 'm'),
          p('5', 'upsert', 's', { seasonId: 's1', episodeId: 'e1' }),
          p('6', 'delete', 't', { seasonId: 's1' }),
          p('7', 'delete', 'u'),
        ],
      },
    );
    expect(calls.find((c) => c.path.endsWith('/bookmarks'))!.body).toEqual([
      { tmdbId: 'a', meta: { title: 'a', year: 0, type: 'movie' }, updatedAt: '2024-04-01T00:00:00.000Z' },
      { tmdbId: 'b', meta: { title: 'b', year: 0, type: 'movie' } },
    ]);
    expect(calls.find((c) => c.path.endsWith('/progress/m'))!.body).toMatchObject({ updatedAt: '2024-04-02T00:00:00.000Z' });
    expect(calls.find((c) => c.path.endsWith('/progress/s'))!.body).toMatchObject({
      updatedAt: '2024-04-03T00:00:00.000Z',
      seasonId: 's1',
      episodeId: 'e1',
    });
    expect(Object.fromEntries(outcome.written)).toEqual({
      'b/a': Date.parse(stamp),
      'b/b': Date.parse(stamp),
      'p/m//': Date.parse(stamp),
      'p/s/s1/e1': Date.parse(stamp),
    });
    expect(outcome.deleted.sort()).toEqual(['b/c', 'p/t/s1/', 'p/u/']);
    expect(['p/t/s1/e1', 'p/t/s1/e2', 'p/u//', 'p/u/s9/e9'].every((key) => outcome.deleted.some((d) => coversRow(d, key)))).toBe(true);
    expect(['p/t/s2/e1', 'p/uu//', 'b/cc'].some((key) => outcome.deleted.some((d) => coversRow(d, key)))).toBe(false);
  });

  it("a bulk import carries each row's edit time", async () => {
    const { calls, client } = fakeBackend(() => ({ status: 200 }));
    const outcome = await pushQueues(
      {
        ...target(client),
        isNewProgressRow: () => true,
        editedAt: { bookmark: () => undefined, progress: (u) => (u.tmdbId === 'a' ? 1_700_000_000_000 : 1_700_000_100_000) },
      },
      { bookmarks: [], progress: [p('1', 'upsert', 'a'), p('2', 'upsert', 'b')] },
    );
    expect((calls[0]!.body as { updatedAt: string }[]).map((x) => x.updatedAt)).toEqual([
      new Date(1_700_000_000_000).toISOString(),
      new Date(1_700_000_100_000).toISOString(),
    ]);
    // The import's answer lists only the rows the server already had: the stamps of new ones are unknown.
    expect(Object.fromEntries(outcome.written)).toEqual({ 'p/a//': -1, 'p/b//': -1 });
  });
});

describe('bulk import of new progress rows', () => {
  it('rows the server does not have go in one import; known rows one by one', async () => {
    const { calls, client } = fakeBackend(() => ({ status: 200 }));
    const outcome = await pushQueues(
      { ...target(client), isNewProgressRow: (key) => !key.includes('/known/') },
      { bookmarks: [], progress: [p('1', 'upsert', 'a'), p('2', 'upsert', 'b'), p('3', 'upsert', 'known')] },
    );
    expect(outcome.acked.sort()).toEqual(['1', '2', '3']);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['PUT /users/u/progress/import', 'PUT /users/u/progress/known']);
  });

  it('a rate-limited import falls back to one request per row', async () => {
    const { calls, client } = fakeBackend((_m, path) =>
      path.endsWith('/import') ? { status: 429, body: { errorType: 'message', message: 'Ratelimited' } } : { status: 200 },
    );
    const outcome = await pushQueues(
      { ...target(client), isNewProgressRow: () => true },
      { bookmarks: [], progress: [p('1', 'upsert', 'a'), p('2', 'upsert', 'b')] },
    );
    expect(outcome.acked.sort()).toEqual(['1', '2']);
    expect(calls.filter((c) => !c.path.endsWith('/import'))).toHaveLength(2);
  });
});
