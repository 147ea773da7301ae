/** HTTP pieces every route group shares: the request's auth slot, errors the client is told, body and parameter validation. */
import type { Context } from 'hono';
import type { z } from 'zod';
import * as S from './schemas';

export interface Auth {
  sessionId: string;
  userId: string;
}
export type Env = { Variables: { auth: Auth | undefined } };

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

export class ValidationError extends Error {
  constructor(readonly issues: unknown[]) {
    super('validation');
  }
}

export const READ = 'Cannot access other user information';
export const WRITE = 'Cannot modify user other than yourself';

/** The `:tmdbid` path parameter, validated. */
export function tmdbParam(c: Context<Env>): string {
  const result = S.TmdbIdParam.safeParse(c.req.param('tmdbid'));
  if (!result.success) throw new ValidationError(result.error.issues.map((i) => ({ ...i, path: ['tmdbId'] })));
  return result.data;
}

/** Reads and validates a JSON body; a missing body is null (as upstream), which object schemas refuse. */
export async function parseBody<T extends z.ZodType>(c: Context<Env>, schema: T): Promise<z.output<T>> {
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
