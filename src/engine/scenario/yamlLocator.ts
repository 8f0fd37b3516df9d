/**
 * Maps field paths back to YAML source positions, so that every issue can name its line.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Document,
  type LineCounter,
  type Pair,
  type Range,
  type YAMLMap,
} from 'yaml';
import type { FieldPath } from './fieldPath';
import type { Locator } from './IssueSink';

/**
 * Builds a locator over a parsed YAML document. A path that does not exist in the document (a missing
 * field) resolves to its nearest existing ancestor, so "field missing" errors point at the object that
 * lacks it. A mapping key resolves to the line of the key, which is where a reader looks for the field
 * even when its value is a block below it.
 *
 * Each mapping's keys are indexed the first time a path goes through it, so that locating every key of a
 * 20,000-key mapping (one issue per unknown key) is linear, not a scan of the mapping per issue.
 */
export function createYamlLocator(doc: Document, lineCounter: LineCounter): Locator {
  const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();
  const pairOf = (map: YAMLMap, segment: string | number): Pair | undefined => {
    let index = indexes.get(map);
    if (index === undefined) {
      index = new Map();
      // The first pair of a key wins, as `items.find` did (a repeated key is a syntax error anyway).
      for (const p of map.items) {
        if (!isScalar(p.key)) continue;
        const key = String(p.key.value);
        if (!index.has(key)) index.set(key, p);
      }
      indexes.set(map, index);
    }
    return index.get(String(segment));
  };
  return (path: FieldPath) => {
    let node: unknown = doc.contents;
    let best: Range | null | undefined = rangeOf(node);
    for (const segment of path) {
      if (isAlias(node)) node = node.resolve(doc);
      if (isMap(node)) {
        const pair = pairOf(node, segment);
        if (pair === undefined) break;
        best = rangeOf(pair.key) ?? rangeOf(pair.value) ?? best;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item: unknown = node.items[segment];
        if (item === undefined) break;
        best = rangeOf(item) ?? best;
        node = item;
      } else {
        break;
      }
    }
    if (best === null || best === undefined) return null;
    const pos = lineCounter.linePos(best[0]);
    return { line: pos.line, column: pos.col };
  };
}

function rangeOf(node: unknown): Range | null | undefined {
  if (typeof node !== 'object' || node === null || !('range' in node)) return undefined;
  return (node as { range?: Range | null }).range;
}
