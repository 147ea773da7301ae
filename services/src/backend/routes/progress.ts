/** Watch progress: list, import, save one, remove a title, season or episode. */
import { randomUUID } from 'node:crypto';
import { checkRowLimit, chunks, dedupe } from '../bulk';
import { parseBody, READ, tmdbParam, WRITE } from '../http';
import { clampDate, progressDto, PROGRESS_COLUMNS, type ProgressRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function progressRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, config, requireSelf, rateLimit } = ctx;

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
    await rateLimit(c, 'progressImport');
    const items = await parseBody(c, S.ProgressImport);
    const keyOf = (item: { tmdbId: string; seasonId?: string | null; episodeId?: string | null }) =>
      JSON.stringify([item.tmdbId, item.seasonId ?? '', item.episodeId ?? '']);
    // New rows are inserted; existing ones only move forward (larger watched), as upstream.
    const furthest = dedupe(items, keyOf, (current, next) => next.watched >= current.watched);
    const rowKeys = furthest.map((item) => [item.tmdbId, item.seasonId ?? '', item.episodeId ?? ''].join('\u001f'));
    await checkRowLimit(
      db,
      'progress_items',
      'tmdb_id || chr(31) || season_id || chr(31) || episode_id',
      auth.userId,
      rowKeys,
      config.maxProgressItems,
      'progress items',
    );
    for (const chunk of chunks(furthest)) {
      await db.query(
        `INSERT INTO progress_items (id, user_id, tmdb_id, season_id, episode_id, season_number, episode_number, meta, duration, watched, updated_at)
         SELECT x.id, $1, x.tmdb_id, x.season_id, x.episode_id, x.season_number, x.episode_number, x.meta, x.duration, x.watched, x.updated_at
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, tmdb_id text, season_id text, episode_id text, season_number int, episode_number int, meta jsonb, duration bigint, watched bigint, updated_at timestamptz)
         ON CONFLICT (user_id, tmdb_id, season_id, episode_id)
         DO UPDATE SET watched = excluded.watched, updated_at = excluded.updated_at
         WHERE progress_items.watched < excluded.watched`,
        [
          auth.userId,
          JSON.stringify(
            chunk.map((item) => ({
              id: randomUUID(),
              tmdb_id: item.tmdbId,
              season_id: item.seasonId ?? '',
              episode_id: item.episodeId ?? '',
              season_number: item.seasonNumber ?? null,
              episode_number: item.episodeNumber ?? null,
              meta: item.meta,
              duration: Math.round(item.duration),
              watched: Math.round(item.watched),
              updated_at: clampDate(item.updatedAt).toISOString(),
            })),
          ),
        ],
      );
    }
    // Every imported row as stored now, in the order the items came.
    const stored = new Map<string, ProgressRow>();
    for (const chunk of chunks([...new Set(furthest.map((item) => item.tmdbId))], 50)) {
      const { rows } = await db.query<ProgressRow>(
        `SELECT ${PROGRESS_COLUMNS} FROM progress_items WHERE user_id = $1 AND tmdb_id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
        [auth.userId, JSON.stringify(chunk)],
      );
      for (const row of rows) stored.set(keyOf({ tmdbId: row.tmdb_id, seasonId: row.season_id, episodeId: row.episode_id }), row);
    }
    return c.json(items.flatMap((item) => (stored.has(keyOf(item)) ? [progressDto(stored.get(keyOf(item))!)] : [])));
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
    } satisfies S.ProgressDeleteResponse);
  });
}
