/**
 * A body that does not match its schema is answered as upstream answers it: 400
 * `{errorType:"validation", errors}` where each error has upstream's `code`, `path` and English
 * `message` (upstream validates with zod 3; clients may read the code and show the message). Messages
 * name types and limits, never the values sent.
 */
import type * as v from 'valibot';
import { isMissingKey, isNotObject, issuePath, jsonType } from 'account-wire';

export interface WireIssue {
  code: string;
  path: (string | number)[];
  message: string;
}

const TYPES = new Set(['object', 'array', 'string', 'number', 'boolean']);

function describe(issue: v.BaseIssue<unknown>): Omit<WireIssue, 'path'> {
  const received = jsonType(issue.input) === 'nothing' ? 'undefined' : jsonType(issue.input);
  if (isMissingKey(issue)) return { code: 'invalid_type', message: 'Required' };
  if (isNotObject(issue)) return { code: 'invalid_type', message: `Expected object, received ${received}` };
  if (issue.kind === 'schema' && TYPES.has(issue.type))
    return { code: 'invalid_type', message: `Expected ${issue.type}, received ${received}` };
  const noun = typeof issue.input === 'string' ? 'String' : Array.isArray(issue.input) ? 'Array' : 'Number';
  const unit = noun === 'String' ? ' character(s)' : noun === 'Array' ? ' element(s)' : '';
  switch (issue.type) {
    case 'picklist':
      return {
        code: 'invalid_enum_value',
        message: `Invalid enum value. Expected ${issue.expected?.replace(/^\((.*)\)$/, '$1').replaceAll('"', "'")}`,
      };
    case 'union':
      return { code: 'invalid_union', message: 'Invalid input' };
    case 'integer':
      return { code: 'invalid_type', message: 'Expected integer, received float' };
    case 'iso_timestamp':
      return { code: 'invalid_string', message: 'Invalid datetime' };
    case 'max_length':
      return { code: 'too_big', message: `${noun} must contain at most ${String(issue.requirement)}${unit}` };
    case 'min_length':
      return { code: 'too_small', message: `${noun} must contain at least ${String(issue.requirement)}${unit}` };
    case 'max_value':
      return { code: 'too_big', message: `Number must be less than or equal to ${String(issue.requirement)}` };
    case 'min_value':
      return { code: 'too_small', message: `Number must be greater than or equal to ${String(issue.requirement)}` };
    default:
      return { code: 'custom', message: 'Invalid input' };
  }
}

/** The issues of one failed parse as the wire carries them. */
export function wireIssues(issues: readonly v.BaseIssue<unknown>[], path?: (string | number)[]): WireIssue[] {
  return issues.map((issue) => ({ ...describe(issue), path: path ?? issuePath(issue) }));
}
