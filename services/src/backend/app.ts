import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { logRequests } from '../lib/serve';
import { isUuid, newUserId, normalizePublicKey, signToken, verifyChallenge, verifyToken } from './auth';
import type { BackendConfig } from './config';
import type { Db, Queryable } from './db';
import { Metrics } from './metrics';
import { RateLimiter } from './ratelimit';
import * as S from './schemas';

interface Auth {
  sessionId: string;
  userId: string;
}
type Env = { Variables: { auth: Auth | undefined } };

/** A failure the client is told about: `{errorType:"message", message}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

class ValidationError extends Error {
  constructor(readonly issues: unknown[]) {
    super('validation');
  }
}

// ---- rows and DTOs -------------------------------------------------------------------------------

interface UserRow {
  id: string;
  public_key: string;
  namespace: string;
  created_at: Date;
  last_logged_in: Date | null;
  permissions: string[];
  profile: { colorA: string; colorB: string; icon: string };
}
interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  accessed_at: Date;
  expires_at: Date;
  device: string;
  user_agent: string;
}
interface BookmarkRow {
  tmdb_id: string;
  meta: Record<string, unknown>;
  updated_at: Date;
}
interface ProgressRow {
  id: string;
  tmdb_id: string;
  season_id: string;
  episode_id: string;
  season_number: number | null;
  episode_number: number | null;
  meta: Record<string, unknown>;
  duration: number;
  watched: number;
  updated_at: Date;
}
interface SettingsRow {
  id: string;
  application_theme: string | null;
  application_language: string | null;
  default_subtitle_language: string | null;
  proxy_urls: string[] | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const userDto = (u: UserRow) => ({
  id: u.id,
  namespace: u.namespace,
  publicKey: u.public_key,
  roles: u.permissions,
  createdAt: iso(u.created_at),
  ...(u.last_logged_in ? { lastLoggedIn: iso(u.last_logged_in) } : {}),
  profile: u.profile,
});

const sessionDto = (s: SessionRow) => ({
  id: s.id,
  userId: s.user_id,
  createdAt: iso(s.created_at),
  accessedAt: iso(s.accessed_at),
  device: s.device,
  userAgent: s.user_agent,
});

const bookmarkDto = (b: BookmarkRow) => ({ tmdbId: b.tmdb_id, meta: b.meta, updatedAt: iso(b.updated_at) });

const progressDto = (p: ProgressRow) => ({
  id: p.id,
  tmdbId: p.tmdb_id,
  season: p.season_id ? { id: p.season_id, ...(p.season_number != null ? { number: p.season_number } : {}) } : {},
  episode: p.episode_id
    ? { id: p.episode_id, ...(p.episode_number != null ? { number: p.episode_number } : {}) }
    : {},
  meta: p.meta,
  duration: Number(p.duration),
  watched: Number(p.watched),
  updatedAt: iso(p.updated_at),
});

const settingsDto = (s: SettingsRow) => ({
  id: s.id,
  applicationTheme: s.application_theme,
  applicationLanguage: s.application_language,
  defaultSubtitleLanguage: s.default_subtitle_language,
  proxyUrls: s.proxy_urls,
});

const USER_COLUMNS = 'id, public_key, namespace, created_at, last_logged_in, permissions, profile';
const SESSION_COLUMNS = 'id, user_id, created_at, accessed_at, expires_at, device, user_agent';
const PROGRESS_COLUMNS =
  'id, tmdb_id, season_id, episode_id, season_number, episode_number, meta, duration::float8 AS duration, watched::float8 AS watched, updated_at';

/**
 * Client-sent updatedAt is clamped to [2021-07-13, now], as upstream does on import. We also honour it on
 * PUT /progress/:tmdbid and on bookmarks (upstream stamps the time of receipt there), and an older
 * change never overwrites a newer row: the newer edit wins whichever device's push arrives first.
 */
const EARLIEST = Date.parse('2021-07-13T00:00:00Z');
const clampDate = (value: string | undefined) =>
  new Date(value ? Math.min(Math.max(Date.parse(value), EARLIEST), Date.now()) : Date.now());

// ---- the app -------------------------------------------------------------------------------------

export interface AppDeps {
  db: Db;
  config: BackendConfig;
  log: (line: string) => void;
}

