/** Checking a body against its schema, for callers that do not speak zod (the account remote's client). */
import type * as z from 'zod/mini';

/** Any schema of this package. */
export type WireSchema = z.ZodMiniType;
/** What a schema yields. */
export type Parsed<S extends WireSchema> = z.output<S>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

const MAX_REPORTED = 3;

/** The JSON type of the value at `path` in `body`, for "expected …, got …". */
function typeAt(body: unknown, path: readonly PropertyKey[]): string {
  let value = body;
  for (const key of path) {
    if (!value || typeof value !== 'object') return 'nothing';
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function describe(issue: z.core.$ZodIssue, body: unknown): string {
  const where = issue.path.length ? issue.path.map(String).join('.') : 'the body';
  switch (issue.code) {
    case 'invalid_type':
      return `${where}: expected ${issue.expected}, got ${typeAt(body, issue.path)}`;
    case 'invalid_union':
      return `${where}: none of the allowed types (got ${typeAt(body, issue.path)})`;
    default:
      return `${where}: ${issue.code}`;
  }
}

/**
 * Parses `body` with `schema`. A mismatch is described in one line naming the first few paths and what
 * was expected there, e.g. `user.profile: expected object, got string` (never the values themselves:
 * they may be tokens or encrypted names).
 */
export function parseWire<S extends WireSchema>(schema: S, body: unknown): ParseResult<Parsed<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues;
  const listed = issues.slice(0, MAX_REPORTED).map((issue) => describe(issue, body));
  if (issues.length > MAX_REPORTED) listed.push(`${issues.length - MAX_REPORTED} more`);
  return { ok: false, problem: listed.join('; ') };
}
