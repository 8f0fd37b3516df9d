/**
 * The engine's public contract for hosts (the worker, the CLI, tests). Implemented in `engine/index.ts`.
 */
import type { Scenario } from './model/scenario';
import type { SessionSnapshot } from './model/snapshot';
import type { HistorySize } from './simulation/History';

export type { HistorySize };

/** Compact per-session facts for the timeline (cheap to send for every session). */
export interface SessionMarker {
  index: number;
  timeMs: number;
  binds: number;
  pipelines: number;
  evictions: number;
  completions: number;
  /** Jobs whose preempt or reclaim protection started or ended at this session. */
  protectionChanges: number;
  /** Volcano/kube-batch: PodGroups enqueue admitted (Pending → Inqueue) in this session. */
  enqueued?: number;
  /** Volcano: waiting jobs whose SLA deadline passed since the previous session (sorted names). */
  slaExpired?: string[];
}

export interface Simulation {
  readonly scenario: Scenario;
  /** Runs the next session; returns false (and runs nothing) when the run is over. */
  step(): boolean;
  isFinished(): boolean;
  /** Sessions run so far. */
  sessionCount(): number;
  /** The state at the end of session `index` (1-based), rebuilt from the stored history. */
  snapshot(index: number): SessionSnapshot;
  markers(): SessionMarker[];
  /**
   * A profile's answer to a query of `kind` (KAI's `minruntime`: `ResolveQuery` → `ResolveResult`, shapes in
   * model/protection.ts) under
   * the queues and scheduler config in force at session `session` (1-based; 0 = the scenario at t=0,
   * before any event). Throws a RangeError for a session not yet run, a kind the profile does not answer
   * or arguments it refuses.
   */
  query(kind: string, args: unknown, session: number): unknown;
  /** What the stored history holds (sessions, keyframes, size as JSON), for the browser benchmark. */
  historySize(): HistorySize;
}
