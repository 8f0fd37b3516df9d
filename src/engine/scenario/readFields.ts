/**
 * Reads one object of the format against its field table: reports unknown and missing fields, parses
 * every present field with its zod schema, and returns the values that parsed. A field that fails is
 * reported and left out, so that the caller can fall back to the default and keep going.
 */
import type { z } from 'zod';
import type { IssueSink } from './IssueSink';
import type { FieldPath } from './fieldPath';
import { reportZodIssues } from './reportZodIssues';
import { describeValue, nameSchema, nested, type FieldTable } from './schema';
import { MAX_NAME_LENGTH } from './limits';
import { suggest } from './suggest';

/** The parsed values of a field table; a key is absent when the field was absent, null or invalid. */
export type FieldValues<T extends FieldTable> = { [K in keyof T]?: z.output<T[K]> };

/** How {@link readFields} treats keys. */
export interface ReadOptions {
  /** Fields that must be present (reported as missing otherwise). */
  required?: readonly string[];
  /** Keys outside the table that the caller handles itself (plugin flags, `x-` fields, event kinds). */
  isExtraKey?: (key: string) => boolean;
  /** What the object is, for the "expected a mapping" message, e.g. "a queue". */
  what?: string;
}

/** True for a plain object (a YAML mapping), as opposed to a list, a scalar or a class instance. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Reads `raw` (expected to be a mapping) at `path` against `table`. Returns null (after reporting) when
 * `raw` is not a mapping. YAML `key:` with no value (null) counts as absent.
 */
export function readFields<T extends FieldTable>(
  raw: unknown,
  path: FieldPath,
  table: T,
  sink: IssueSink,
  options: ReadOptions = {},
): FieldValues<T> | null {
  if (!isMapping(raw)) {
    sink.report('wrong-type', path, `expected ${options.what ?? 'a mapping'}, got ${describeValue(raw)}`);
    return null;
  }
  const known = Object.keys(table);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(table, key)) {
      if (options.isExtraKey?.(key) !== true) reportUnknownField(key, known, path, sink);
      continue;
    }
    if (value === null || value === undefined) continue;
    const schema = table[key] as z.ZodType;
    // The two schemas most fields use, checked without zod (same acceptance): `nested` (z.unknown(),
    // read by the caller) passes any value through, and a name is any non-empty string within the limit.
    if (schema === nested || (schema === nameSchema && isPlainName(value))) {
      out[key] = value;
      continue;
    }
    const cached =
      typeof value === 'object' || Object.is(value, -0) ? undefined : parsedScalars.get(schema)?.get(value);
    if (cached !== undefined) {
      out[key] = cached.value;
      continue;
    }
    const result = schema.safeParse(value, { reportInput: true });
    if (result.success) {
      out[key] = result.data;
      rememberScalar(schema, value, result.data);
    } else reportZodIssues(result.error.issues, [...path, key], sink);
  }
  for (const key of options.required ?? []) {
    if (raw[key] === null || raw[key] === undefined) {
      sink.report('missing-field', [...path, key], `required field ${JSON.stringify(key)} is missing`);
    }
  }
  return out as FieldValues<T>;
}

function isPlainName(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 1 && value.length <= MAX_NAME_LENGTH;
}

/**
 * Valid scalar values already parsed, per schema: a 33,000-job file repeats the same queue names,
 * classes, durations and requests thousands of times, and a zod parse costs microseconds each (issue 13:
 * readFields was most of normalisation). A schema's parse of a scalar is a pure function of it, so a
 * remembered result is the result; only scalar outputs are kept (an object could be changed by a caller),
 * and at most {@link MAX_REMEMBERED} values per schema, so unique names do not grow it without bound.
 */
const parsedScalars = new WeakMap<z.ZodType, Map<unknown, { value: unknown }>>();
const MAX_REMEMBERED = 4096;

function rememberScalar(schema: z.ZodType, value: unknown, data: unknown): void {
  if (typeof value === 'object' || Object.is(value, -0) || (typeof data === 'object' && data !== null))
    return;
  let memo = parsedScalars.get(schema);
  if (!memo) {
    memo = new Map();
    parsedScalars.set(schema, memo);
  }
  if (memo.size < MAX_REMEMBERED) memo.set(value, { value: data });
}

function reportUnknownField(key: string, known: readonly string[], path: FieldPath, sink: IssueSink): void {
  const guess = suggest(key, known);
  sink.report(
    'unknown-field',
    [...path, key],
    `unknown field ${JSON.stringify(key)} (known fields: ${known.join(', ')})`,
    guess === null ? undefined : `Did you mean ${JSON.stringify(guess)}?`,
  );
}
