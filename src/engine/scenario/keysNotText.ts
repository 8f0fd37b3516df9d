/**
 * Mapping keys that are not plain text: a list or mapping (`? [a]: 1`, `[a]: 1`), null (`~: 1`, `null: 1`,
 * `: 1`), or an alias to one of those. A scenario's keys are field names, label keys and argument names,
 * all text. Converted to data, such a key became text like "[ a ]" or "" (the yaml package also wrote a
 * "Keys with collection values will be stringified" warning to stderr), so the issue about it named a field
 * nobody wrote and pointed at the mapping rather than the key (issue 18). Found in one pass, reported at the
 * key itself.
 */
import { isAlias, isMap, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import { forEachMapping } from './forEachMapping';

/** A key that is not text: the offset of the key (or of its value, when the key is missing). */
export interface KeyNotText {
  offset: number;
  message: string;
}

/** Every key of every mapping of `doc` that is not plain text, in document order. */
export function findKeysNotText(doc: Document): KeyNotText[] {
  const found: KeyNotText[] = [];
  forEachMapping(doc, (map) => {
    for (const pair of map.items) {
      const what = describeKey(pair, doc);
      if (what !== null) found.push({ offset: offsetOf(pair), message: `keys must be plain text; ${what}` });
    }
  });
  return found;
}

/** What is wrong with the pair's key, or null when it is text (or a number or boolean, read as text). */
function describeKey(pair: Pair, doc: Document): string | null {
  let key: unknown = pair.key;
  let via = '';
  if (isAlias(key)) {
    via = ` (through the alias *${key.source})`;
    key = key.resolve(doc);
    // An alias to nothing is the yaml package's own error, reported with the syntax errors.
    if (key === undefined) return null;
  }
  if (key === null || key === undefined) return 'this key is missing (write a name before the colon)';
  if (isMap(key)) return `this key is a mapping${via}; write the field name as text`;
  if (isSeq(key)) return `this key is a list${via}; write the field name as text`;
  if (isScalar(key) && key.value === null)
    return `this key is null${via} (~, null or nothing); quote it ("~") if the text is meant`;
  return null;
}

function offsetOf(pair: Pair): number {
  const key = pair.key as Node | null;
  const value = pair.value as Node | null;
  return key?.range?.[0] ?? value?.range?.[0] ?? 0;
}
