/**
 * Repeated mapping keys, found in one pass. The `yaml` package's own `uniqueKeys` check compares each
 * key with every earlier key of its mapping (`mapIncludes` is `items.some(...)`), which is quadratic: a
 * node with 20,000 labels took seconds to parse. This check keeps a set per mapping instead and reports
 * what `uniqueKeys: true` reports (same message, at the repeated key).
 */
import { isMap, isPair, isScalar, isSeq, type Document, type Pair, type Range } from 'yaml';

/** A repeated key: the offset of the repeated occurrence in the text. */
export interface DuplicateKey {
  offset: number;
  message: string;
}

/**
 * Every repeated scalar key in every mapping of `doc`, in document order. Walks the tree with an explicit
 * stack, depth first, each mapping before its keys and values as the yaml package's `visit` does (whose
 * per-node path bookkeeping cost seconds on a 33,000-job file, issue 13).
 */
export function findDuplicateKeys(doc: Document): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key: unknown = pair.key;
        // The yaml package compares scalar keys by value with `===`; NaN never equals itself there.
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        if (seen.has(key.value)) {
          const range: Range | null | undefined = key.range;
          found.push({ offset: range?.[0] ?? 0, message: 'Map keys must be unique' });
        } else {
          seen.add(key.value);
        }
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i] as Pair;
        stack.push(pair.value, pair.key);
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    } else if (isPair(node)) {
      stack.push(node.value, node.key);
    }
  }
  return found;
}
