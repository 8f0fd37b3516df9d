/**
 * The engine's public surface, for the worker, the CLI and tests. Everything else in `engine/` is internal.
 */
import type { Simulation } from './api';
import type { Scenario } from './model/scenario';
import { Simulator, type SimulatorOptions } from './simulation/Simulator';
export type { SimulatorOptions } from './simulation/Simulator';
import { computeRunMetrics } from './simulation/metrics/computeRunMetrics';
import { compareRuns, type DecisionFact, type RunComparison } from './simulation/metrics/compareRuns';
import type { RunMetrics } from './simulation/metrics/RunMetrics';
import { MAX_REPLICATES, type ReplicateRun } from './simulation/metrics/replicates';
import { hasRandomWorkload, reseedScenario } from './scenario/workload/index';

export type { SessionMarker, Simulation } from './api';
export { parseScenario, normaliseScenarioDocument, formatIssue } from './scenario/parseScenario';
export type { ParseResult, ScenarioIssue } from './scenario/parseScenario';
export { decodeScenarioBytes, MAX_SCENARIO_BYTES } from './scenario/scenarioBytes';
export { parseScenarioBytes } from './scenario/parseScenarioBytes';
export { serialiseScenario } from './scenario/serialiseScenario';
// Several KAI snapshots, one per scheduling shard, merged into one scenario with node pools (§17.8); the
// registry exports them, as the one file that imports a profile (decision 0340).
export {
  MAX_MERGED_SNAPSHOTS,
  mergeShardSnapshots,
  tooManySnapshots,
  createShardBatch,
  type MergeResult,
  type ShardSnapshot,
  type ShardBatch,
} from './registry';
export {
  importClusterBytes,
  importClusterBytesAsync,
  isKaiSnapshotFile,
  looksLikeClusterFile,
  MAX_CLUSTER_FILE_BYTES,
  type ClusterImportOptions,
  type ClusterImportProgress,
  type ClusterImportResult,
  type RedactionRow,
  type UnmappedGroup,
} from './scenario/importers/cluster/importClusterFile';
export { checkExpectations, type CheckFailure } from './simulation/checkExpectations';
export { runDocument, sessionDocument, ENGINE_VERSION, type RunDocument } from './simulation/runOutput';
import { checkWhileRunning, type CheckFailure } from './simulation/checkExpectations';
import { RunDocumentChunks } from './simulation/runOutput';

/**
 * A simulation of `scenario`. With `{ record: 'metrics' }` it keeps only what `runMetrics`,
 * `compareSimulations` and `sessionDecisions` read (no trace, no snapshots): Workshop runs.
 */
export function createSimulation(scenario: Scenario, options: SimulatorOptions = {}): Simulation {
  return new Simulator(scenario, options);
}

/** Runs a scenario to its end. */
export function runScenario(scenario: Scenario, options: SimulatorOptions = {}): Simulation {
  const sim = new Simulator(scenario, options);
  sim.runToEnd();
  return sim;
}

/**
 * The runner's `run` document of `scenario` (docs §9), produced lazily a session at a time: each chunk is
 * built when asked for, from a simulator that keeps only the latest session, so memory does not grow
 * with the number of sessions (decision 0125). The chunks joined are `JSON.stringify(runDocument(…),
 * null, 2)` and a newline, byte for byte. Returns the number of sessions run.
 */
export function* streamRunDocument(scenario: Scenario): Generator<string, number, undefined> {
  const sim = new Simulator(scenario, { record: 'latest' });
  const doc = new RunDocumentChunks(scenario);
  yield doc.head();
  while (sim.step()) yield doc.session(sim.snapshot(sim.sessionCount()));
  yield doc.tail();
  return sim.sessionCount();
}

/**
 * Runs `scenario` to its end and evaluates its `expect` list as the sessions run, keeping only the latest
 * session (the runner's `check`, decision 0125): the same failures as {@link checkExpectations} on a full run.
 */
export function checkScenario(scenario: Scenario): { failures: CheckFailure[]; sessions: number } {
  return checkWhileRunning(new Simulator(scenario, { record: 'latest' }), scenario.expect);
}

/**
 * A profile's answer to a query of `kind` under the scenario at t=0, before any event (the runner's
 * `resolve` asks KAI's `minruntime`). Throws a RangeError for a kind the profile does not answer or
 * arguments it refuses, naming the field. Replaces the min-runtime-only `resolveMinRuntime` (issue 23).
 */
export function queryScenario(scenario: Scenario, kind: string, args: unknown): unknown {
  return new Simulator(scenario).query(kind, args, 0);
}

