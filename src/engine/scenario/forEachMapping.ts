/**
 * Visits every mapping of a parsed YAML document, depth first in document order, each mapping before its
 * keys and values, as the yaml package's `visit` does, but with an explicit stack and no per-node path
 * bookkeeping (which cost seconds on a 33,000-job file, issue 13). The repeated-key and key-is-not-text
 * checks both walk this way.
 */
import { isMap, isPair, isSeq, type Document, type Pair, type YAMLMap } from 'yaml';

export function forEachMapping(doc: Document, visit: (map: YAMLMap) => void): void {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      visit(node);
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
}
