/**
 * The decision trace: what happened in a session and why, as complete data. The CLI prints a subset
 * (docs/scenario-format.md §9); the UI shows all of it. Views never recompute scheduling logic: anything
 * they explain comes from these records.
 */

export type TaskStatus = 'Pending' | 'Pipelined' | 'Running' | 'Releasing' | 'Succeeded';

export type DecisionKind = 'bind' | 'pipeline' | 'evict' | 'complete';

/** One committed placement, eviction or completion. */
export interface Decision {
  action: string;
  kind: DecisionKind;
  task: string;
  job: string;
  node: string | null;
  /** The preemptor job for evictions; null otherwise. */
  by: string | null;
  /** One plain-words sentence. */
  reason: string;
  /** Index into `SessionTrace.attempts` of the job attempt that produced it (null for completions). */
  attempt: number | null;
  /** The node pool (KAI shard, §24) whose scheduler decided it; absent when the scenario has no pools. */
  pool?: string;
}

/**
 * How a min-runtime duration was resolved for a (preemptor, victim) pair (KAI's minruntime plugin). Still
 * core because the snapshot's job protections (`JobState.preemptProtection`) carry it.
 */
export interface MinRuntimeResolution {
  kind: 'preempt' | 'reclaim';
  /** `lca` or `queue` for reclaim; null for preempt. */
  method: 'lca' | 'queue' | null;
  durationMs: number;
  /** The queue whose value was used, or `default` (the plugin argument). */
  source: string;
  preemptorQueue: string | null;
  victimQueue: string;
  /** Lowest common ancestor of the two leaf queues (reclaim with `lca` only); null when in different trees. */
  lca: string | null;
  /** The LCA's child toward the victim, where the walk up starts (reclaim with `lca`). */
  stepDown: string | null;
  /** Queues looked at, in the order they were looked at, ending at `source` (or the root). */
  path: string[];
  /** Where the upstream docs and code differ for this resolution, the difference in plain words. */
  note: string | null;
}

/**
 * How a plugin answered at an extension point: `allow`/`refuse` for filters and gates (KAI, Volcano
 * AND/OR points), `permit`/`abstain`/`reject` for Volcano's tier votes (JobEnqueueable, JobPipelined).
 */
export type Vote = 'allow' | 'refuse' | 'permit' | 'abstain' | 'reject';

/**
 * A verdict detail owned by a profile (Volcano: enqueue gate numbers, tier-vote tables, victim sets, drf
 * shares, SLA deadlines). Shared code only knows `profile` and `type`; views pick a renderer by `type`.
 * Each profile declares its detail interfaces extending this one.
 */
export interface ProfileDetail {
  readonly profile: string;
  readonly type: string;
}

/** What one plugin or rule said at one extension point. */
export interface Verdict {
  plugin: string;
  /** Extension point or rule, e.g. `reclaimVictimFilter`, `reclaimScenarioValidator`, `canReclaimResources`. */
  point: string;
  allowed: boolean;
  message: string;
  /** Tier of the plugin (1-based) in profiles with tiers; absent for KAI's single tier. */
  tier?: number;
  /** The answer in the profile's vocabulary (absent on older KAI records: read `allowed`). */
  vote?: Vote;
  /**
   * The numbers behind the answer, owned by the profile that recorded them (KAI: min-runtime resolution,
   * reclaimable figures, saturation, gate; Volcano: tier votes, gate numbers, victim sets, …); absent when
   * the verdict has none. The one detail slot: the core trace declares no profile's detail (decision 0315).
   */
  profileDetail?: ProfileDetail;
  /**
   * Set on a scenario-validator refusal that every larger scenario of the same search would meet too
   * (victims only accumulate), so the solver may stop searching: the outcome is the same, the work is not.
   */
  final?: true;
}

export type VictimOutcome = 'evicted' | 'filtered' | 'refitted' | 'not-needed' | 'rejected';

/** A running job considered as a victim by reclaim, preempt or consolidation. */
export interface VictimRecord {
  job: string;
  queue: string;
  tasks: string[];
  outcome: VictimOutcome;
  verdicts: Verdict[];
  message: string;
}

/**
 * `enqueued`: Volcano's enqueue admitted the PodGroup (Pending → Inqueue). `reserved`: Volcano's allocate
 * kept a job's partial placement for the rest of the session without committing it (JobPipelined true,
 * JobReady false): its tasks hold node resources until the session ends and are not bound.
 */
export type AttemptOutcome =
  'allocated' | 'pipelined' | 'evicted' | 'failed' | 'skipped' | 'enqueued' | 'reserved';

/**
 * A placement Volcano's allocate kept without committing (outcome `reserved`, JobPipelined true, JobReady
 * false): it holds `gpu` GPUs of `node` from the attempt until the session closes (decision 0274).
 */
export interface ReservedPlacement {
  task: string;
  node: string;
  /** The task's GPU request (whole or fractional GPUs). */
  gpu: number;
}

/** One attempt of one action to place one pending job. */
export interface JobAttempt {
  action: string;
  job: string;
  queue: string;
  /** Tasks the attempt tried to place. */
  tasks: string[];
  outcome: AttemptOutcome;
  message: string;
  /** For failed attempts: the reason in one word, as used by "why is this job still pending?". */
  code: PendingCode | null;
  /** Gates and validators that decided the attempt (capacity, gang, canReclaimResources, reclaimable, …). */
  verdicts: Verdict[];
  victims: VictimRecord[];
  /** Victims filtered out but not listed individually (the list keeps the first few, to bound memory). */
  omittedVictims: number;
  /** How many candidate victims min-runtime protection kept (listed or not). */
  protectedVictims: number;
  /** The node pool (KAI shard, §24) whose session made the attempt; absent when the scenario has no pools. */
  pool?: string;
  /** Outcome `reserved` only: what the job holds until the session closes, in placement order. */
  reserved?: ReservedPlacement[];
}

export type PendingCode =
  | 'no-capacity'
  | 'over-limit'
  | 'non-preemptible-over-quota'
  | 'gang-unsatisfiable'
  | 'victims-protected'
  | 'no-eligible-victims'
  | 'fair-share'
  | 'unschedulable'
  | 'not-attempted'
  | 'waiting-for-release'
  /** KAI: the job is within its preemption delay and may not trigger evictions yet (§23). */
  | 'preemption-delay';

/** Why a job still has pending tasks at the end of a session. */
export interface PendingExplanation {
  job: string;
  queue: string;
  code: PendingCode;
  message: string;
  /** The attempts (indices into `SessionTrace.attempts`) the explanation was drawn from. */
  attempts: number[];
  /** The node pool (KAI shard, §24) whose scheduler left the job pending; absent without pools. */
  pool?: string;
}

/**
 * KAI (§23.4): a Running pod being deleted, and the status the session opened it with: `Releasing` (its
 * resources count as releasing on its node) or `StuckInReleasing` (terminating longer than the threshold:
 * they count as used, so nothing is pipelined onto them, and the pod is no victim).
 */
export interface TerminatingNote {
  task: string;
  job: string;
  node: string;
  status: 'Releasing' | 'StuckInReleasing';
  /** The pod's deletion time, relative to run start. */
  sinceMs: number;
  /** One plain-words sentence. */
  message: string;
}

export interface SessionTrace {
  attempts: JobAttempt[];
  pending: PendingExplanation[];
  /** KAI: the terminating pods the session saw (§23.4); absent when there were none. */
  terminating?: TerminatingNote[];
}