export function createApp({ db, config, log }: AppDeps): { app: Hono<Env>; close: () => void } {
  const app = new Hono<Env>();
  const metrics = new Metrics();
  const limiter = new RateLimiter(config.rateLimits.windowMs);
  const metricsLimiter = new RateLimiter(config.rateLimits.metricsWindowMs);
  const bumpAfterMs = Math.min(60_000, config.sessionIdleMs / 100);
  /**
   * Sessions seen, so most requests need no lookup. Only with PGlite, whose database belongs to this
   * process alone: every revocation goes through here and clears the cache. With a PostgreSQL server
   * other instances may revoke sessions, so each request reads the row.
   */
  const sessions =
    db.kind === 'pglite' ? new Map<string, { userId: string; accessedAt: number; expiresAt: number }>() : undefined;
  let revocations = 0;
  const revoke = (match: (id: string, userId: string) => boolean) => {
    revocations++;
    if (sessions) for (const [id, s] of sessions) if (match(id, s.userId)) sessions.delete(id);
  };

  logRequests(app, log);

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const route = matchedRoutes(c)[c.req.routeIndex];
    const label = route && route.method !== 'ALL' ? route.path : 'unmatched';
    metrics.observe(c.req.method, label, c.res.status, (performance.now() - started) / 1000);
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (isAllowedOrigin(origin, config) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'],
      maxAge: 600,
    }),
  );

  const tooLarge = (c: Context<Env>) => c.json({ errorType: 'message', message: 'Request body is too large' }, 413);
  const limitStreamedBody = bodyLimit({ maxSize: config.bodyLimitBytes, onError: tooLarge });
  // hono's bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a full fetch Request
  // (web streams, an AbortSignal) for every request. A body with a Content-Length (Node's parser
  // holds it to exactly that length) is checked from the header alone, and read later straight from
  // the socket; a chunked body still goes through bodyLimit, which counts it as it arrives.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > config.bodyLimitBytes ? tooLarge(c) : next();
    }
    return limitStreamedBody(c, next);
  });

  /** Authentication, checked by the routes that need it: 400 for a malformed or forged token, 401 for no token or a dead session. */
  const authenticate = async (c: Context<Env>): Promise<Auth> => {
    const header = c.req.header('authorization');
    if (header === undefined) throw new ApiError(401, 'Not logged in');
    const [scheme, token] = header.trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new ApiError(400, 'Invalid authentication');
    const sessionId = verifyToken(token, config.jwtSecret);
    if (!sessionId) throw new ApiError(400, 'Invalid authentication');
    let session = sessions?.get(sessionId);
    if (!session) {
      const generation = revocations;
      const { rows } = await db.query<SessionRow>(
        'SELECT user_id, accessed_at, expires_at FROM sessions WHERE id = $1',
        [sessionId],
      );
      const row = rows[0];
      if (row) {
        session = {
          userId: row.user_id,
          accessedAt: new Date(row.accessed_at).getTime(),
          expiresAt: new Date(row.expires_at).getTime(),
        };
        // Not cached if a revocation ran meanwhile: the row read may already be gone.
        if (sessions && generation === revocations) {
          if (sessions.size >= 100_000) sessions.clear();
          sessions.set(sessionId, session);
        }
      }
    }
    if (!session || session.expiresAt <= Date.now()) throw new ApiError(401, 'Not logged in');
    // Sliding expiry; written at most once per bumpAfterMs to spare the database a write per request.
    if (Date.now() - session.accessedAt > bumpAfterMs) {
      const expiresAt = Date.now() + config.sessionIdleMs;
      const { rowCount } = await db.query('UPDATE sessions SET accessed_at = now(), expires_at = $2 WHERE id = $1', [
        sessionId,
        new Date(expiresAt),
      ]);
      if (!rowCount) {
        sessions?.delete(sessionId);
        throw new ApiError(401, 'Not logged in');
      }
      session.accessedAt = Date.now();
      session.expiresAt = expiresAt;
    }
    return { sessionId, userId: session.userId };
  };

  const requireAuth = async (c: Context<Env>): Promise<Auth> => {
    const cached = c.get('auth');
    if (cached) return cached;
    const auth = await authenticate(c);
    c.set('auth', auth);
    return auth;
  };
  /** The caller, who must be the user named in the path; 403 otherwise. */
  const requireSelf = async (c: Context<Env>, message: string): Promise<Auth> => {
    const auth = await requireAuth(c);
    if (c.req.param('uid') !== auth.userId) throw new ApiError(403, message);
    return auth;
  };
  const READ = 'Cannot access other user information';
  const WRITE = 'Cannot modify user other than yourself';

  const clientOf = (c: Context<Env>): string => {
    if (config.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };
  type Bucket = 'registerStart' | 'registerComplete' | 'loginStart' | 'loginComplete' | 'progressImport' | 'providerMetrics' | 'captchaMetrics';
  /** Counts a request (or `weight` reported items) against its bucket; 429 when over. Metrics buckets have their own window (contract A4: 300 per 30 min). */
  const rateLimit = (c: Context<Env>, bucket: Bucket, weight = 1) => {
    if (!config.rateLimits.enabled) return;
    const metricsBucket = bucket === 'providerMetrics' || bucket === 'captchaMetrics';
    const retryAfter = (metricsBucket ? metricsLimiter : limiter).hit(bucket, clientOf(c), config.rateLimits[bucket], weight);
    if (retryAfter) throw new ApiError(429, 'Ratelimited', { 'retry-after': String(retryAfter) });
  };

  const tmdbParam = (c: Context<Env>) => {
    const result = S.TmdbIdParam.safeParse(c.req.param('tmdbid'));
    if (!result.success) throw new ValidationError(result.error.issues.map((i) => ({ ...i, path: ['tmdbId'] })));
    return result.data;
  };

  // ---- public ----

  app.get('/', (c) => c.json({ message: `Backend is working as expected (${config.version})` }));

  app.get('/healthcheck', async (c) => {
    const ok = await db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    return c.json({ healthy: ok, databaseConnected: ok }, ok ? 200 : 503);
  });

  app.get('/meta', (c) =>
    c.json({
      name: config.name,
      ...(config.description ? { description: config.description } : {}),
      version: config.version,
      hasCaptcha: config.captcha.enabled,
      ...(config.captcha.enabled && config.captcha.clientKey ? { captchaClientKey: config.captcha.clientKey } : {}),
    }),
  );

  app.get('/metrics', async (c) => {
    const { rows } = await db.query<{ namespace: string; count: number }>(
      'SELECT namespace, count(*)::int AS count FROM users GROUP BY namespace ORDER BY namespace',
    );
    return c.body(metrics.render(rows), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
  });

  app.post('/metrics/providers', async (c) => {
    const body = await parseBody(c, S.ProviderMetrics);
    rateLimit(c, 'providerMetrics', body.items.length);
    const hostname = (c.req.header('origin') ?? '<UNKNOWN>').slice(0, 255);
    metrics.providerHostnames.inc({ hostname }, body.items.length);
    for (const item of body.items) {
      const provider = item.embedId ?? item.providerId;
      metrics.providerStatus.inc({ provider_id: provider, status: item.status });
      metrics.watches.inc({
        title: item.title,
        tmdb_full_id: `${item.type}-${item.tmdbId}`,
        provider_id: provider,
        success: String(item.status === 'success'),
      });
    }
    if (body.tool) metrics.tools.inc({ tool: body.tool });
    return c.json(true);
  });

  app.post('/metrics/captcha', async (c) => {
    const body = await parseBody(c, S.CaptchaMetric);
    rateLimit(c, 'captchaMetrics');
    metrics.captchaSolves.inc({ success: String(body.success) });
    return c.json(true);
  });

  // ---- auth flows ----

  const newChallenge = async (flow: 'registration' | 'login', publicKey: string | null) => {
    const code = randomUUID();
    await db.query(
      "INSERT INTO challenge_codes (code, flow, auth_type, public_key, expires_at) VALUES ($1, $2, 'mnemonic', $3, $4)",
      [code, flow, publicKey, new Date(Date.now() + config.challengeTtlMs)],
    );
    return code;
  };

  /** Takes the challenge (single use: deleted whatever the outcome) and checks expiry and signature. */
  const consumeChallenge = async (
    flow: 'registration' | 'login',
    challenge: { code: string; signature: string },
    publicKey: string,
  ) => {
    const { rows } = await db.query<{ expires_at: Date; public_key: string | null }>(
      "DELETE FROM challenge_codes WHERE code = $1 AND flow = $2 AND auth_type = 'mnemonic' RETURNING expires_at, public_key",
      [challenge.code, flow],
    );
    const row = rows[0];
    if (!row || (row.public_key !== null && row.public_key !== publicKey)) {
      throw new ApiError(401, 'Challenge Code Invalid');
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(401, 'Challenge Code Expired');
    if (!verifyChallenge(challenge.code, challenge.signature, publicKey)) {
      throw new ApiError(401, 'Challenge Code Signature Invalid');
    }
  };

  const createSession = async (tx: Queryable, userId: string, device: string, userAgent: string) => {
    const { rows } = await tx.query<SessionRow>(
      `INSERT INTO sessions (id, user_id, expires_at, device, user_agent) VALUES ($1, $2, $3, $4, $5) RETURNING ${SESSION_COLUMNS}`,
      [randomUUID(), userId, new Date(Date.now() + config.sessionIdleMs), device, userAgent.slice(0, 1000)],
    );
    return rows[0]!;
  };

  app.post('/auth/register/start', async (c) => {
    rateLimit(c, 'registerStart');
    const body = await parseBody(c, S.RegisterStart);
    if (config.captcha.enabled) {
      if (!body.captchaToken) throw new ApiError(400, 'captcha token is required');
      if (!(await verifyCaptcha(config, body.captchaToken))) throw new ApiError(400, 'captcha token is invalid');
    }
    return c.json({ challenge: await newChallenge('registration', null) });
  });

  app.post('/auth/register/complete', async (c) => {
    rateLimit(c, 'registerComplete');
    const body = await parseBody(c, S.RegisterComplete);
    const publicKey = normalizePublicKey(body.publicKey);
    if (!publicKey) throw new ApiError(401, 'Challenge Code Signature Invalid');
    await consumeChallenge('registration', body.challenge, publicKey);
    const result = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<UserRow>(
          `INSERT INTO users (id, public_key, namespace, profile, last_logged_in) VALUES ($1, $2, $3, $4::jsonb, now())
           ON CONFLICT (public_key) DO NOTHING RETURNING ${USER_COLUMNS}`,
          [newUserId(), publicKey, body.namespace, JSON.stringify(body.profile)],
        );
        const user = rows[0];
        if (!user) throw new ApiError(409, 'User already exists');
        const session = await createSession(tx, user.id, body.device, c.req.header('user-agent') ?? '');
        return { user, session };
      });
    return c.json({
      user: userDto(result.user),
      session: sessionDto(result.session),
      token: signToken(result.session.id, config.jwtSecret),
    });
  });

  app.post('/auth/login/start', async (c) => {
    rateLimit(c, 'loginStart');
    const body = await parseBody(c, S.LoginStart);
    const publicKey = normalizePublicKey(body.publicKey);
    const { rows } = publicKey
      ? await db.query('SELECT 1 FROM users WHERE public_key = $1', [publicKey])
      : { rows: [] };
    if (!rows.length || !publicKey) throw new ApiError(401, 'User cannot be found');
    return c.json({ challenge: await newChallenge('login', publicKey) });
  });

  app.post('/auth/login/complete', async (c) => {
    rateLimit(c, 'loginComplete');
    const body = await parseBody(c, S.LoginComplete);
    const publicKey = normalizePublicKey(body.publicKey);
    if (!publicKey) throw new ApiError(401, 'User cannot be found');
    await consumeChallenge('login', body.challenge, publicKey);
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `UPDATE users SET last_logged_in = now() WHERE public_key = $1 RETURNING ${USER_COLUMNS}`,
        [publicKey],
      );
      const user = rows[0];
      if (!user) throw new ApiError(401, 'User cannot be found');
      const session = await createSession(tx, user.id, body.device, c.req.header('user-agent') ?? '');
      return { user, session };
    });
    return c.json({
      user: userDto(result.user),
      session: sessionDto(result.session),
      token: signToken(result.session.id, config.jwtSecret),
    });
  });

  // ---- users and sessions ----

  const loadUser = async (id: string) =>
    (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id])).rows[0];

  app.get('/users/@me', async (c) => {
    const auth = await requireAuth(c);
    const [user, session] = await Promise.all([
      loadUser(auth.userId),
      db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [auth.sessionId]),
    ]);
    if (!user || !session.rows[0]) throw new ApiError(401, 'Not logged in');
    return c.json({ user: userDto(user), session: sessionDto(session.rows[0]) });
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
    return c.json({ id: auth.userId });
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
    const { rowCount } = await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [
      auth.userId,
      auth.sessionId,
    ]);
    revoke(others);
    return c.json({ count: rowCount });
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
    const updated = await db.query<SessionRow>(
      `UPDATE sessions SET device = $2 WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
      [sid, body.deviceName],
    );
    if (!updated.rows[0]) throw new ApiError(404, 'Session cannot be found');
    return c.json(sessionDto(updated.rows[0]));
  });

  app.delete('/sessions/:sid', async (c) => {
    const auth = await requireAuth(c);
    const sid = c.req.param('sid');
    if (!isUuid(sid)) return c.json({ id: sid });
    const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM sessions WHERE id = $1', [sid]);
    if (rows[0] && rows[0].user_id !== auth.userId) throw new ApiError(403, 'Cannot delete sessions you do not own');
    revoke((id) => id === sid);
    await db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2', [sid, auth.userId]);
    revoke((id) => id === sid);
    return c.json({ id: sid });
  });

  // ---- bookmarks ----

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

  // ---- progress ----

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

  // ---- settings ----

  const SETTINGS_COLUMNS = {
    applicationTheme: 'application_theme',
    applicationLanguage: 'application_language',
    defaultSubtitleLanguage: 'default_subtitle_language',
    proxyUrls: 'proxy_urls',
  } as const;

  app.get('/users/:uid/settings', async (c) => {
    const auth = await requireSelf(c, READ);
    const { rows } = await db.query<SettingsRow>('SELECT * FROM user_settings WHERE id = $1', [auth.userId]);
    return c.json(rows[0] ? settingsDto(rows[0]) : { id: auth.userId });
  });

  app.put('/users/:uid/settings', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const body = await parseBody(c, S.SettingsPut);
    // Partial update: absent keys are kept, null clears.
    const present = (Object.keys(SETTINGS_COLUMNS) as (keyof typeof SETTINGS_COLUMNS)[]).filter(
      (key) => body[key] !== undefined,
    );
    const columns = present.map((key) => SETTINGS_COLUMNS[key]);
    const values = present.map((key) =>
      key === 'proxyUrls' ? (body.proxyUrls === null ? null : JSON.stringify(body.proxyUrls)) : body[key],
    );
    const placeholders = present.map((key, i) => (key === 'proxyUrls' ? `$${i + 2}::jsonb` : `$${i + 2}`));
    const update = columns.length
      ? `DO UPDATE SET ${columns.map((col) => `${col} = excluded.${col}`).join(', ')}`
      : 'DO NOTHING';
    const row = await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO user_settings (id${columns.map((col) => `, ${col}`).join('')}) VALUES ($1${placeholders.map((p) => `, ${p}`).join('')})
         ON CONFLICT (id) ${update}`,
        [auth.userId, ...values],
      );
      return (await tx.query<SettingsRow>('SELECT * FROM user_settings WHERE id = $1', [auth.userId])).rows[0]!;
    });
    return c.json(settingsDto(row));
  });

  // ---- errors ----

  app.notFound((c) =>
    c.json(
      {
        errorType: 'message',
        message: `Route ${c.req.method}:${new URL(c.req.url).pathname} not found`,
        error: 'Not Found',
        statusCode: 404,
      },
      404,
    ),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json({ errorType: 'message', message: error.message }, error.status as 400, error.headers);
    }
    if (error instanceof ValidationError) return c.json({ errorType: 'validation', errors: error.issues }, 400);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ errorType: 'message', message: error.message || 'Bad request' }, error.status);
    }
    log(`error ${c.req.method} ${new URL(c.req.url).pathname}: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ errorType: 'message', message: 'Internal server error' }, 500);
  });

  return {
    app,
    close: () => {
      limiter.close();
      metricsLimiter.close();
      metrics.close();
    },
  };
}

/** Reads and validates a JSON body; a missing body is null (as upstream), which object schemas refuse. */
async function parseBody<T extends z.ZodType>(c: Context<Env>, schema: T): Promise<z.output<T>> {
  const raw = await c.req.text();
  let value: unknown = null;
  if (raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'Request body is not valid JSON');
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(result.error.issues);
  return result.data;
}

function isAllowedOrigin(origin: string, config: BackendConfig): boolean {
  if (!origin) return false;
  if (config.corsAnyOrigin || config.corsOrigins.includes(origin)) return true;
  if (!config.corsAnyLocalhost) return false;
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

async function verifyCaptcha(config: BackendConfig, token: string): Promise<boolean> {
  try {
    const response = await fetch(config.captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.captcha.secret ?? '', response: token }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}
