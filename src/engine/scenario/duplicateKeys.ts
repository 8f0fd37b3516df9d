/**
 * Repeated mapping keys, found in one pass. The `yaml` package's own `uniqueKeys` check compares each
 * key with every earlier key of its mapping (`mapIncludes` is `items.some(...)`), which is quadratic: a
 * node with 20,000 labels took seconds to parse. This check keeps a set per mapping instead and reports
 * what `uniqueKeys: true` reports (same message, at the repeated key).
 */
import { isScalar, type Document, type Range } from 'yaml';
import { forEachMapping } from './forEachMapping';

/** A repeated key: the offset of the repeated occurrence in the text. */
export interface DuplicateKey {
  offset: number;
  message: string;
}

/** Every repeated scalar key in every mapping of `doc`, in document order (forEachMapping.ts). */
export function findDuplicateKeys(doc: Document): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  forEachMapping(doc, (map) => {
    const seen = new Set<unknown>();
    for (const pair of map.items) {
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
  });
  return found;
}
