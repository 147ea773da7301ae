/** Request parameters as TMDB reads them, and the errors TMDB answers with when they are wrong. */
import type { Context } from 'hono';
import type { Movie } from './data';
import { ERROR_404, ERROR_APPEND, ERROR_PAGE, MAX_PAGE, type JsonObject } from './tmdb';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    readonly body: JsonObject,
  ) {
    super(typeof body.status_message === 'string' ? body.status_message : '');
  }
}

export const notFound = (): HttpError => new HttpError(404, ERROR_404);

export function pageParam(c: Context): number {
  const raw = c.req.query('page');
  if (raw === undefined || raw === '') return 1;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw new HttpError(400, ERROR_PAGE);
  return page;
}

export function appendParam(c: Context): string[] {
  const raw = c.req.query('append_to_response');
  if (!raw) return [];
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > 20) throw new HttpError(400, ERROR_APPEND);
  return parts;
}

export const includeAdult = (c: Context): boolean => c.req.query('include_adult') === 'true';
export const today = (): string => new Date().toISOString().slice(0, 10);
export const released = (m: Movie): boolean => Boolean(m.releaseDate) && m.releaseDate <= today();
