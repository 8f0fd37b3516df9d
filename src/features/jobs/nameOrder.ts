/**
 * Job names in the table's name order, kept across sessions (issue 22, decision 0338): sorting 4,000 jobs by
 * name compared strings with the collator about 48,000 times on every step, although the names barely
 * change from one session to the next. Here each name is collated once, when first seen, and a sort compares
 * integer ranks. The order is the collator's (`localeCompare` without arguments), then code units for names
 * it calls equal: a total order on names, so ranks do not depend on which sessions were seen first, and the
 * same as before (the engine sends jobs in code-unit order and the old sort was stable).
 */
const byText = new Intl.Collator().compare;
const byName = (a: string, b: string): number => byText(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** Names remembered at most (a page that loads many big scenarios starts again rather than grow). */
const MAX_NAMES = 250_000;

let sorted: string[] = [];
let ranks = new Map<string, number>();

/** Ranks (0 = first) of at least every name given, in name order; names seen earlier keep a consistent rank. */
export function nameRanks(names: readonly string[]): ReadonlyMap<string, number> {
  let fresh = names.filter((name) => !ranks.has(name));
  if (fresh.length === 0) return ranks;
  if (sorted.length + fresh.length > MAX_NAMES) {
    sorted = [];
    fresh = [...names];
  }
  fresh = [...new Set(fresh)].sort(byName);
  // Merge the new names into the remembered ones: linear, not another full sort.
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < sorted.length && j < fresh.length)
    merged.push(byName(sorted[i]!, fresh[j]!) <= 0 ? sorted[i++]! : fresh[j++]!);
  while (i < sorted.length) merged.push(sorted[i++]!);
  while (j < fresh.length) merged.push(fresh[j++]!);
  sorted = merged;
  ranks = new Map(merged.map((name, rank) => [name, rank]));
  return ranks;
}
