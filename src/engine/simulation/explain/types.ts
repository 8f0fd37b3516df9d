/**
 * The public shapes of "why is this job pending / who evicted it / what would change it" and of the dry
 * run (contract B of issue 19, docs/scenario-format.md §18). Every number in them comes from the engine's
 * snapshots and traces, or from re-running the engine on a changed scenario.
 */

/**
 * One change to a scenario. `atMs` (addition to the contract, a superset): when the change is made, as an
 * event at that time; absent, the change is made to the scenario as written (t=0). Explanations make their
 * changes at the time of the session after the one asked about, so the history up to it stays as it was.
 */
export type ScenarioChange =
  | {
      kind: 'set-queue-resource';
      queue: string;
      resource: 'gpu' | 'cpu' | 'memory';
      field: 'quota' | 'limit';
      value: number;
      atMs?: number;
    }
  | {
      kind: 'add-node';
      node: {
        name: string;
        resources: { gpu?: number; cpu?: number; memory?: number };
        labels?: Record<string, string>;
      };
      atMs?: number;
    }
  | { kind: 'delete-job'; job: string; atMs?: number }
  /** (Addition.) Volcano/kube-batch: the queue's `weight` (proportion divides the cluster by it). */
  | { kind: 'set-queue-weight'; queue: string; value: number; atMs?: number }
  /** (Addition.) Volcano/kube-batch: one resource of the queue's `capability` or `deserved` (§4). */
  | {
      kind: 'set-queue-bound';
      queue: string;
      field: 'capability' | 'deserved';
      resource: 'gpu' | 'cpu' | 'memory';
      value: number;
      atMs?: number;
    }
  | {
      kind: 'set-min-runtime';
      queue: string;
      field: 'preemptMinRuntime' | 'reclaimMinRuntime';
      /** Go duration, e.g. `5m0s`. */
      value: string;
      atMs?: number;
    }
  /** No change to the scenario: the run continues until `time` (ms). */
  | { kind: 'wait-until'; time: number };

/** A change that was applied and re-run: the job then starts (bound or pipelined) at this session. */
export interface ChangeSuggestion {
  change: ScenarioChange;
  /** The change in plain words. */
  text: string;
  startsAtSession: number;
  startsAtTime: number;
}

export type JobExplanationState =
  'pending' | 'pipelined' | 'running' | 'evicted' | 'completed' | 'not-submitted';

export interface MinRuntimeApplied {
  /** Duration applied (ms). */
  applied: number;
  /** The queue whose value was used, or `default` (the plugin argument). */
  source: string;
  method?: 'lca' | 'queue';
  lca?: string | null;
  /** Queues looked at, in order, ending at `source`. */
  path?: string[];
}

export interface EvictionStory {
  session: number;
  time: number;
  action: string;
  /** The preemptor job (null when the engine recorded none). */
  by: string | null;
  byQueue: string | null;
  /** The engine's reason for the eviction. */
  reason: string;
  minRuntime: MinRuntimeApplied | null;
  wouldHaveProtected: string | null;
  /**
   * (Addition.) The victim is elastic: min-runtime never protects its tasks above minAvailable, only its
   * core (KAI minruntime.go:85-99 filters, :101-135 validators).
   */
  victimElastic: boolean;
  /**
   * (Addition.) The change behind `wouldHaveProtected` (KAI: a min-runtime on a queue, made to the scenario
   * as written) and whether a re-run proved it: the job is then not evicted by this action at this session.
   */
  protectingChange: ScenarioChange | null;
  protectionProven: boolean;
}

export interface JobExplanation {
  job: string;
  queue: string;
  session: number;
  time: number;
  state: JobExplanationState;
  /** One plain sentence with numbers. */
  headline: string;
  /** The main blocker for a pending job (the engine's pending code and message). */
  blocker: { code: string; message: string } | null;
  /** For an evicted job: its eviction; for a pipelined job: the eviction that made room for it. */
  eviction: EvictionStory | null;
  /** Each proven by re-running the engine; empty when none works (or the job is not pending). */
  suggestions: ChangeSuggestion[];
}

export type ExplainResult = { ok: true; explanation: JobExplanation } | { ok: false; error: string };

export interface DryRunEviction {
  task: string;
  job: string;
  queue: string;
  action: string;
}

export interface DryRunResult {
  job: string;
  starts: boolean;
  session: number | null;
  time: number | null;
  evicts: DryRunEviction[];
  /** Why it never starts within the horizon (the last blocker); null when it starts. */
  reason: string | null;
  horizon: { sessions: number; time: number };
}

export type DryRunOutcome = { ok: true; result: DryRunResult } | { ok: false; errors: string[] };

/** Candidate changes proven per explanation (each costs one re-run). */
export const MAX_CANDIDATES = 6;
/** Suggestions kept per explanation. */
export const MAX_SUGGESTIONS = 4;
/** Sessions a re-run may go past the session asked about, looking for the job's start (wait-until, dry run). */
export const MAX_LOOKAHEAD_SESSIONS = 200;
/** Sessions all re-runs of one explanation may run together; candidates past it are not tried. */
export const MAX_RERUN_SESSIONS = 5_000;
/**
 * Work all re-runs of one explanation may do, in sessions × (tasks + nodes) of the scenario: a session of a
 * large cluster costs more, so fewer are run (12,000 tasks: 33 sessions; 140,000 pods: 2). Deterministic, unlike
 * a wall-clock bound: the same scenario always gets the same suggestions.
 */
export const MAX_RERUN_WORK = 400_000;
