/**
 * Lines for the fast reading of block YAML (readYamlFast): the located reading's line and column of a path
 * that ends at a mapping item of a sequence (a lesson step, `lesson[3]`), from the item starts the fast
 * reader recorded. Any other path is not answered (null), and the caller then reads the text the full way.
 *
 * Why: a lesson step keeps its source line (the editor's "step 3, line 41"), so every lesson used to take the
 * yaml package's located reading, about 100 ms of the worker's 230 ms for opening lca-1 (decision 0381).
 */
import type { FieldPath } from './fieldPath';
import type { ItemStarts } from './readYamlFast';

/** Line and column (both from 1), as the yaml package's `LineCounter.linePos` gives them. */
export interface Position {
  line: number;
  column: number;
}

/**
 * A locator over `data` read from `text` by `readYamlFast(text, starts)`: the position of a path to a mapping
 * item of a sequence, or null (with `unanswered` called) for any other path.
 */
export function createFastLocator(
  text: string,
  data: unknown,
  starts: ItemStarts,
  unanswered: () => void,
): (path: FieldPath) => Position | null {
  let lineStarts: number[] | null = null;
  return (path) => {
    const offset = itemOffset(data, path, starts);
    if (offset === null) {
      unanswered();
      return null;
    }
    lineStarts ??= startsOfLines(text);
    return positionOf(lineStarts, offset);
  };
}

/** The recorded start of the sequence item `path` leads to, or null. */
function itemOffset(data: unknown, path: FieldPath, starts: ItemStarts): number | null {
  let node: unknown = data;
  let offset: number | null = null;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') {
      const at = starts.get(node)?.[segment];
      offset = at !== undefined && at >= 0 ? at : null;
      node = node[segment];
    } else if (
      node !== null &&
      typeof node === 'object' &&
      !Array.isArray(node) &&
      Object.hasOwn(node, String(segment))
    ) {
      offset = null;
      node = (node as Record<string, unknown>)[String(segment)];
    } else {
      return null;
    }
  }
  return offset;
}

/** The offset at which each line begins (the text has LF line breaks only: lineBreaks.ts). */
function startsOfLines(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

function positionOf(lineStarts: readonly number[], offset: number): Position {
  // The last line start at or before `offset`.
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
}
