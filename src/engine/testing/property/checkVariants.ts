/**
 * Variants (format §15): every variant the parser accepts, applied to the base, is a scenario the parser
 * accepts too (validated as the base is: issue 18 found `kValue: 1e308` run in a variant while the base
 * rejects it), serialises back to itself, and runs its first sessions within every node's capacity.
 */
import { createSimulation, formatIssue, parseScenario, serialiseScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import { applyVariant } from '../../scenario/applyVariant';
import { checkNodeCapacity } from './checkCapacity';
import type { Violation } from './invariants';
import { scenarioFacts } from './sessionFacts';

/** Sessions of each variant run: enough for allocate, reclaim and preempt to act. */
const VARIANT_SESSIONS = 5;

export function checkVariants(scenario: Scenario, out: Violation[]): void {
  for (const v of scenario.variants) {
    const fail = (message: string) =>
      out.push({ invariant: 'variant-validated', session: null, message: `variant ${v.name}: ${message}` });
    let applied: Scenario;
    try {
      applied = { ...applyVariant(scenario, v), variants: [] };
      const back = parseScenario(serialiseScenario(applied));
      if (!back.ok) {
        fail(
          `applied, it is a scenario the parser rejects: ${back.errors.slice(0, 2).map(formatIssue).join('; ')}`,
        );
        continue;
      }
      const facts = scenarioFacts(applied);
      const sim = createSimulation(applied);
      const capacity: Violation[] = [];
      for (let i = 0; i < VARIANT_SESSIONS && sim.step(); i++) {
        const snap: SessionSnapshot = sim.snapshot(sim.sessionCount());
        checkNodeCapacity(snap, facts, capacity);
      }
      if (capacity[0] !== undefined)
        fail(`over capacity in session ${capacity[0].session}: ${capacity[0].message}`);
    } catch (error) {
      fail(`threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  }
}
