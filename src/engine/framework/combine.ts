/**
 * Every way a scheduler framework combines the callbacks that plugins registered on one extension point,
 * in one place. Each rule takes the callbacks grouped by tier (tier order, then plugin order, exactly as
 * configured) and a `call` that runs one of them, and returns the combined answer together with the
 * per-plugin steps, so the session can write a tier-by-tier record of the decision into the trace.
 *
 * Rules are lazy where upstream is: a vote stops at the first Reject, the victim intersection stops a tier
 * at the first empty answer, JobStarving stops after the first tier that has a callback.
 */

/** One registered callback: who registered it, in which tier (1-based), and the function. */
export interface Registered<F> {
  readonly plugin: string;
  readonly tier: number;
  readonly fn: F;
}

/** Callbacks of one extension point grouped by tier, in configured order. */
export type Tiers<F> = readonly (readonly Registered<F>[])[];

/** Volcano `plugins/util`: Permit = 1, Abstain = 0, Reject = −1. */
export type VoteValue = 'permit' | 'abstain' | 'reject';

export interface Step<V> {
  readonly plugin: string;
  readonly tier: number;
  readonly value: V;
}

// ---------------------------------------------------------------------------------------------------
// Orders, AND, OR, sum
// ---------------------------------------------------------------------------------------------------

export interface OrderResult {
  /** Negative: left first; positive: right first; 0: no plugin had an opinion. */
  readonly value: number;
  /** The plugin whose non-zero answer decided, or null (the caller's fallback decides). */
  readonly decidedBy: string | null;
}

/**
 * Job/queue/task order (Volcano `JobOrderFn` and friends, KAI the same): walk tiers and plugins in order,
 * the first non-zero comparison decides.
 */
export function firstNonZero<F>(tiers: Tiers<F>, call: (fn: F, r: Registered<F>) => number): OrderResult {
  for (const tier of tiers) {
    for (const r of tier) {
      const v = call(r.fn, r);
      if (v !== 0) return { value: v, decidedBy: r.plugin };
    }
  }
  return { value: 0, decidedBy: null };
}

/**
 * `firstNonZero` without the record (hot paths: heap comparators run millions of times per session).
 * The callback receives the plugin's function only.
 */
export function firstNonZeroValue<F>(tiers: Tiers<F>, call: (fn: F) => number): number {
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t] as readonly Registered<F>[];
    for (let i = 0; i < tier.length; i++) {
      const v = call((tier[i] as Registered<F>).fn);
      if (v !== 0) return v;
    }
  }
  return 0;
}

/** `allOf` without the record: AND across every callback, `empty` when there is none. */
export function allOfValue<F>(tiers: Tiers<F>, call: (fn: F) => boolean, empty = true): boolean {
  let any = false;
  for (const tier of tiers) {
    for (const r of tier) {
      any = true;
      if (!call(r.fn)) return false;
    }
  }
  return any ? true : empty;
}

export interface BoolResult {
  readonly value: boolean;
  /** For AND: the first plugin that answered false; for OR: the first that answered true. */
  readonly decidedBy: string | null;
  readonly steps: readonly Step<boolean>[];
}

/**
 * AND across every callback of every tier (Volcano `JobReady`, `Allocatable`, `Preemptive`); stops at the
 * first false. No callback at all gives `empty` (JobReady: true).
 */
export function allOf<F>(
  tiers: Tiers<F>,
  call: (fn: F, r: Registered<F>) => boolean,
  empty = true,
): BoolResult {
  const steps: Step<boolean>[] = [];
  let any = false;
  for (const tier of tiers) {
    for (const r of tier) {
      any = true;
      const v = call(r.fn, r);
      steps.push({ plugin: r.plugin, tier: r.tier, value: v });
      if (!v) return { value: false, decidedBy: r.plugin, steps };
    }
  }
  return { value: any ? true : empty, decidedBy: null, steps };
}

/** OR across every callback (Volcano `Overused`); stops at the first true; none gives false. */
export function anyOf<F>(tiers: Tiers<F>, call: (fn: F, r: Registered<F>) => boolean): BoolResult {
  const steps: Step<boolean>[] = [];
  for (const tier of tiers) {
    for (const r of tier) {
      const v = call(r.fn, r);
      steps.push({ plugin: r.plugin, tier: r.tier, value: v });
      if (v) return { value: true, decidedBy: r.plugin, steps };
    }
  }
  return { value: false, decidedBy: null, steps };
}

