/**
 * The jobs table's name order, built by the worker beside the session it sends (decision 0377).
 *
 * The table sorts by name in collator order, as `localeCompare` does (decision 0365). Ranking 43,700 job names
 * with the collator took 68 ms of a 147 ms main-thread task when a 140,000-pod cluster's first session arrived
 * (issue 22 Deliver 5: no task over 50 ms while loading). The worker has the same collator (same browser, same
 * default locale), so it ranks the names there and sends each job's rank and the jobs' order as typed arrays
 * that move to the page without a copy. The page then reads the default order (name, ascending) without
 * sorting, and sorts by any other column comparing numbers. A view without them (tests, tools) is ranked on
 * the page as before (features/jobs/jobRows.ts), to the same order.
 */

export interface JobNameOrder {
  /** Each job's rank in collator order, at the view's job index; names the collator finds equal share one. */
  ranks: Int32Array;
  /** The view's job indices by rank, equal ranks in their own order (what a stable sort by name gives). */
  order: Int32Array;
}

/** `localeCompare` without arguments, as one collator (the spec defines the former by the latter). */
export const byText = new Intl.Collator().compare;

/**
 * Each text's place in collator order (texts the collator finds equal share one), so that a sort compares
 * numbers. Same order as comparing with {@link byText}: the texts are sorted with it once.
 */
export function collatorRanks(texts: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(texts)].sort(byText);
  const ranks = new Map<string, number>();
  let rank = 0;
  sorted.forEach((text, i) => {
    if (i > 0 && byText(sorted[i - 1] as string, text) !== 0) rank = i;
    ranks.set(text, rank);
  });
  return ranks;
}

/**
 * A ranker that keeps the last names' ranks while every name it is given is among them: a session's jobs are
 * mostly the last one's, so a step ranks nothing again. Ranks of a larger set keep the order of any subset.
 * Rebuilt from the names given when one is new (nothing else is kept, so another scenario's names do not pile
 * up).
 */
export function createNameRanker(): (names: readonly string[]) => Map<string, number> {
  let ranks = new Map<string, number>();
  return (names) => {
    for (const name of names) {
      if (!ranks.has(name)) {
        ranks = collatorRanks(names);
        break;
      }
    }
    return ranks;
  };
}

/** The ranks and order of `names` (a view's job names, in its order) from `ranked` (which holds them all). */
export function jobNameOrderOf(names: readonly string[], ranked: ReadonlyMap<string, number>): JobNameOrder {
  const ranks = new Int32Array(names.length);
  names.forEach((name, i) => {
    ranks[i] = ranked.get(name) as number;
  });
  const order = Int32Array.from(names.keys());
  // A typed array's sort is not stable by specification, so equal ranks are ordered by index explicitly.
  order.sort((a, b) => (ranks[a] as number) - (ranks[b] as number) || a - b);
  return { ranks, order };
}

/**
 * What the worker sends with each session: the name order of its jobs (`names`, in the view's order). A step
 * usually has the last session's jobs in the same order, so their order is kept and a copy sent (the arrays
 * sent move to the page and are gone from the worker); otherwise the names are ranked, with the ranks of the
 * last names kept while they cover them ({@link createNameRanker}).
 */
export function createJobOrderer(): (names: readonly string[]) => JobNameOrder {
  const rank = createNameRanker();
  let last: { names: readonly string[]; order: JobNameOrder } | null = null;
  return (names) => {
    if (last === null || !sameNames(last.names, names)) {
      last = { names, order: jobNameOrderOf(names, rank(names)) };
    }
    return { ranks: last.order.ranks.slice(), order: last.order.order.slice() };
  };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The buffers a view's name order moves to the page with (postMessage's transfer list). */
export function jobNameOrderBuffers(o: JobNameOrder): ArrayBuffer[] {
  return [o.ranks.buffer as ArrayBuffer, o.order.buffer as ArrayBuffer];
}
