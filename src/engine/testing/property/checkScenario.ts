/**
 * Runs one scenario text and checks every invariant after every session, then the whole-run ones
 * (history rebuild, determinism, serialise round trip). Returns the violations; never throws.
 */
import {
  createSimulation,
  formatIssue,
  parseScenario,
  runDocument,
  runMetrics,
  serialiseScenario,
} from '../../index';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import { checkNodeCapacity, checkPipelining, checkQueueLimits } from './checkCapacity';
import { checkUsageFetch } from './checkUsage';
import { checkEvictionRecords, checkMinRuntime } from './checkEvictions';
import { BrokenByNodeRemoval, checkConsolidation, checkGangs, checkStartTimes } from './checkGangs';
import { checkRoles, EvictedJobs, roleFacts } from './checkRoles';
import { checkSubGroups, jobsWithSubGroups } from './checkSubGroups';
import { checkTopology, topologyFacts } from './checkTopology';
import { checkKubernetesRoundTrip } from './checkKubernetesRoundTrip';
import { checkReaders } from './checkReaders';
import { checkVariants } from './checkVariants';
import { checkRejectedAsIntended, expectsRejection, type IntendedRejections } from './checkRejections';
import { PreemptionDelayCheck } from './checkPreemptionDelay';
import { GpuMemoryCheck } from './checkGpuMemory';
import { checkWaits } from './checkWaits';
import { checkNodePoolPlacement, nodePoolIndex } from './checkNodePools';
import { checkStuckReleasing } from './checkStuckReleasing';
import { capacityConfigured, checkVolcanoCapability } from './checkVolcanoCapability';
import { checkKubeBatchShares } from './checkKubeBatchShares';
import { isInvariantName, type Violation } from './invariants';
import { moduleOf } from '../../registry';
import { scenarioFacts } from './sessionFacts';

export interface ScenarioCheck {
  accepted: boolean;
  /** Rejected as it had to be (an out-of-range variant value, rejected at its `variants[…]` path). */
  rejectedAsIntended?: boolean;
  sessions: number;
  violations: Violation[];
}

interface LiveRun {
  snapshots: SessionSnapshot[];
  /** JSON of each snapshot taken right after its session ran. */
  live: string[];
  output: string;
  metrics: ReturnType<typeof runMetrics>;
}

/**
 * Runs the scenario. `output` keeps the run document only; `live` also each snapshot's JSON as seen live
 * (trace included); `checked` also rebuilds every session from the history at the end.
 */
function runLive(
  scenario: Scenario,
  mode: 'output' | 'live' | 'checked',
  onSession?: (prev: SessionSnapshot | null, snap: SessionSnapshot) => void,
): LiveRun {
  const sim = createSimulation(scenario);
  const snapshots: SessionSnapshot[] = [];
  const live: string[] = [];
  while (sim.step()) {
    const snap = sim.snapshot(sim.sessionCount());
    if (mode !== 'output') live.push(JSON.stringify(snap));
    onSession?.(snapshots.at(-1) ?? null, snap);
    snapshots.push(snap);
  }
  const metrics = runMetrics(sim);
  if (mode !== 'checked')
    return { snapshots, live, output: JSON.stringify(runDocument(scenario, snapshots)), metrics };
  // Rebuilt now, after the whole run: must equal what was seen live.
  const rebuilt = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
  return { snapshots: rebuilt, live, output: JSON.stringify(runDocument(scenario, rebuilt)), metrics };
}

/** What the generator put in the text on purpose for the parser to refuse (checkRejections.ts). */
export type CheckOptions = IntendedRejections;