/** Sum across every callback (node scores). */
export function sumOf<F>(tiers: Tiers<F>, call: (fn: F, r: Registered<F>) => number): number {
  let total = 0;
  for (const tier of tiers) for (const r of tier) total += call(r.fn, r);
  return total;
}

/** The first callback that returns an error (predicates, JobValid); null when all pass. */
export function firstError<F>(
  tiers: Tiers<F>,
  call: (fn: F, r: Registered<F>) => string | null,
): { error: string; plugin: string } | null {
  for (const tier of tiers) {
    for (const r of tier) {
      const e = call(r.fn, r);
      if (e !== null) return { error: e, plugin: r.plugin };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Volcano tier vote (JobPipelined, JobEnqueueable)
// ---------------------------------------------------------------------------------------------------

export type VoteReason =
  /** A plugin rejected: the vote ended false at once, later plugins and tiers were not asked. */
  | 'reject'
  /** The first tier holding a Permit (and no Reject) decided true; later tiers were not asked. */
  | 'permit'
  /** Every callback abstained: true. */
  | 'all-abstain'
  /** No callback registered: true. */
  | 'none';

export interface VoteResult {
  readonly value: boolean;
  readonly reason: VoteReason;
  /** The tier that decided (for `reject` and `permit`), else null. */
  readonly decidingTier: number | null;
  /** The plugin that rejected, or the first that permitted in the deciding tier. */
  readonly decidedBy: string | null;
  /** Every plugin asked, in order (the tiers after the decision were not asked). */
  readonly steps: readonly Step<VoteValue>[];
}

/**
 * Volcano `Session.JobPipelined` / `JobEnqueueable`: tier by tier, any Reject ends the vote false
 * immediately; at the end of a tier that holds at least one Permit the vote is true and later tiers are
 * ignored; all abstaining (or no callback) is true. So a Permit only overrides a Reject from a strictly
 * later tier (reference §2.3: the sla plugin cannot beat gang in its own tier).
 */
export function tierVote<F>(tiers: Tiers<F>, call: (fn: F, r: Registered<F>) => VoteValue): VoteResult {
  const steps: Step<VoteValue>[] = [];
  let any = false;
  for (const tier of tiers) {
    let permitBy: string | null = null;
    let tierNo: number | null = null;
    for (const r of tier) {
      any = true;
      tierNo = r.tier;
      const v = call(r.fn, r);
      steps.push({ plugin: r.plugin, tier: r.tier, value: v });
      if (v === 'reject')
        return { value: false, reason: 'reject', decidingTier: r.tier, decidedBy: r.plugin, steps };
      if (v === 'permit' && permitBy === null) permitBy = r.plugin;
    }
    if (permitBy !== null)
      return { value: true, reason: 'permit', decidingTier: tierNo, decidedBy: permitBy, steps };
  }
  return { value: true, reason: any ? 'all-abstain' : 'none', decidingTier: null, decidedBy: null, steps };
}

/**
 * kube-batch `Session.JobPipelined`: the AND of every enabled plugin, tiers ignored (a Permit in tier 1
 * does not shield a Reject in tier 2). No callback is true.
 */
export function voteAnd<F>(tiers: Tiers<F>, call: (fn: F, r: Registered<F>) => VoteValue): VoteResult {
  const steps: Step<VoteValue>[] = [];
  for (const tier of tiers) {
    for (const r of tier) {
      const v = call(r.fn, r);
      steps.push({ plugin: r.plugin, tier: r.tier, value: v });
      if (v === 'reject')
        return { value: false, reason: 'reject', decidingTier: r.tier, decidedBy: r.plugin, steps };
    }
  }
  return {
    value: true,
    reason: steps.length > 0 ? 'permit' : 'none',
    decidingTier: null,
    decidedBy: null,
    steps,
  };
}

// ---------------------------------------------------------------------------------------------------
// JobStarving: the first tier with any callback
// ---------------------------------------------------------------------------------------------------

export interface StarvingResult extends BoolResult {
  /** The tier whose callbacks decided, or null when no plugin registered one (result false). */
  readonly decidingTier: number | null;
}

/**
 * Volcano `Session.JobStarving`: the first tier that has at least one callback decides with the AND of its
 * callbacks; later tiers are ignored. No callback anywhere is **false** (preempt and reclaim then do nothing).
 */
export function firstTierWithAny<F>(
  tiers: Tiers<F>,
  call: (fn: F, r: Registered<F>) => boolean,
): StarvingResult {
  for (const tier of tiers) {
    if (tier.length === 0) continue;
    const steps: Step<boolean>[] = [];
    let decidedBy: string | null = null;
    let value = true;
    for (const r of tier) {
      const v = call(r.fn, r);
      steps.push({ plugin: r.plugin, tier: r.tier, value: v });
      if (!v) {
        value = false;
        decidedBy = r.plugin;
        break;
      }
    }
    return { value, decidedBy, steps, decidingTier: (tier[0] as Registered<F>).tier };
  }
  return { value: false, decidedBy: null, steps: [], decidingTier: null };
}

// ---------------------------------------------------------------------------------------------------
// Victim sets (Preemptable, Reclaimable)
// ---------------------------------------------------------------------------------------------------

/** A plugin's answer to a victim question: the candidates it allows, or an abstention. */
export interface VictimAnswer<T> {
  readonly victims: readonly T[];
  readonly abstain: boolean;
}

export interface VictimStep<T> {
  readonly plugin: string;
  readonly tier: number;
  readonly abstain: boolean;
  /** What the plugin returned. */
  readonly answer: readonly T[];
  /** The running set after this plugin (null = "no set yet / emptied"). */
  readonly after: readonly T[] | null;
  /** True when this answer ended its tier (Volcano: empty answer). */
  readonly endedTier: boolean;
}

export interface VictimResult<T> {
  /** null when no tier produced victims. */
  readonly victims: readonly T[] | null;
  readonly decidingTier: number | null;
  readonly steps: readonly VictimStep<T>[];
}

function intersect<T>(set: readonly T[], other: readonly T[], key: (t: T) => string): T[] {
  const keep = new Set(other.map(key));
  return set.filter((t) => keep.has(key(t)));
}

/**
 * Volcano `Session.Preemptable` / `Reclaimable` (reference §1.4), exactly: per tier, abstentions are
 * skipped; an empty answer empties the set and ends **only this tier**; otherwise the first answer starts
 * the set and later ones intersect it (order of the set kept). Because an emptied set looks like "no set
 * yet", an intersection that becomes empty lets the next plugin of the tier restart the set with its own
 * answer ([A→{x}, B→{y}, C→{z}] gives {z}). After a tier a non-empty set is the answer.
 */
export function victimIntersectionPerTier<F, T>(
  tiers: Tiers<F>,
  call: (fn: F, r: Registered<F>) => VictimAnswer<T>,
  key: (t: T) => string,
): VictimResult<T> {
  const steps: VictimStep<T>[] = [];
  let victims: T[] | null = null;
  for (const tier of tiers) {
    let tierNo: number | null = null;
    for (const r of tier) {
      tierNo = r.tier;
      const a = call(r.fn, r);
      if (a.abstain) {
        steps.push({
          plugin: r.plugin,
          tier: r.tier,
          abstain: true,
          answer: a.victims,
          after: victims,
          endedTier: false,
        });
        continue;
      }
      if (a.victims.length === 0) {
        victims = null;
        steps.push({
          plugin: r.plugin,
          tier: r.tier,
          abstain: false,
          answer: a.victims,
          after: null,
          endedTier: true,
        });
        break;
      }
      if (victims === null) victims = [...a.victims];
      else {
        victims = intersect(victims, a.victims, key);
        if (victims.length === 0) victims = null;
      }
      steps.push({
        plugin: r.plugin,
        tier: r.tier,
        abstain: false,
        answer: a.victims,
        after: victims,
        endedTier: false,
      });
    }
    if (victims !== null) return { victims, decidingTier: tierNo, steps };
  }
  return { victims: null, decidingTier: null, steps };
}

/**
 * kube-batch `Session.Preemptable` / `Reclaimable`: the first answer starts the set, every later answer
 * intersects it, across tiers; a tier that leaves a non-empty set decides. There is no abstention and no
 * restart, so once any plugin answered empty the result stays empty: an effective veto.
 */
export function stickyEmptyVeto<F, T>(
  tiers: Tiers<F>,
  call: (fn: F, r: Registered<F>) => readonly T[],
  key: (t: T) => string,
): VictimResult<T> {
  const steps: VictimStep<T>[] = [];
  let victims: T[] = [];
  let init = false;
  for (const tier of tiers) {
    let tierNo: number | null = null;
    for (const r of tier) {
      tierNo = r.tier;
      const answer = call(r.fn, r);
      victims = init ? intersect(victims, answer, key) : [...answer];
      init = true;
      steps.push({
        plugin: r.plugin,
        tier: r.tier,
        abstain: false,
        answer,
        after: victims,
        endedTier: false,
      });
    }
    if (victims.length > 0) return { victims, decidingTier: tierNo, steps };
  }
  return { victims: init ? victims : null, decidingTier: null, steps };
}
