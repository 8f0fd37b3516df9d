/**
 * Name order used by every layout, so positions never depend on input order or allocations.
 */
const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/**
 * Natural order (`node-2` before `node-10`) with a code-point tie-break, so distinct names never compare
 * equal and the order is total and locale-independent.
 */
export function compareNames(a: string, b: string): number {
  const c = COLLATOR.compare(a, b);
  if (c !== 0) return c;
  return a < b ? -1 : a > b ? 1 : 0;
}