export function checkScenarioText(text: string, options: CheckOptions = {}): ScenarioCheck {
  const violations: Violation[] = [];
  const parsed = parseScenario(text);
  try {
    checkReaders(text, parsed, violations);
  } catch (error) {
    violations.push({ invariant: 'readers-agree', session: null, message: `threw: ${errorText(error)}` });
  }
  if (expectsRejection(options)) {
    const verdict = checkRejectedAsIntended(parsed, options, violations);
    if (verdict === 'rejected-as-intended')
      return { accepted: false, rejectedAsIntended: true, sessions: 0, violations };
  }
  if (!parsed.ok) {
    const message = parsed.errors.slice(0, 3).map(formatIssue).join('; ');
    return {
      accepted: false,
      sessions: 0,
      violations: [...violations, { invariant: 'valid-scenario-accepted', session: null, message }],
    };
  }
  const scenario = parsed.scenario;
  const facts = scenarioFacts(scenario);
  const broken = new BrokenByNodeRemoval();
  const roles = roleFacts(scenario);
  const evictedJobs = new EvictedJobs();
  const subGroupJobs = jobsWithSubGroups(scenario);
  const topology = topologyFacts(scenario);
  const pipeliningIsChecked = allocateRunsFirst(scenario);
  const kai = scenario.profile === 'kai';
  const delays = new PreemptionDelayCheck(scenario);
  const pools = nodePoolIndex(scenario);
  const gpuMemory = new GpuMemoryCheck(scenario);
  // The profile's own invariants (decision 0297), after every session.
  const generator = moduleOf(scenario.profile).arbitraries;
  const own = generator?.checks?.(scenario);
  const gangs = generator?.gangs ?? true;
  let first: LiveRun;
  try {
    first = runLive(scenario, 'checked', (prev, snap) => {
      checkNodeCapacity(snap, facts, violations);
      checkNodePoolPlacement(pools, snap, violations);
      broken.update(scenario, prev, snap);
      broken.markUpstreamGangGaps(scenario, snap);
      if (gangs) checkGangs(snap, broken, violations, kai ? undefined : pendingBestEffort(snap, facts));
      evictedJobs.update(snap);
      checkRoles(snap, roles, evictedJobs, broken, (t) => isBestEffort(facts, t), violations);
      checkSubGroups(subGroupJobs, snap, broken, violations);
      checkEvictionRecords(snap, violations);
      for (const v of own?.session(snap) ?? [])
        violations.push({
          invariant: isInvariantName(v.invariant) ? v.invariant : 'no-engine-crash',
          session: snap.index,
          message: isInvariantName(v.invariant)
            ? v.message
            : `unknown invariant ${v.invariant}: ${v.message}`,
        });
      if (capacityConfigured(scenario, snap)) checkVolcanoCapability(snap, facts, violations);
      if (scenario.profile === 'kube-batch') checkKubeBatchShares(snap, violations);
      if (!kai) return;
      checkTopology(snap, topology, violations);
      // KAI's own rules: queue limits (Volcano bounds a queue by `capability`), pipelining only onto
      // releasing capacity, consolidation, last-start-timestamp and min-runtime.
      checkQueueLimits(snap, facts, violations);
      checkStuckReleasing(snap, facts, violations);
      if (pipeliningIsChecked) checkPipelining(snap, violations);
      checkConsolidation(scenario, prev, snap, violations, broken);
      checkStartTimes(scenario, prev, snap, violations);
      checkMinRuntime(scenario, prev, snap, violations);
      checkUsageFetch(scenario, snap, violations);
      delays.update(snap, violations);
      gpuMemory.update(snap, violations);
    });
  } catch (error) {
    violations.push({ invariant: 'no-engine-crash', session: null, message: errorText(error) });
    return { accepted: true, sessions: 0, violations };
  }
  const sessions = first.snapshots.length;
  try {
    checkWaits(scenario, first.snapshots, first.metrics, violations);
  } catch (error) {
    violations.push({ invariant: 'wait-since-submit', session: null, message: `threw: ${errorText(error)}` });
  }
  checkVariants(scenario, violations);
  try {
    checkKubernetesRoundTrip(scenario, first.output, (s) => runLive(s, 'output').output, violations);
  } catch (error) {
    violations.push({
      invariant: 'kubernetes-roundtrip',
      session: null,
      message: `threw: ${errorText(error)}`,
    });
  }
  for (let i = 0; i < sessions; i++) {
    if (JSON.stringify(first.snapshots[i]) !== first.live[i]) {
      violations.push({
        invariant: 'history-rebuild',
        session: i + 1,
        message: `session ${i + 1} rebuilt after the run differs from the live one`,
      });
      break;
    }
  }
  try {
    const again = parseScenario(text);
    const second = again.ok ? runLive(again.scenario, 'live') : null;
    // Every snapshot, trace included, as seen live.
    if (second === null || second.live.join('\n') !== first.live.join('\n'))
      violations.push({
        invariant: 'deterministic',
        session: null,
        message: 'a second run of the same text differs',
      });
  } catch (error) {
    violations.push({
      invariant: 'deterministic',
      session: null,
      message: `second run threw: ${errorText(error)}`,
    });
  }
  try {
    const serialised = serialiseScenario(scenario);
    const back = parseScenario(serialised);
    if (!back.ok) {
      violations.push({
        invariant: 'serialise-roundtrip',
        session: null,
        message: `serialised text is rejected: ${back.errors.slice(0, 2).map(formatIssue).join('; ')}`,
      });
    } else if (
      // The same normalised scenario runs the same (determinism is checked above); only a differing one
      // needs its own run to show whether the difference matters.
      JSON.stringify(back.scenario) !== JSON.stringify(scenario) &&
      runLive(back.scenario, 'output').output !== first.output
    ) {
      violations.push({
        invariant: 'serialise-roundtrip',
        session: null,
        message: 'parse(serialise(s)) runs differently',
      });
    }
  } catch (error) {
    violations.push({
      invariant: 'serialise-roundtrip',
      session: null,
      message: `threw: ${errorText(error)}`,
    });
  }
  return { accepted: true, sessions, violations };
}

/** Pending tasks per job that request nothing (Volcano's BestEffort: placed by `backfill`, not `allocate`). */
function isBestEffort(facts: ReturnType<typeof scenarioFacts>, task: string): boolean {
  const r = facts.taskResources.get(task);
  return r !== undefined && r.gpu < 1e-4 && r.cpu < 1e-4 && r.memory < 0.1;
}

function pendingBestEffort(snap: SessionSnapshot, facts: ReturnType<typeof scenarioFacts>) {
  const counts = new Map<string, number>();
  for (const t of snap.tasks) {
    if (t.status !== 'Pending') continue;
    if (isBestEffort(facts, t.name)) counts.set(t.job, (counts.get(t.job) ?? 0) + 1);
  }
  return (job: { name: string }) => counts.get(job.name) ?? 0;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Whether every configuration the scenario runs with has allocate before each eviction action. Only then
 * is a Pipelined task a promise on capacity being released: an eviction action's victim simulation places
 * the preemptor pipeline-only (KAI §1.5), so when it runs before allocate it may pipeline a job onto idle
 * capacity next to a moved victim, as upstream would; the invariant holds for the order KAI ships.
 */
function allocateRunsFirst(scenario: Scenario): boolean {
  const lists = [
    scenario.scheduler.actions,
    ...scenario.events.flatMap((e) =>
      e.kind === 'updateConfig' && e.patch.actions ? [e.patch.actions] : [],
    ),
  ];
  return lists.every((actions) => {
    const allocate = actions.indexOf('allocate');
    return allocate >= 0 && actions.every((a, i) => i > allocate || !EVICTING.has(a));
  });
}

const EVICTING = new Set(['consolidation', 'reclaim', 'preempt']);
