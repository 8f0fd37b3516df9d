/**
 * The order in which a cycle's entries are processed under fair sharing (kueue
 * pkg/scheduler/fair_sharing_iterator.go @ff69552e): each pop runs a tournament over the cohort tree of
 * one ClusterQueue with a pending head; at every cohort the child whose share (DRS) would be lowest after
 * admitting its nominated Workload wins. Shares are recomputed at every pop, so an admission earlier in
 * the cycle counts for the next pick.
 *
 * Which tree goes first: upstream takes any ClusterQueue from a Go map (getCq, :108-113, "non-
 * deterministic"); here it is the first remaining entry in the classical order (not borrowing, priority,
 * creation time, name), so the run is reproducible.
 */
import { compareDRS, dominantResourceShare, isBorrowingOn, type DRS } from './fairShare';
import { ancestors, rootOf, type FlavorResource, type QuotaNode } from './quotaTree';
import type { Snapshot } from './snapshot';
import type { Workload } from './workloads';
import { describeTournament, type Rival } from './words';

export interface FairEntry {
  readonly wl: Workload;
  /** The usage of its flavor assignment (scheduler.go:647-649 assignmentUsage). */
  readonly usage: ReadonlyMap<FlavorResource, number>;
}

interface Scored<E> {
  readonly entry: E;
  /** DRS of the entry's side at each cohort on its path, after its admission (keyed by cohort). */
  readonly at: Map<QuotaNode, DRS>;
}

/**
 * fair_sharing_iterator.go:176-220 less: not borrowing on its requested flavors first
 * (FairSharingPrioritizeNonBorrowing, on by default, kube_features.go:638-640), then the lower share,
 * then higher priority (PrioritySortingWithinCohort), then the older.
 */
function less<E extends FairEntry>(a: Scored<E>, b: Scored<E>, cohort: QuotaNode): boolean {
  const ad = a.at.get(cohort) as DRS;
  const bd = b.at.get(cohort) as DRS;
  const ab = isBorrowingOn(ad, a.entry.usage);
  if (ab !== isBorrowingOn(bd, b.entry.usage)) return !ab;
  const c = compareDRS(ad, bd);
  if (c !== 0) return c < 0;
  if (a.entry.wl.priority !== b.entry.wl.priority) return a.entry.wl.priority > b.entry.wl.priority;
  return a.entry.wl.createdMs < b.entry.wl.createdMs;
}

/** fair_sharing_iterator.go:227-263 computeDRS: each head's usage added alone, shares up to the root. */
function score<E extends FairEntry>(
  s: Snapshot,
  root: QuotaNode,
  remaining: readonly E[],
): Map<string, Scored<E>> {
  const out = new Map<string, Scored<E>>();
  for (const e of remaining) {
    const q = s.queue(e.wl.cq);
    if (rootOf(q) !== root) continue;
    s.addUsage(e.wl.cq, e.usage);
    const at = new Map<QuotaNode, DRS>();
    let drs = dominantResourceShare(q);
    for (const a of ancestors(q)) {
      at.set(a, drs);
      drs = dominantResourceShare(a);
    }
    s.removeUsage(e.wl.cq, e.usage);
    out.set(e.wl.cq, { entry: e, at });
  }
  return out;
}

/** The child of `cohort` on the path from a ClusterQueue (for the trace's words). */
function sideOf(s: Snapshot, cq: string, cohort: QuotaNode): QuotaNode {
  let at = s.queue(cq);
  while (at.parent !== null && at.parent !== cohort) at = at.parent;
  return at;
}

/**
 * fair_sharing_iterator.go:67-101 pop and :125-159 runTournament. Returns the entry to process next and,
 * for a ClusterQueue in a cohort, the sentence saying why the tournament chose it.
 */
export function popFair<E extends FairEntry>(s: Snapshot, remaining: E[]): { entry: E; why: string | null } {
  const first = remaining[0] as E;
  const q = s.queue(first.wl.cq);
  const take = (e: E, why: string | null) => {
    remaining.splice(remaining.indexOf(e), 1);
    return { entry: e, why };
  };
  if (q.parent === null) return take(first, null);
  const root = rootOf(q);
  const scored = score(s, root, remaining);
  let rootCandidates: Scored<E>[] = [];
  const tournament = (cohort: QuotaNode): Scored<E> | null => {
    const candidates: Scored<E>[] = [];
    for (const child of cohort.childCohorts) {
      const c = tournament(child);
      if (c) candidates.push(c);
    }
    for (const child of cohort.childQueues) {
      const c = scored.get(child.name);
      if (c) candidates.push(c);
    }
    if (cohort === root) rootCandidates = candidates;
    let best = candidates[0] ?? null;
    for (const c of candidates.slice(1)) if (best !== null && less(c, best, cohort)) best = c;
    return best;
  };
  const winner = tournament(root) as Scored<E>;
  const rival = (c: Scored<E>): Rival => ({
    side: sideOf(s, c.entry.wl.cq, root),
    workload: c.entry.wl.name,
    share: c.at.get(root) as DRS,
  });
  const why = describeTournament(root, rival(winner), rootCandidates.filter((c) => c !== winner).map(rival));
  return take(winner.entry, why);
}
