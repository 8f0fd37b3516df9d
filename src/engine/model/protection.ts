/**
 * Time-based protection of a job as the engine resolved it for a snapshot (KAI's minruntime plugin today,
 * KAI pkg/scheduler/plugins/minruntime @d5bc503a). A profile with such protection carries it in its job
 * extras under the two names of `ProtectionExtras` (decision 0316); shared views (jobs table sort and filter,
 * inspector, queue tree path, cluster map) read it through `protectionsOf`, never by profile name.
 */
import type { JobState } from './snapshot';
import type { MinRuntimeResolution } from './trace';

export interface ProtectionState {
  resolution: MinRuntimeResolution;
  /** Time until which the job is protected (null when it has no start time). */
  protectedUntilMs: number | null;
  isProtected: boolean;
}

/**
 * A job's reclaim protection against one group of reclaimer queues that the plugin resolves the same way
 * (under `lca`: the same lowest common ancestor with the victim's queue).
 */
export interface ReclaimerProtection extends ProtectionState {
  /** Waiting reclaimer queues of the group in tree order (children by name), the first few only. */
  reclaimerQueues: readonly string[];
  /** How many waiting reclaimer queues the group holds (may exceed `reclaimerQueues.length`). */
  reclaimerQueueCount: number;
}

/**
 * Reclaim protection as the minruntime plugin would apply it at the end of the session. Under `lca` the
 * duration depends on the reclaimer's queue, so there is no figure for the job alone: it is given for each
 * reclaimer queue that has a job waiting (pending or pipelined tasks), grouped by resolution.
 */
export interface ReclaimProtection {
  /** The plugin's `reclaimResolveMethod` in this session. */
  method: 'lca' | 'queue';
  /**
   * `queue` method only: the protection against any reclaimer (the walk starts at the victim's queue; the
   * reclaimer plays no part, so `resolution.preemptorQueue` is null). Null under `lca`.
   */
  anyReclaimer: ProtectionState | null;
  /**
   * Against the waiting reclaimers, one entry per distinct resolution (nearest LCA first, other trees last).
   * Empty for a job with no running task (it has nothing to protect).
   */
  byReclaimer: readonly ReclaimerProtection[];
  /** Protected against at least one waiting reclaimer; under `queue`, against any reclaimer. */
  isProtected: boolean;
}

/** A min-runtime question for a queue pair: the `minruntime` query's arguments (KAI answers it). */
export interface ResolveQuery {
  victimQueue: string;
  preemptorQueue?: string;
  method?: 'lca' | 'queue';
}

/** The `minruntime` query's answer: how each kind of protection resolves for the pair. */
export interface ResolveResult {
  preempt: MinRuntimeResolution;
  reclaim: MinRuntimeResolution;
}

/** The job extras fields a profile with time-based protection fills (KAI's `KaiJobExtras`). */
export interface ProtectionExtras {
  /** Preempt protection (walk up from the job's queue); null when the minruntime plugin is off. */
  readonly preemptProtection: ProtectionState | null;
  /** Reclaim protection per waiting reclaimer queue; null when the minruntime plugin is off. */
  readonly reclaimProtection: ReclaimProtection | null;
}

const NONE: ProtectionExtras = { preemptProtection: null, reclaimProtection: null };

/** The job's protections as its profile's extras carry them; both null when the profile has none. */
export function protectionsOf(job: JobState): ProtectionExtras {
  const x = job.extras as Partial<ProtectionExtras> | undefined;
  return x !== undefined && x.preemptProtection !== undefined && x.reclaimProtection !== undefined
    ? (x as ProtectionExtras)
    : NONE;
}

/**
 * The reclaim protections that apply to a job: the one figure for any reclaimer under `queue`, else one per
 * group of waiting reclaimers. Empty when nobody waits under `lca` or the plugin is off.
 */
export function reclaimProtections(p: ReclaimProtection | null): readonly ProtectionState[] {
  if (p === null) return [];
  return p.anyReclaimer !== null ? [p.anyReclaimer] : p.byReclaimer;
}
