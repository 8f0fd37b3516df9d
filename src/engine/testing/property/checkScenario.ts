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
import { checkNodeCapacity } from './checkCapacity';
import { checkEvictionRecords } from './checkEvictions';
import { BrokenByNodeRemoval, checkGangs } from './checkGangs';
import { checkRoles, EvictedJobs, roleFacts } from './checkRoles';
import { checkSubGroups, jobsWithSubGroups } from './checkSubGroups';
import { checkKubernetesRoundTrip } from './checkKubernetesRoundTrip';
import { checkReaders } from './checkReaders';
import { checkVariants } from './checkVariants';
import { checkRejectedAsIntended, expectsRejection, type IntendedRejections } from './checkRejections';
import { checkWaits } from './checkWaits';
import { checkNodePoolPlacement, nodePoolIndex } from './checkNodePools';
import { isInvariantName, type Violation } from './invariants';
import { moduleOf } from '../../registry';
import { scenarioFacts } from './sessionFacts';
import type { PropertyRunState } from './runState';

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
  const pools = nodePoolIndex(scenario);
  // The profile's part (decisions 0297, 0311): its own invariants after every session, the jobs its upstream
  // may leave below minAvailable, and whether pending BestEffort tasks count as ready.
  const generator = moduleOf(scenario.profile).arbitraries;
  const own = generator?.checks?.(scenario);
  const gangs = generator?.gangs ?? true;
  const run: PropertyRunState = { facts, broken };
  let first: LiveRun;
  try {
    first = runLive(scenario, 'checked', (prev, snap) => {
      checkNodeCapacity(snap, facts, violations);
      checkNodePoolPlacement(pools, snap, violations);
      broken.update(scenario, prev, snap);
      broken.markUpstreamGangGaps(own?.gangGaps?.(snap, prev) ?? []);
      if (gangs)
        checkGangs(
          snap,
          broken,
          violations,
          own?.bestEffortIsReady ? readyBesidesPlaced(snap, facts) : undefined,
        );
      evictedJobs.update(snap);
      checkRoles(snap, roles, evictedJobs, broken, (t) => isBestEffort(facts, t), violations);
      checkSubGroups(subGroupJobs, snap, broken, violations);
      checkEvictionRecords(snap, violations);
      for (const v of own?.session(snap, { previous: prev, run }) ?? [])
        violations.push({
          invariant: isInvariantName(v.invariant) ? v.invariant : 'no-engine-crash',
          session: snap.index,
          message: isInvariantName(v.invariant)
            ? v.message
            : `unknown invariant ${v.invariant}: ${v.message}`,
        });
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

/**
 * What Volcano's and kube-batch's `IsReady` counts besides placed tasks: pending BestEffort tasks, and
 * Succeeded ones, which their `ReadyTaskNum` counts (volcano pkg/scheduler/api/job_info.go:925 @ed72c7c8;
 * decision 0330).
 */
function readyBesidesPlaced(snap: SessionSnapshot, facts: ReturnType<typeof scenarioFacts>) {
  const counts = new Map<string, number>();
  for (const t of snap.tasks) {
    if (t.status === 'Succeeded' || (t.status === 'Pending' && isBestEffort(facts, t.name)))
      counts.set(t.job, (counts.get(t.job) ?? 0) + 1);
  }
  return (job: { name: string }) => counts.get(job.name) ?? 0;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
