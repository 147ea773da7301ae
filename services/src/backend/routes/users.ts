/** The user (profile, deletion) and their sessions (list, rename, end). */
import { isUuid } from '../auth';
import { ApiError, parseBody, READ, WRITE } from '../http';
import { sessionDto, SESSION_COLUMNS, USER_COLUMNS, userDto, type SessionRow, type UserRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function userRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, requireAuth, requireSelf, revoke } = ctx;

  const loadUser = async (id: string) => (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id])).rows[0];

  app.get('/users/@me', async (c) => {
    const auth = await requireAuth(c);
    const [user, session] = await Promise.all([
      loadUser(auth.userId),
      db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [auth.sessionId]),
    ]);
    if (!user || !session.rows[0]) throw new ApiError(401, 'Not logged in');
    return c.json({ user: userDto(user), session: sessionDto(session.rows[0]) } satisfies S.MeResponse);
  });

  app.get('/users/:uid', async (c) => {
    const auth = await requireSelf(c, 'Cannot get other user information');
    const user = await loadUser(auth.userId);
    if (!user) throw new ApiError(404, 'User does not exist');
    return c.json({ user: userDto(user) });
  });

  app.patch('/users/:uid', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const body = await parseBody(c, S.UserPatch);
    const { rows } = body.profile
      ? await db.query<UserRow>(`UPDATE users SET profile = $2::jsonb WHERE id = $1 RETURNING ${USER_COLUMNS}`, [
          auth.userId,
          JSON.stringify(body.profile),
        ])
      : { rows: [await loadUser(auth.userId)].filter((u): u is UserRow => !!u) };
    if (!rows[0]) throw new ApiError(404, 'User does not exist');
    return c.json(userDto(rows[0]));
  });

  app.delete('/users/:uid', async (c) => {
    const auth = await requireSelf(c, 'Cannot delete user other than yourself');
    // Sessions, bookmarks, progress and settings go with the user (ON DELETE CASCADE).
    revoke((_, userId) => userId === auth.userId);
    await db.query('DELETE FROM users WHERE id = $1', [auth.userId]);
    revoke((_, userId) => userId === auth.userId);
    return c.json({ id: auth.userId } satisfies S.IdResponse);
  });

  app.get('/users/:uid/sessions', async (c) => {
    const auth = await requireSelf(c, READ);
    const { rows } = await db.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY created_at`,
      [auth.userId],
    );
    return c.json(rows.map(sessionDto));
  });

  /** Ends every session of the user except the one making the request. */
  app.delete('/users/:uid/sessions', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const others = (id: string, userId: string) => userId === auth.userId && id !== auth.sessionId;
    revoke(others);
    const { rowCount } = await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [auth.userId, auth.sessionId]);
    revoke(others);
    return c.json({ count: rowCount } satisfies S.CountResponse);
  });

  app.patch('/sessions/:sid', async (c) => {
    const auth = await requireAuth(c);
    const body = await parseBody(c, S.SessionPatch);
    const sid = c.req.param('sid');
    const { rows } = isUuid(sid)
      ? await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [sid])
      : { rows: [] };
    const session = rows[0];
    if (!session) throw new ApiError(404, 'Session cannot be found');
    if (session.user_id !== auth.userId) throw new ApiError(403, 'Cannot edit sessions you do not own');
    if (body.deviceName === undefined) return c.json(sessionDto(session));
    const updated = await db.query<SessionRow>(`UPDATE sessions SET device = $2 WHERE id = $1 RETURNING ${SESSION_COLUMNS}`, [
      sid,
      body.deviceName,
    ]);
    if (!updated.rows[0]) throw new ApiError(404, 'Session cannot be found');
    return c.json(sessionDto(updated.rows[0]));
  });

  app.delete('/sessions/:sid', async (c) => {
    const auth = await requireAuth(c);
    const sid = c.req.param('sid');
    if (!isUuid(sid)) return c.json({ id: sid } satisfies S.IdResponse);
    const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM sessions WHERE id = $1', [sid]);
    if (rows[0] && rows[0].user_id !== auth.userId) throw new ApiError(403, 'Cannot delete sessions you do not own');
    revoke((id) => id === sid);
    await db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2', [sid, auth.userId]);
    revoke((id) => id === sid);
    return c.json({ id: sid } satisfies S.IdResponse);
  });
}
