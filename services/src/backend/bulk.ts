/**
 * Bulk writes that share the database fairly (one heavy user must not stall everyone): a list is written
 * in chunks of multi-row statements, each its own statement (no transaction around the whole list), so
 * other users' requests run between the chunks instead of waiting for thousands of single-row writes.
 * Each row is written with "newer wins" (or "further wins" for imported progress), so a list cut short
 * by a failure can simply be sent again.
 */
import { ApiError } from './http';
import type { Queryable } from './db';

/** Rows per statement: big enough to amortise a round trip, small enough that other users' writes get in between. */
export const CHUNK = 250;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The last item per key wins where `better(a, b)` says b is not worse; keeps first-seen order of keys. */
export function dedupe<T>(items: readonly T[], key: (item: T) => string, better: (current: T, next: T) => boolean): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const current = byKey.get(k);
    if (!current || better(current, item)) byKey.set(k, item);
  }
  return [...byKey.values()];
}

/**
 * 413 when writing `keys` would take the account past `max` rows of `table`: counts its rows and how
 * many of `keys` it has already (`keyExpr` is the row's key as text, `keys` the same for the new rows).
 */
export async function checkRowLimit(
  db: Queryable,
  table: 'bookmarks' | 'progress_items',
  keyExpr: string,
  userId: string,
  keys: readonly string[],
  max: number,
  what: string,
): Promise<void> {
  const { rows } = await db.query<{ total: number; existing: number }>(
    `SELECT (SELECT count(*) FROM ${table} WHERE user_id = $1)::int AS total,
            (SELECT count(*) FROM ${table} WHERE user_id = $1 AND ${keyExpr} IN (SELECT jsonb_array_elements_text($2::jsonb)))::int AS existing`,
    [userId, JSON.stringify(keys)],
  );
  const { total, existing } = rows[0] ?? { total: 0, existing: 0 };
  if (total + keys.length - existing > max) throw new ApiError(413, `Too many ${what}: an account keeps at most ${max}`);
}
