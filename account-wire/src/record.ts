import * as v from 'valibot';

const isRecord = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object schema that refuses arrays: valibot's own `object` takes `[]` for an object whose keys are
 * all optional, so garbage like `[]` for the settings would read as "never set". Unknown keys are
 * stripped. A value that is not an object gives an issue of type `custom` (see `isNotObject`).
 */
export function record<const E extends v.ObjectEntries>(entries: E) {
  const shape = v.object(entries);
  return Object.assign(v.pipe(v.custom<v.InferInput<typeof shape>>(isRecord, 'Invalid type: Expected Object'), shape), { entries });
}

/** True for the issue `record` gives a value that is not an object. */
export const isNotObject = (issue: v.BaseIssue<unknown>): boolean => issue.type === 'custom' && !isRecord(issue.input);
