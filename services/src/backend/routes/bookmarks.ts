/** Bookmarks: list, replace many, add one, remove one; an older change never overwrites a newer row. */
import type { Queryable } from '../db';
import { ApiError, parseBody, READ, tmdbParam, WRITE } from '../http';
import { bookmarkDto, clampDate, type BookmarkRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function bookmarkRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, requireSelf } = ctx;


  /** Inserts or updates a bookmark unless the stored one is newer; answers the stored row either way. */
  const upsertBookmark = async (q: Queryable, userId: string, tmdbId: string, meta: unknown, updatedAt: string | undefined) => {
    const written = await q.query<BookmarkRow>(
      `INSERT INTO bookmarks (user_id, tmdb_id, meta, updated_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (user_id, tmdb_id) DO UPDATE SET meta = excluded.meta, updated_at = excluded.updated_at
         WHERE bookmarks.updated_at <= excluded.updated_at
       RETURNING tmdb_id, meta, updated_at`,
      [userId, tmdbId, JSON.stringify(meta), clampDate(updatedAt)],
    );
    if (written.rows[0]) return written;
    return q.query<BookmarkRow>('SELECT tmdb_id, meta, updated_at FROM bookmarks WHERE user_id = $1 AND tmdb_id = $2', [userId, tmdbId]);
  };

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
    const rows = await db.transaction(async (tx) => {
      const out: BookmarkRow[] = [];
      for (const item of items) out.push(...(await upsertBookmark(tx, auth.userId, item.tmdbId, item.meta, item.updatedAt)).rows);
      return out;
    });
    return c.json(rows.map(bookmarkDto));
  });

  app.post('/users/:uid/bookmarks/:tmdbid', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const tmdbId = tmdbParam(c);
    const body = await parseBody(c, S.BookmarkPost);
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
    return c.json({ tmdbId });
  });
}
