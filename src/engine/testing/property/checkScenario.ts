/**
 * Runs one scenario text and checks every invariant after every session, then the whole-run ones
 * (history rebuild, determinism, serialise round trip). Returns the violations; never throws.
 */
import { createSimulation, formatIssue, parseScenario, runDocument, serialiseScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import { checkNodeCapacity, checkPipelining, checkQueueLimits } from './checkCapacity';
import { checkEvictionRecords, checkMinRuntime } from './checkEvictions';
import { BrokenByNodeRemoval, checkConsolidation, checkGangs, checkStartTimes } from './checkGangs';
import type { Violation } from './invariants';
import { scenarioFacts } from './sessionFacts';

export interface ScenarioCheck {
  accepted: boolean;
  sessions: number;
  violations: Violation[];
}

interface LiveRun {
  snapshots: SessionSnapshot[];
  /** JSON of each snapshot taken right after its session ran. */
  live: string[];
  output: string;
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
  if (mode !== 'checked')
    return { snapshots, live, output: JSON.stringify(runDocument(scenario, snapshots)) };
  // Rebuilt now, after the whole run: must equal what was seen live.
  const rebuilt = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
  return { snapshots: rebuilt, live, output: JSON.stringify(runDocument(scenario, rebuilt)) };
}

export function checkScenarioText(text: string): ScenarioCheck {
  const violations: Violation[] = [];
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    const message = parsed.errors.slice(0, 3).map(formatIssue).join('; ');
    return {
      accepted: false,
      sessions: 0,
      violations: [{ invariant: 'valid-scenario-accepted', session: null, message }],
    };
  }
  const scenario = parsed.scenario;
  const facts = scenarioFacts(scenario);
  const broken = new BrokenByNodeRemoval();
  const pipeliningIsChecked = allocateRunsFirst(scenario);
  let first: LiveRun;
  try {
    first = runLive(scenario, 'checked', (prev, snap) => {
      checkNodeCapacity(snap, facts, violations);
      checkQueueLimits(snap, facts, violations);
      if (pipeliningIsChecked) checkPipelining(snap, violations);
      broken.update(scenario, prev, snap);
      checkGangs(snap, broken, violations);
      checkConsolidation(scenario, prev, snap, violations);
      checkStartTimes(scenario, prev, snap, violations);
      checkMinRuntime(scenario, prev, snap, violations);
      checkEvictionRecords(snap, violations);
    });
  } catch (error) {
    violations.push({ invariant: 'no-engine-crash', session: null, message: errorText(error) });
    return { accepted: true, sessions: 0, violations };
  }
  const sessions = first.snapshots.length;
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
