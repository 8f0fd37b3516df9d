/**
 * Checks that relate parts of the scenario to each other (names, the queue tree, placements, the event
 * timeline, check references). They run on the normalised scenario even when some fields had errors,
 * so that one pass reports everything; objects that could not be read at all are simply absent.
 */
import type { Scenario } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { checkDuplicateNames } from './checkDuplicateNames';
import { checkEvents } from './checkEvents';
import { checkNodePools } from './checkNodePools';
import { checkExpectReferences } from './checkExpectReferences';
import { checkPlacement } from './checkPlacement';
import { checkProfileFields } from './checkProfileFields';
import { checkQueueTree } from './checkQueueTree';
import { resolveGpuMemory } from './readGpuMemory';
import type { NormalisedEvents } from './normaliseEvents';

/** Runs every cross-check; completes `updateQueue` patches on the way (see checkEvents). */
export function crossCheckScenario(
  scenario: Scenario,
  events: NormalisedEvents,
  ctx: NormaliseContext,
): void {
  const submitted = scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []));
  checkDuplicateNames(scenario, submitted, ctx);
  const queues = checkQueueTree(scenario.queues, [...scenario.jobs, ...submitted], ctx);
  checkProfileFields(scenario, submitted, ctx);
  resolveGpuMemory(scenario, ctx);
  checkPlacement(scenario.nodes, scenario.jobs, ctx);
  checkEvents(scenario, events, queues, ctx);
  checkExpectReferences(scenario, ctx);
  checkNodePools(scenario, submitted, ctx);
}
