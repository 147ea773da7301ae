/**
 * Structural comparison of JSON documents (used by the contract tests against real TMDB captures):
 * same keys, same value types, recursively. `null` on either side matches any type (TMDB fields are
 * nullable); arrays compare each of our elements with the union of the reference's elements, grouped
 * by `media_type` when the elements carry one.
 */

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';
const kindOf = (value: unknown): Kind => (value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind));

interface Merged {
  /** Values seen at this key across the reference's elements. */
  values: unknown[];
  /** How many elements had the key. */
  count: number;
}

/** Merges the reference's array elements (objects) into per-key sample lists. */
function mergeObjects(elements: Record<string, unknown>[]): { keys: Map<string, Merged>; total: number } {
  const keys = new Map<string, Merged>();
  for (const element of elements)
    for (const [key, value] of Object.entries(element)) {
      const merged = keys.get(key) ?? { values: [], count: 0 };
      merged.values.push(value);
      merged.count += 1;
      keys.set(key, merged);
    }
  return { keys, total: elements.length };
}

export interface CompareOptions {
  /** Paths (as reported, `[]` for array elements) of keys we may have that the reference lacks. */
  allowExtra?: string[];
  /** Paths of reference keys we deliberately do not produce. */
  allowMissing?: string[];
}

/** Returns a list of differences; empty when ours has the reference's structure. */
export function compareShape(ours: unknown, reference: unknown, options: CompareOptions = {}, at = '$'): string[] {
  const ko = kindOf(ours);
  const kr = kindOf(reference);
  if (ko === 'null' || kr === 'null') return [];
  if (ko !== kr) return [`${at}: type ${ko}, reference has ${kr}`];
  if (ko === 'array') return compareArrays(ours as unknown[], reference as unknown[], options, at);
  if (ko !== 'object') return [];
  return compareObjects(ours as Record<string, unknown>, [reference as Record<string, unknown>], options, at);
}

/** Compares an object with the union of several reference objects (keys missing from some are optional). */
export function compareShapeUnion(
  ours: Record<string, unknown>,
  references: Record<string, unknown>[],
  options: CompareOptions = {},
  at = '$',
): string[] {
  return compareObjects(ours, references, options, at);
}

function compareObjects(
  ours: Record<string, unknown>,
  references: Record<string, unknown>[],
  options: CompareOptions,
  at: string,
): string[] {
  const { keys, total } = mergeObjects(references);
  const errors: string[] = [];
  for (const [key, merged] of keys) {
    const where = `${at}.${key}`;
    if (!(key in ours)) {
      // A key only some reference elements have is optional.
      if (merged.count === total && !options.allowMissing?.includes(where)) errors.push(`${where}: missing`);
      continue;
    }
    const value = ours[key];
    const typed = merged.values.filter((v) => v !== null);
    if (value === null || typed.length === 0) continue;
    const kinds = new Set(typed.map(kindOf));
    if (!kinds.has(kindOf(value))) {
      errors.push(`${where}: type ${kindOf(value)}, reference has ${[...kinds].join('|')}`);
      continue;
    }
    if (kindOf(value) === 'object') {
      errors.push(
        ...compareObjects(
          value as Record<string, unknown>,
          typed.filter((v) => kindOf(v) === 'object') as Record<string, unknown>[],
          options,
          where,
        ),
      );
    } else if (kindOf(value) === 'array') {
      const samples = (typed.filter((v) => Array.isArray(v)) as unknown[][]).flat();
      errors.push(...compareArrays(value as unknown[], samples, options, where));
    }
  }
  for (const key of Object.keys(ours)) {
    const where = `${at}.${key}`;
    if (!keys.has(key) && !options.allowExtra?.includes(where)) errors.push(`${where}: not in the reference`);
  }
  return errors;
}

function compareArrays(ours: unknown[], reference: unknown[], options: CompareOptions, at: string): string[] {
  if (ours.length === 0 || reference.length === 0) return [];
  const where = `${at}[]`;
  const refObjects = reference.filter((v) => kindOf(v) === 'object') as Record<string, unknown>[];
  const errors = new Set<string>();
  for (const element of ours) {
    if (kindOf(element) !== 'object') {
      const kinds = new Set(reference.filter((v) => v !== null).map(kindOf));
      if (element !== null && kinds.size && !kinds.has(kindOf(element)))
        errors.add(`${where}: type ${kindOf(element)}, reference has ${[...kinds].join('|')}`);
      continue;
    }
    if (refObjects.length === 0) {
      errors.add(`${where}: object, reference has ${kindOf(reference[0])}`);
      continue;
    }
    const obj = element as Record<string, unknown>;
    let group = refObjects;
    if (typeof obj.media_type === 'string' && refObjects.some((r) => 'media_type' in r)) {
      group = refObjects.filter((r) => r.media_type === obj.media_type);
      if (group.length === 0) {
        errors.add(`${where}: media_type ${obj.media_type} has no reference element`);
        continue;
      }
    }
    for (const error of compareObjects(obj, group, options, where)) errors.add(error);
  }
  return [...errors];
}
