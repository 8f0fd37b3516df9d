/**
 * Reads one object of the format against its field table: reports unknown and missing fields, parses
 * every present field with its zod schema, and returns the values that parsed. A field that fails is
 * reported and left out, so that the caller can fall back to the default and keep going.
 */
import type { z } from 'zod';
import type { IssueSink } from './IssueSink';
import type { FieldPath } from './fieldPath';
import { reportZodIssues } from './reportZodIssues';
import { describeValue, type FieldTable } from './schema';
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
    const result = (table[key] as z.ZodType).safeParse(value, { reportInput: true });
    if (result.success) out[key] = result.data;
    else reportZodIssues(result.error.issues, [...path, key], sink);
  }
  for (const key of options.required ?? []) {
    if (raw[key] === null || raw[key] === undefined) {
      sink.report('missing-field', [...path, key], `required field ${JSON.stringify(key)} is missing`);
    }
  }
  return out as FieldValues<T>;
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
