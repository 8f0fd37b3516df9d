/**
 * Aliases that refer to a node containing them (`version: &a [*a]`). The yaml package resolves an alias by
 * walking the whole document from its root to find the anchor, again for every expansion, so a recursive
 * alias in a large file expands up to the alias limit at a full document walk each: 2.6 s of CPU for a
 * 680 KB file (found by the parser fuzzer). The data could only be infinitely deep anyway; this one linear
 * walk finds such an alias first, so the parser reports it at its line instead of expanding it.
 */
import { isAlias, isMap, isNode, isPair, isSeq, type Document, type Range } from 'yaml';

export interface RecursiveAlias {
  offset: number;
  message: string;
}

type Entry = { node: unknown; leave: boolean };

/**
 * The first alias found inside the node its anchor names, or null. An alias names the latest node with that
 * anchor before it in the document (YAML redefines anchors), so the walk goes in document order, keeping the
 * latest definition of each name and the anchored nodes open on the path from the root.
 */
export function findRecursiveAlias(doc: Document): RecursiveAlias | null {
  const latest = new Map<string, unknown>();
  const open = new Set<unknown>();
  const stack: Entry[] = [{ node: doc.contents, leave: false }];
  while (stack.length > 0) {
    const { node, leave } = stack.pop() as Entry;
    if (leave) {
      open.delete(node);
      continue;
    }
    if (isAlias(node)) {
      if (open.has(latest.get(node.source))) {
        const range: Range | null | undefined = node.range;
        return {
          offset: range?.[0] ?? 0,
          message: `the alias *${node.source} refers to the node that contains it, which would nest without end`,
        };
      }
      continue;
    }
    if (isPair(node)) {
      stack.push({ node: node.value, leave: false }, { node: node.key, leave: false });
      continue;
    }
    if (!isNode(node)) continue;
    if (node.anchor !== undefined) {
      latest.set(node.anchor, node);
      open.add(node);
      stack.push({ node, leave: true });
    }
    if (isMap(node) || isSeq(node))
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], leave: false });
  }
  return null;
}