export { applyVariant, findVariant, BASE_VARIANT } from './scenario/applyVariant';
export { knobVariant, KNOB_PATHS } from './scenario/knobVariant';
export { sweepResults, sweepCsv, SWEEP_CSV_FIGURES } from './simulation/metrics/sweepReport';
export type { SweepPointRuns, SweepPointResult } from './simulation/metrics/sweepReport';
export type { KnobVariantResult } from './scenario/knobVariant';
export { metricsCsv, METRICS_CSV_COLUMNS } from './simulation/metrics/metricsCsv';
export {
  summariseReplicates,
  paretoFrontier,
  frontierPointOf,
  interval,
  studentT975,
  RUN_SUMMARY_KEYS,
  MAX_REPLICATES,
} from './simulation/metrics/replicates';
export type {
  Interval,
  ReplicateSummary,
  FrontierPoint,
  ReplicateRun,
} from './simulation/metrics/replicates';
export { hasRandomWorkload, reseedScenario, expandWorkloadText } from './scenario/workload/index';
export type { ExpandWorkloadResult } from './scenario/workload/index';
export type { WorkloadSpec, WorkloadGenerator } from './model/workload';
export { describeDivergence, summaryDelta } from './simulation/metrics/compareRuns';
export type { RunComparison, SessionDiff, DecisionFact } from './simulation/metrics/compareRuns';
export type {
  RunMetrics,
  RunSummary,
  SessionMetrics,
  QueueSessionMetrics,
  ClusterSessionMetrics,
  FairShareEpisode,
} from './simulation/metrics/RunMetrics';

/** Metrics over time (docs/scenario-format.md §16) of the sessions a simulation has run so far. */
export function runMetrics(sim: Simulation): RunMetrics {
  return computeRunMetrics(asSimulator(sim));
}

/**
 * Runs `scenario` (a variant already applied) K times: with the seeds s, s+1, …, s+K−1 of its workload
 * (§19, s = its `seed`), or once with seed null when it has none (every seed would run the same). Metrics
 * only. The CLI's sweep threads and the Workshop worker both call it. K is 1..MAX_REPLICATES (§15.2);
 * callers validate their input first, so anything else is a programming error and throws.
 */
export function runReplicates(scenario: Scenario, k: number): ReplicateRun[] {
  if (!Number.isInteger(k) || k < 1 || k > MAX_REPLICATES)
    throw new RangeError(`runReplicates: K must be an integer 1..${MAX_REPLICATES}, got ${k}`);
  const workload = scenario.workload;
  if (workload === undefined || !hasRandomWorkload(scenario)) return [runReplicate(scenario, null)];
  const runs: ReplicateRun[] = [];
  for (let i = 0; i < k; i++) runs.push(runReplicate(scenario, replicateSeed(workload.seed, i)));
  return runs;
}

/** The i-th replicate's seed: s + i, wrapping within the seed's range 0..2147483647 (§19). */
export function replicateSeed(seed: number, i: number): number {
  return (seed + i) % 2147483648;
}

/**
 * One replicate: `scenario` re-seeded with `seed` (as is for null), run to its end, metrics only. What a
 * sweep thread runs per task, so that any split of the tasks over threads gives the same numbers.
 */
export function runReplicate(scenario: Scenario, seed: number | null): ReplicateRun {
  const sim = new Simulator(seed === null ? scenario : reseedScenario(scenario, seed), { record: 'metrics' });
  while (sim.step()) {
    /* to the end */
  }
  return { seed, sessionCount: sim.sessionCount(), summary: computeRunMetrics(sim).summary };
}

/** Where two runs' committed decisions first differ, and every session that differs. */
export function compareSimulations(a: Simulation, b: Simulation): RunComparison {
  return compareRuns(asSimulator(a).history.entries, asSimulator(b).history.entries);
}

/** Every session's committed decisions, as compared (without rebuilding any snapshot). */
export function sessionDecisions(
  sim: Simulation,
): { index: number; timeMs: number; decisions: DecisionFact[] }[] {
  return asSimulator(sim).history.entries.map((e) => ({
    index: e.index,
    timeMs: e.timeMs,
    decisions: e.decisions.map((d) => ({
      action: d.action,
      kind: d.kind,
      task: d.task,
      job: d.job,
      node: d.node,
      by: d.by,
    })),
  }));
}

function asSimulator(sim: Simulation): Simulator {
  if (!(sim instanceof Simulator)) throw new TypeError('metrics need a simulation made by createSimulation');
  return sim;
}

export {
  explainJob,
  applyScenarioChange,
  scenarioChangeError,
  ScenarioChangeError,
  dryRun,
  MAX_CANDIDATES,
  MAX_SUGGESTIONS,
  MAX_LOOKAHEAD_SESSIONS,
  MAX_RERUN_SESSIONS,
  MAX_RERUN_WORK,
  MAX_DRY_RUN_SESSIONS,
  MAX_DRY_RUN_TEXT,
  MAX_DRY_RUN_WORK,
} from './simulation/explain/index';
export type {
  ScenarioChange,
  ChangeSuggestion,
  JobExplanation,
  JobExplanationState,
  EvictionStory,
  MinRuntimeApplied,
  ExplainResult,
  DryRunResult,
  DryRunEviction,
  DryRunOutcome,
} from './simulation/explain/index';

export {
  compareProfiles,
  MAX_COMPARE_ROWS,
  type ProfileComparison,
  type ProfileColumn,
  type ProfileDivergence,
  type JobRow,
} from './simulation/profileCompare/compareProfiles';
export type { JobCell } from './simulation/profileCompare/jobOutcomes';
export type { MappingNote, MappingResult } from './scenario/profileMapping/MappingLog';
export { mapScenarioTo } from './registry';
