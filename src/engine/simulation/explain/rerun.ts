/**
 * Re-running the engine for explanations: every figure a suggestion promises comes from one of these runs,
 * never from a formula outside the engine. Runs keep only what metrics read (decisions), and a shared
 * budget bounds the sessions all runs of one explanation may take (docs §18).
 */
import type { RunSpec, Scenario } from '../../model/scenario';
import { Simulator } from '../Simulator';
import { MAX_RERUN_SESSIONS, MAX_RERUN_WORK } from './types';

/** What one session of `scenario` weighs in a work budget: its tasks and nodes (at least 1). */
export function sessionWeight(scenario: Scenario): number {
  let tasks = 0;
  for (const j of scenario.jobs) tasks += j.tasks.length;
  for (const e of scenario.events) if (e.kind === 'submit') tasks += e.job.tasks.length;
  return Math.max(1, tasks + scenario.nodes.length);
}

/**
 * Sessions left for the re-runs of one explanation: at most MAX_RERUN_SESSIONS, and at most MAX_RERUN_WORK
 * in sessions × {@link sessionWeight}.
 */
export class RerunBudget {
  private left: number;
  constructor(scenario: Scenario) {
    this.left = Math.min(MAX_RERUN_SESSIONS, Math.floor(MAX_RERUN_WORK / sessionWeight(scenario)));
  }
  /** Sessions still available. */
  remaining(): number {
    return this.left;
  }
  /** Takes `sessions` from the budget; false (and takes nothing) when they are not left. */
  take(sessions: number): boolean {
    if (sessions > this.left) return false;
    this.left -= sessions;
    return true;
  }
}

export interface StartFound {
  session: number;
  time: number;
}

/** `run` that ends exactly at session `last` (a re-run to a given session). */
export function runExactly(last: number): RunSpec {
  return { sessions: last, untilMs: null, maxSessions: Math.max(last, 1), untilSettled: false };
}

/** `run` that goes on at most to session `last`, or until nothing is left to happen (docs §7.1). */
export function runAtMost(last: number): RunSpec {
  return { sessions: null, untilMs: null, maxSessions: Math.max(last, 1), untilSettled: true };
}

/**
 * The first session after `after` (and at most `run`'s end) with a bind or pipeline decision for `job`,
 * running `scenario` with `run` in place of its own; null when there is none.
 */
export function firstStart(scenario: Scenario, job: string, after: number, run: RunSpec): StartFound | null {
  const sim = new Simulator({ ...scenario, run }, { record: 'metrics' });
  while (sim.step()) {
    const entry = sim.history.entries.at(-1);
    if (entry === undefined || entry.index <= after) continue;
    if (entry.decisions.some((d) => d.job === job && (d.kind === 'bind' || d.kind === 'pipeline')))
      return { session: entry.index, time: entry.timeMs };
  }
  return null;
}

/** True when `job` has an eviction decision by `action` at session `session` of `scenario` run to it. */
export function evictedAt(scenario: Scenario, job: string, session: number, action: string): boolean {
  const sim = new Simulator({ ...scenario, run: runExactly(session) }, { record: 'metrics' });
  sim.runToEnd();
  const entry = sim.history.entries.find((e) => e.index === session);
  return entry?.decisions.some((d) => d.kind === 'evict' && d.job === job && d.action === action) ?? false;
}

/**
 * The message of what a run threw that is an answer rather than a bug: a scenario the engine cannot run
 * (a feature not implemented, UnsupportedError) or a change naming what is not there; null otherwise.
 */
export function refusal(e: unknown): string | null {
  return e instanceof Error && (e.name === 'UnsupportedError' || e.name === 'ScenarioChangeError')
    ? e.message
    : null;
}
