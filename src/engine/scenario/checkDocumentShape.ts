/**
 * Limits that hold anywhere in a document, checked in one pass before any field is read: nesting depth,
 * key length and string length (docs/scenario-format.md §10). The walk is iterative, so a document nested
 * thousands deep (possible from JSON) is refused, not a stack overflow.
 */
import type { IssueSink } from './IssueSink';
import type { FieldPath } from './fieldPath';
import { MAX_DESCRIPTION_LENGTH, MAX_KEY_LENGTH, MAX_NESTING, MAX_STRING_LENGTH } from './limits';

/** A value to visit; its path is rebuilt from the parents only when something is reported (issue 13). */
interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number;
  depth: number;
}

function pathOf(visit: Visit): FieldPath {
  const path: (string | number)[] = [];
  for (let v: Visit | null = visit; v !== null && v.parent !== null; v = v.parent) path.push(v.key);
  return path.reverse();
}

function maxLength(visit: Visit): number {
  return visit.depth === 1 && visit.key === 'description' ? MAX_DESCRIPTION_LENGTH : MAX_STRING_LENGTH;
}

/**
 * Reports every violation (at most one per value); returns false when there was any. Values are visited
 * depth first in document order; numbers, booleans, null and strings within bounds are checked without a
 * visit of their own, which changes nothing that is reported nor its order.
 */
export function checkDocumentShape(doc: Record<string, unknown>, sink: IssueSink): boolean {
  const before = sink.errors.length;
  const stack: Visit[] = [{ value: doc, parent: null, key: '', depth: 0 }];
  const push = (value: unknown, parent: Visit, key: string | number): void => {
    if (typeof value === 'string') {
      const visit: Visit = { value, parent, key, depth: parent.depth + 1 };
      if (value.length > maxLength(visit)) stack.push(visit);
    } else if (typeof value === 'object' && value !== null) {
      stack.push({ value, parent, key, depth: parent.depth + 1 });
    }
  };
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const value = item.value;
    if (typeof value === 'string') {
      const max = maxLength(item);
      sink.report('too-large', pathOf(item), `at most ${max} characters, got ${value.length}`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (item.depth >= MAX_NESTING) {
      sink.report('too-large', pathOf(item), `lists and mappings nest at most ${MAX_NESTING} levels deep`);
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) push(value[i], item, i);
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      if (key.length > MAX_KEY_LENGTH) {
        // The key itself is not put in the path: it is the thing that is too long to print.
        sink.report(
          'too-large',
          pathOf(item),
          `a key is ${key.length} characters long; keys are at most ${MAX_KEY_LENGTH}`,
        );
        continue;
      }
      push((value as Record<string, unknown>)[key], item, key);
    }
  }
  return sink.errors.length === before;
}
