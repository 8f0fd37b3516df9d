/**
 * Limits that hold anywhere in a document, checked in one pass before any field is read: nesting depth,
 * key length and string length (docs/scenario-format.md §10). The walk is iterative, so a document nested
 * thousands deep (possible from JSON) is refused, not a stack overflow.
 */
import type { IssueSink } from './IssueSink';
import type { FieldPath } from './fieldPath';
import { MAX_DESCRIPTION_LENGTH, MAX_KEY_LENGTH, MAX_NESTING, MAX_STRING_LENGTH } from './limits';

/** Reports every violation (at most one per value); returns false when there was any. */
export function checkDocumentShape(doc: Record<string, unknown>, sink: IssueSink): boolean {
  const before = sink.errors.length;
  const stack: { value: unknown; path: FieldPath }[] = [{ value: doc, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      const max = path.length === 1 && path[0] === 'description' ? MAX_DESCRIPTION_LENGTH : MAX_STRING_LENGTH;
      if (value.length > max)
        sink.report('too-large', path, `at most ${max} characters, got ${value.length}`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_NESTING) {
      sink.report('too-large', path, `lists and mappings nest at most ${MAX_NESTING} levels deep`);
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      if (key.length > MAX_KEY_LENGTH) {
        // The key itself is not put in the path: it is the thing that is too long to print.
        sink.report(
          'too-large',
          path,
          `a key is ${key.length} characters long; keys are at most ${MAX_KEY_LENGTH}`,
        );
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return sink.errors.length === before;
}
