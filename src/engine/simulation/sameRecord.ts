/**
 * Is `b` the same trace record as `a`, field for field? Stricter than comparing their JSON (keys must come in
 * the same order, `undefined` and `NaN` compare as themselves), so whatever it calls the same also serialises
 * the same: the trace interner may hand back the old record without any reader seeing a difference. It walks
 * both values once and stops at the first difference, where serialising both built two strings per record
 * every session (a fifth of a workshop run's time, most of it in the garbage collector).
 */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameRecord(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  // Plain records only: anything else (a Map, a Set) is never called the same, only not reused.
  if (Object.getPrototypeOf(a) !== Object.prototype) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i]) return false;
    if (!sameRecord((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
