/**
 * What the route groups share, made once per app: the database, configuration, metrics, rate limits,
 * authentication (with the session cache of an embedded database) and session revocation.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { verifyToken } from './auth';
import type { BackendConfig } from './config';
import type { Db } from './db';
import { ApiError, type Auth, type Env } from './http';
import { Metrics } from './metrics';
import { DbRateLimitStore, type RateLimitStore } from './ratelimit';
import type { SessionRow } from './rows';

export interface AppDeps {
  db: Db;
  config: BackendConfig;
  log: (line: string) => void;
}

export type Bucket =
  'registerStart' | 'registerComplete' | 'loginStart' | 'loginComplete' | 'progressImport' | 'providerMetrics' | 'captchaMetrics';

export type RouteContext = ReturnType<typeof createRouteContext>;

export function createRouteContext({ db, config, log }: AppDeps) {
  const metrics = new Metrics();
  /** Rate-limit windows in the database, shared by every instance on it. */
  const limits: RateLimitStore = new DbRateLimitStore(db);
  const bumpAfterMs = Math.min(60_000, config.sessionIdleMs / 100);
  /**
   * Sessions seen, so most requests need no lookup. Only with PGlite, whose database belongs to this
   * process alone: every revocation goes through here and clears the cache. With a PostgreSQL server
   * other instances may revoke sessions, so each request reads the row.
   */
  const sessions = db.kind === 'pglite' ? new Map<string, { userId: string; accessedAt: number; expiresAt: number }>() : undefined;
  let revocations = 0;
  const revoke = (match: (id: string, userId: string) => boolean) => {
    revocations++;
    if (sessions) for (const [id, s] of sessions) if (match(id, s.userId)) sessions.delete(id);
  };

  const authenticate = async (c: Context<Env>): Promise<Auth> => {
    const header = c.req.header('authorization');
    if (header === undefined) throw new ApiError(401, 'Not logged in');
    // Exactly "Bearer <token>": anything after the token makes the header malformed, not ignored.
    const match = /^bearer +([A-Za-z0-9_.-]+)$/i.exec(header.trim());
    const token = match?.[1];
    if (!token) throw new ApiError(400, 'Invalid authentication');
    const sessionId = await verifyToken(token, config.jwtSecret);
    if (!sessionId) throw new ApiError(400, 'Invalid authentication');
    let session = sessions?.get(sessionId);
    if (!session) {
      const generation = revocations;
      const { rows } = await db.query<SessionRow>('SELECT user_id, accessed_at, expires_at FROM sessions WHERE id = $1', [sessionId]);
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
  /**
   * Counts a request (or `weight` reported items) against its bucket; 429 when over. Metrics buckets have
   * their own window (300 per 30 min, as upstream).
   */
  const rateLimit = async (c: Context<Env>, bucket: Bucket, weight = 1): Promise<void> => {
    if (!config.rateLimits.enabled) return;
    const metricsBucket = bucket === 'providerMetrics' || bucket === 'captchaMetrics';
    const windowMs = metricsBucket ? config.rateLimits.metricsWindowMs : config.rateLimits.windowMs;
    const retryAfter = await limits.hit(bucket, clientOf(c), config.rateLimits[bucket], windowMs, weight);
    if (retryAfter) throw new ApiError(429, 'Ratelimited', { 'retry-after': String(retryAfter) });
  };

  return {
    db,
    config,
    log,
    metrics,
    requireAuth,
    requireSelf,
    rateLimit,
    revoke,
    close: () => {
      metrics.close();
    },
  };
}
