/**
 * Name-keyed objects built from scenario data. Names are data: a task called `__proto__` must become an
 * own property like any other name, never the prototype of the object that holds it.
 */

/** Sets `record[key] = value` as an own, enumerable property whatever the key. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A deep copy of plain data (what YAML or JSON produce), so that the scenario never shares objects
 * with its input. Keys are copied as own properties (see {@link setOwn}).
 */
export function cloneData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneData);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, key, cloneData(item));
  return out;
}
