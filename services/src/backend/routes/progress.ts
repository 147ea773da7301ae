/** Watch progress: list, import, save one, remove a title, season or episode. */
import { randomUUID } from 'node:crypto';
import { parseBody, READ, tmdbParam, WRITE } from '../http';
import { clampDate, progressDto, PROGRESS_COLUMNS, type ProgressRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function progressRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, requireSelf, rateLimit } = ctx;


  app.get('/users/:uid/progress', async (c) => {
    const auth = await requireSelf(c, READ);
    const { rows } = await db.query<ProgressRow>(
      `SELECT ${PROGRESS_COLUMNS} FROM progress_items WHERE user_id = $1 ORDER BY tmdb_id, season_number, episode_number, season_id, episode_id`,
      [auth.userId],
    );
    return c.json(rows.map(progressDto));
  });

  // Registered before /progress/:tmdbid so that "import" is not taken for an id.
  app.put('/users/:uid/progress/import', async (c) => {
    const auth = await requireSelf(c, WRITE);
    rateLimit(c, 'progressImport');
    const items = await parseBody(c, S.ProgressImport);
    const rows = await db.transaction(async (tx) => {
      const out: ProgressRow[] = [];
      for (const item of items) {
        const key = [auth.userId, item.tmdbId, item.seasonId ?? '', item.episodeId ?? ''];
        // New rows are inserted; existing ones only move forward (larger watched), as upstream.
        const written = await tx.query<ProgressRow>(
          `INSERT INTO progress_items (id, user_id, tmdb_id, season_id, episode_id, season_number, episode_number, meta, duration, watched, updated_at)
           VALUES ($5, $1, $2, $3, $4, $6, $7, $8::jsonb, $9, $10, $11)
           ON CONFLICT (user_id, tmdb_id, season_id, episode_id)
           DO UPDATE SET watched = excluded.watched, updated_at = excluded.updated_at
           WHERE progress_items.watched < excluded.watched
           RETURNING ${PROGRESS_COLUMNS}`,
          [
            ...key,
            randomUUID(),
            item.seasonNumber ?? null,
            item.episodeNumber ?? null,
            JSON.stringify(item.meta),
            Math.round(item.duration),
            Math.round(item.watched),
            clampDate(item.updatedAt),
          ],
        );
        const row =
          written.rows[0] ??
          (
            await tx.query<ProgressRow>(
              `SELECT ${PROGRESS_COLUMNS} FROM progress_items WHERE user_id = $1 AND tmdb_id = $2 AND season_id = $3 AND episode_id = $4`,
              key,
            )
          ).rows[0];
        if (row) out.push(row);
      }
      return out;
    });
    return c.json(rows.map(progressDto));
  });

  app.put('/users/:uid/progress/:tmdbid', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const tmdbId = tmdbParam(c);
    const item = await parseBody(c, S.ProgressPut);
    const seasonId = item.seasonId ?? '';
    const episodeId = item.episodeId ?? '';
    const written = await db.query<ProgressRow>(
      `INSERT INTO progress_items (id, user_id, tmdb_id, season_id, episode_id, season_number, episode_number, meta, duration, watched, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)
       ON CONFLICT (user_id, tmdb_id, season_id, episode_id) DO UPDATE SET
         duration = excluded.duration, watched = excluded.watched, meta = excluded.meta, updated_at = excluded.updated_at,
         season_number = COALESCE(excluded.season_number, progress_items.season_number),
         episode_number = COALESCE(excluded.episode_number, progress_items.episode_number)
         WHERE progress_items.updated_at <= excluded.updated_at
       RETURNING ${PROGRESS_COLUMNS}`,
      [
        randomUUID(),
        auth.userId,
        tmdbId,
        seasonId,
        episodeId,
        item.seasonNumber ?? null,
        item.episodeNumber ?? null,
        JSON.stringify(item.meta),
        Math.round(item.duration),
        Math.round(item.watched),
        clampDate(item.updatedAt),
      ],
    );
    // Not written because the stored row is newer: answer what is stored.
    const row =
      written.rows[0] ??
      (
        await db.query<ProgressRow>(
          `SELECT ${PROGRESS_COLUMNS} FROM progress_items WHERE user_id = $1 AND tmdb_id = $2 AND season_id = $3 AND episode_id = $4`,
          [auth.userId, tmdbId, seasonId, episodeId],
        )
      ).rows[0]!;
    return c.json(progressDto(row));
  });

  app.delete('/users/:uid/progress/:tmdbid', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const tmdbId = tmdbParam(c);
    const body = await parseBody(c, S.ProgressDelete);
    const seasonId = body.seasonId || '';
    const episodeId = body.episodeId || '';
    // {} → the whole title; {seasonId} → a season; {seasonId, episodeId} → one episode.
    const { rowCount } = await db.query(
      `DELETE FROM progress_items WHERE user_id = $1 AND tmdb_id = $2
         AND ($3 = '' OR season_id = $3) AND ($4 = '' OR episode_id = $4)`,
      [auth.userId, tmdbId, seasonId, episodeId],
    );
    return c.json({
      count: rowCount,
      tmdbId,
      ...(episodeId ? { episodeId } : {}),
      ...(seasonId ? { seasonId } : {}),
    });
  });
}
