/** Checking a body against its schema, in one line a person can read when it does not match. */
import * as v from 'valibot';
import { isNotObject } from './record';

/** Any schema of this package. */
export type WireSchema = v.GenericSchema;
/** What a schema yields. */
export type Parsed<S extends WireSchema> = v.InferOutput<S>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

const MAX_REPORTED = 3;

/** The JSON type of a value, for "expected …, got …" (never the value: it may be a token or an encrypted name). */
export function jsonType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** The keys from the body's root to where the issue is. */
export function issuePath(issue: v.BaseIssue<unknown>): (string | number)[] {
  return (issue.path ?? []).map((item) => item.key as string | number);
}

/** True when the issue is a required key the object does not have. */
export function isMissingKey(issue: v.BaseIssue<unknown>): boolean {
  return issue.path?.at(-1)?.origin === 'key';
}

/** Types a schema issue can name; other schemas (a union, a list of options) are described by their kind. */
const TYPES = new Set(['object', 'array', 'string', 'number', 'boolean']);

function describe(issue: v.BaseIssue<unknown>): string {
  const path = issuePath(issue);
  const where = path.length ? path.map(String).join('.') : 'the body';
  if (isMissingKey(issue)) return `${where}: missing`;
  if (isNotObject(issue)) return `${where}: expected object, got ${jsonType(issue.input)}`;
  if (issue.kind === 'schema' && TYPES.has(issue.type)) return `${where}: expected ${issue.type}, got ${jsonType(issue.input)}`;
  if (issue.type === 'union') return `${where}: none of the allowed types (got ${jsonType(issue.input)})`;
  return `${where}: ${issue.type.replaceAll('_', ' ')}`;
}

/**
 * Parses `body` with `schema`. A mismatch is described in one line naming the first few paths and what
 * was expected there, e.g. `user.profile: expected object, got string` (never the values themselves:
 * they may be tokens or encrypted names).
 */
export function parseWire<S extends WireSchema>(schema: S, body: unknown): ParseResult<Parsed<S>> {
  const result = v.safeParse(schema, body);
  if (result.success) return { ok: true, value: result.output };
  const issues = result.issues;
  const listed = issues.slice(0, MAX_REPORTED).map(describe);
  if (issues.length > MAX_REPORTED) listed.push(`${issues.length - MAX_REPORTED} more`);
  return { ok: false, problem: listed.join('; ') };
}
