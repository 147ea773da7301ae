import type { Queryable } from './db';

/**
 * Where fixed-window request counters live. Every instance of the account server on one database
 * shares them, so N instances allow the configured rate once (not N times) and a restart keeps them.
 */
export interface RateLimitStore {
  /**
   * Counts `weight` hits (one request, or each item it reports) of `client` in `bucket`, in a window
   * of `windowMs` that starts with the first hit; returns the seconds to wait when over `limit`, else 0.
   */
  hit(bucket: string, client: string, limit: number, windowMs: number, weight?: number): Promise<number>;
}

/**
 * Counters in the `rate_limits` table: one atomic upsert per hit (the row lock orders concurrent hits
 * from any instance), times from the database's clock so instances with drifting clocks agree. Ended
 * windows are deleted by the server's hourly cleanup (index.ts).
 */
export class DbRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Queryable) {}

  async hit(bucket: string, client: string, limit: number, windowMs: number, weight = 1): Promise<number> {
    const { rows } = await this.db.query<{ hits: string | number; wait_ms: string | number }>(
      `INSERT INTO rate_limits AS r (bucket, client, hits, reset_at)
         VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
       ON CONFLICT (bucket, client) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN EXCLUDED.hits ELSE r.hits + EXCLUDED.hits END,
         reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
       RETURNING hits, EXTRACT(EPOCH FROM (reset_at - now())) * 1000 AS wait_ms`,
      [bucket, client, weight, windowMs],
    );
    const row = rows[0]!;
    return Number(row.hits) > limit ? Math.max(1, Math.ceil(Number(row.wait_ms) / 1000)) : 0;
  }
}
