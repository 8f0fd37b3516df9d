/** Field paths inside a scenario document, as segments and as text (`jobs[0].tasks[1].node`). */

/** A mapping key or a list index. */
export type PathSegment = string | number;
/** Segments from the document root, e.g. `['jobs', 0, 'tasks', 1, 'node']`. */
export type FieldPath = readonly PathSegment[];

// Keys that can be written after a dot without ambiguity. Anything else (names are data and may contain
// dots, spaces or quotes) is written as a quoted bracket segment, so the text always maps back to one path.
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Renders a path as `queues[3].parent`; keys that are not plain identifiers become `["a.b"]`. */
export function formatFieldPath(path: FieldPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Quotes a name from the scenario for a message (JSON quoting keeps odd characters visible). */
export function quote(name: string): string {
  return JSON.stringify(name);
}

/** `a, b, c`: a readable list of names for messages. */
export function listNames(names: readonly string[]): string {
  if (names.length === 0) return '(none)';
  return names.join(', ');
}
