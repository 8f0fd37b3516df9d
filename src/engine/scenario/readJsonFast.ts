/**
 * A fast path for scenario text written as JSON (which is YAML): `JSON.parse` reads a 6 MB, 33,000-job
 * file in about a tenth of a second, where the yaml package builds a located syntax tree in seconds
 * (issue 13). It only answers when the text is plain JSON with no repeated key and no `__proto__` key,
 * the cases where YAML and JSON read the same data; the caller then normalises that data and, when
 * anything is wrong, reads the text again the YAML way so that every issue gets its line.
 */

/** The data of a JSON document, or null when the text is not JSON that YAML would read the same way. */
export function readJsonFast(text: string): unknown {
  const start = firstNonSpace(text);
  if (text.charCodeAt(start) !== 0x7b /* { */) return null;
  if (text.includes('__proto__')) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  return hasRepeatedKey(text, start) ? null : data;
}

function firstNonSpace(text: string): number {
  let i = 0;
  // A byte order mark or whitespace may come first.
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xfeff) break;
    i++;
  }
  return i;
}

/** Up to this many keys an object's keys are compared one by one; past it they go into a set. */
const FEW_KEYS = 16;

/**
 * True when some object of the (valid) JSON text repeats a key: JSON.parse keeps the last silently, a
 * YAML reader reports it. One pass over the text. The open objects' keys sit in one flat list, each object's
 * from where it opened, and a closed object's keys are cut off: a set per object (140,000 of them in the
 * 140,000-pod scenario) was most of this pass's time, and an object of a scenario has a handful of keys. An
 * object with more than FEW_KEYS keys (a map of labels) gets a set, so a wide object stays linear.
 */
export function hasRepeatedKey(text: string, from = 0): boolean {
  const keys: string[] = [];
  // Per open container: the index in `keys` where its keys start, or -1 for an array.
  const starts: number[] = [];
  // Per open container: its key set once it has more than FEW_KEYS keys.
  const sets: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const begin = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      const top = starts.length - 1;
      const start = top >= 0 ? (starts[top] as number) : -1;
      if (expectKey && start >= 0) {
        const key = escaped ? (JSON.parse(text.slice(begin, i + 1)) as string) : text.slice(begin + 1, i);
        const set = sets[top];
        if (set) {
          if (set.has(key)) return true;
          set.add(key);
        } else {
          for (let k = start; k < keys.length; k++) if (keys[k] === key) return true;
          if (keys.length - start >= FEW_KEYS) sets[top] = new Set([...keys.slice(start), key]);
        }
        keys.push(key);
        expectKey = false;
      }
    } else if (c === 0x7b /* { */) {
      starts.push(keys.length);
      sets.push(null);
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      starts.push(-1);
      sets.push(null);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      const start = starts.pop();
      sets.pop();
      if (start !== undefined && start >= 0) keys.length = start;
    } else if (c === 0x2c /* , */) {
      expectKey = starts.length > 0 && (starts[starts.length - 1] as number) >= 0;
    }
  }
  return false;
}
