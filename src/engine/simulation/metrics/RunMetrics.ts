/**
 * Metrics over time of one run (docs/scenario-format.md §16), computed from the recorded sessions. GPUs
 * only (the resource a policy workshop argues about); times in ms; GPU time in GPU·ms.
 */

/** One queue in one session. */
export interface QueueSessionMetrics {
  queue: string;
  allocatedGpu: number;
  fairShareGpu: number;
  requestedGpu: number;
  /** Jobs of the queue (a parent: of its subtree) waiting to start. */
  pendingJobs: number;
  /** Nearest-rank percentiles of those jobs' waits; null with no waiting job. */
  waitP50Ms: number | null;
  waitP95Ms: number | null;
  /** Evictions of the queue's (subtree's) tasks committed in this session. */
  evictions: number;
  /** GPU time those evicted tasks had run since their last start (GPU·ms). */
  gpuMsLost: number;
}

/** The whole cluster in one session. */
export interface ClusterSessionMetrics {
  capacityGpu: number;
  /** GPUs of Running tasks. */
  runningGpu: number;
  /** runningGpu ÷ capacityGpu (0 with no GPUs). */
  utilisation: number;
  pendingJobs: number;
  waitP50Ms: number | null;
  waitP95Ms: number | null;
  evictions: number;
  gpuMsLost: number;
  /** Idle GPUs on nodes that are partly used (some but not all GPUs held by Running or Releasing tasks). */
  fragmentedGpus: number;
}

export interface SessionMetrics {
  index: number;
  timeMs: number;
  cluster: ClusterSessionMetrics;
  /** Every queue in force, in the scenario's order. */
  queues: QueueSessionMetrics[];
}

/** A stretch of sessions in which a leaf queue's allocation was below its fair share. */
export interface FairShareEpisode {
  queue: string;
  /** Session and time of the first session below fair share. */
  fromSession: number;
  fromMs: number;
  /** Session that reached the fair share again; null when the run ended first. */
  toSession: number | null;
  /** Until the session that reached it, or the last session when `reached` is false. */
  waitMs: number;
  reached: boolean;
}

/** Whole-run figures (what a sweep plots and `compare` subtracts). */
export interface RunSummary {
  sessions: number;
  evictions: number;
  gpuMsLost: number;
  /** Mean of the per-session utilisation. */
  meanUtilisation: number;
  /** Highest per-session p95 wait of the cluster (ms); null when nobody ever waited. */
  maxWaitP95Ms: number | null;
  /** Mean of the episodes' waits (ms), reached or not; null without any episode. */
  meanTimeToFairShareMs: number | null;
  /** Longest episode (ms); null without any episode. */
  maxTimeToFairShareMs: number | null;
  /** Episodes still open at the end of the run. */
  unreachedFairShare: number;
  /** Mean of the per-session fragmented GPUs. */
  meanFragmentedGpus: number;
  /**
   * p95 (nearest rank) over every job of its wait from submit to its first start; a job that never started
   * counts until the last session. Null with no job (issue 20: the frontier's wait axis).
   */
  jobWaitP95Ms: number | null;
  /**
   * Mean over sessions of Jain's index of the leaf queues' allocation ÷ fair share (queues with a fair
   * share above 0); 1 = every queue at the same fraction of its share. Null when no session has one.
   */
  meanJainIndex: number | null;
}

export interface RunMetrics {
  sessions: SessionMetrics[];
  episodes: FairShareEpisode[];
  summary: RunSummary;
}
