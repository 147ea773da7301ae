/** HTTP pieces every route group shares: the request's auth slot, errors the client is told, body and parameter validation. */
import type { Context } from 'hono';
import * as v from 'valibot';
import { wireIssues, type WireIssue } from './issues';
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
  constructor(readonly issues: WireIssue[]) {
    super('validation');
  }
}

export const READ = 'Cannot access other user information';
export const WRITE = 'Cannot modify user other than yourself';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text the database can store: NUL characters removed (PostgreSQL text and jsonb refuse them) and lone
 * surrogates replaced by U+FFFD (jsonb refuses them, and they are not Unicode text anyway).
 */
const NUL = String.fromCharCode(0);
export const wellFormed = (text: string): string =>
  text.includes(NUL) || /[\ud800-\udfff]/.test(text) ? text.split(NUL).join('').replace(LONE_SURROGATE, '\ufffd') : text;

/** No body of the contract nests deeper than 4; beyond this a body is refused before anything walks it. */
const MAX_DEPTH = 32;

/** A parsed JSON value with every string (keys too) made well-formed; 400 when nested deeper than MAX_DEPTH. */
function wellFormedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new ApiError(400, 'Request body is nested too deeply');
  if (Array.isArray(value)) return value.map((item) => wellFormedValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormedValue(item, depth + 1)]));
}

/** The `:tmdbid` path parameter, made well-formed and validated. */
export function tmdbParam(c: Context<Env>): string {
  const raw = c.req.param('tmdbid');
  const result = v.safeParse(S.TmdbIdParam, raw === undefined ? raw : wellFormed(raw));
  if (!result.success) throw new ValidationError(wireIssues(result.issues, ['tmdbId']));
  return result.output;
}

/** Reads and validates a JSON body; a missing body is null (as upstream), which object schemas refuse. */
export async function parseBody<T extends v.GenericSchema>(c: Context<Env>, schema: T): Promise<v.InferOutput<T>> {
  const raw = await c.req.text();
  let value: unknown = null;
  if (raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'Request body is not valid JSON');
    }
  }
  const result = v.safeParse(schema, wellFormedValue(value));
  if (!result.success) throw new ValidationError(wireIssues(result.issues));
  return result.output;
}
