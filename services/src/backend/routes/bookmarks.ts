/** Bookmarks: list, replace many, add one, remove one; an older change never overwrites a newer row. */
import { checkRowLimit, CHUNK, chunks, dedupe } from '../bulk';
import { ApiError, parseBody, READ, tmdbParam, WRITE } from '../http';
import { bookmarkDto, clampDate, type BookmarkRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function bookmarkRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, config, requireSelf } = ctx;

  app.get('/users/:uid/bookmarks', async (c) => {
    const auth = await requireSelf(c, READ);
    const { rows } = await db.query<BookmarkRow>(
      'SELECT tmdb_id, meta, updated_at FROM bookmarks WHERE user_id = $1 ORDER BY updated_at, tmdb_id',
      [auth.userId],
    );
    return c.json(rows.map(bookmarkDto));
  });

  app.put('/users/:uid/bookmarks', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const items = await parseBody(c, S.BookmarkList);
    const stamped = items.map((item) => ({ ...item, at: clampDate(item.updatedAt) }));
    const latest = dedupe(
      stamped,
      (item) => item.tmdbId,
      (current, next) => next.at >= current.at,
    );
    const ids = latest.map((item) => item.tmdbId);
    await checkRowLimit(db, 'bookmarks', 'tmdb_id', auth.userId, ids, config.maxBookmarks, 'bookmarks');
    for (const chunk of chunks(latest)) {
      await db.query(
        `INSERT INTO bookmarks (user_id, tmdb_id, meta, updated_at)
         SELECT $1, x.tmdb_id, x.meta, x.updated_at FROM jsonb_to_recordset($2::jsonb) AS x(tmdb_id text, meta jsonb, updated_at timestamptz)
         ON CONFLICT (user_id, tmdb_id) DO UPDATE SET meta = excluded.meta, updated_at = excluded.updated_at
           WHERE bookmarks.updated_at <= excluded.updated_at`,
        [auth.userId, JSON.stringify(chunk.map((item) => ({ tmdb_id: item.tmdbId, meta: item.meta, updated_at: item.at.toISOString() })))],
      );
    }
    // What is stored now, newer rows from elsewhere included, in the order the items came.
    const stored = new Map<string, BookmarkRow>();
    for (const chunk of chunks(ids, CHUNK)) {
      const { rows } = await db.query<BookmarkRow>(
        'SELECT tmdb_id, meta, updated_at FROM bookmarks WHERE user_id = $1 AND tmdb_id IN (SELECT jsonb_array_elements_text($2::jsonb))',
        [auth.userId, JSON.stringify(chunk)],
      );
      for (const row of rows) stored.set(row.tmdb_id, row);
    }
    return c.json(items.flatMap((item) => (stored.has(item.tmdbId) ? [bookmarkDto(stored.get(item.tmdbId)!)] : [])));
  });

  app.post('/users/:uid/bookmarks/:tmdbid', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const tmdbId = tmdbParam(c);
    const body = await parseBody(c, S.BookmarkPost);
    await checkRowLimit(db, 'bookmarks', 'tmdb_id', auth.userId, [tmdbId], config.maxBookmarks, 'bookmarks');
    const { rows } = await db.query<BookmarkRow>(
      `INSERT INTO bookmarks (user_id, tmdb_id, meta, updated_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (user_id, tmdb_id) DO NOTHING RETURNING tmdb_id, meta, updated_at`,
      [auth.userId, tmdbId, JSON.stringify(body.meta), clampDate(body.updatedAt)],
    );
    if (!rows[0]) throw new ApiError(400, 'Already bookmarked');
    return c.json(bookmarkDto(rows[0]));
  });

  app.delete('/users/:uid/bookmarks/:tmdbid', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const tmdbId = tmdbParam(c);
    await db.query('DELETE FROM bookmarks WHERE user_id = $1 AND tmdb_id = $2', [auth.userId, tmdbId]);
    return c.json({ tmdbId } satisfies S.BookmarkDeleteResponse);
  });
}
