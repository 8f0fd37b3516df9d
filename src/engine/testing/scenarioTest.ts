/**
 * Helpers for engine tests that read as scenarios: build a scenario from a YAML/JSON-like object, run it,
 * and look at sessions.
 */
import { createSimulation, formatIssue, normaliseScenarioDocument } from '../index';
import type { Simulation } from '../api';
import type { Scenario } from '../model/scenario';
import type { SessionSnapshot } from '../model/snapshot';

export function scenarioOf(doc: Record<string, unknown>): Scenario {
  const r = normaliseScenarioDocument({ version: 1, name: 'test', ...doc });
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

export function run(doc: Record<string, unknown>): Simulation {
  const sim = createSimulation(scenarioOf(doc));
  while (sim.step()) {
    /* run to the end */
  }
  return sim;
}

export function statusOf(s: SessionSnapshot, task: string): string | undefined {
  return s.tasks.find((t) => t.name === task)?.status;
}

export function evictedIn(s: SessionSnapshot): string[] {
  return s.decisions.filter((d) => d.kind === 'evict').map((d) => d.task);
}

/** The first session (1-based) where `task` was evicted, or null. */
export function firstEviction(sim: Simulation, task: string): SessionSnapshot | null {
  for (let i = 1; i <= sim.sessionCount(); i++) {
    const s = sim.snapshot(i);
    if (evictedIn(s).includes(task)) return s;
  }
  return null;
}
