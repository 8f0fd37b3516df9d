/**
 * Events on the timeline: replays them in time order (stable for equal times, as the simulator applies
 * them) and checks that each names something that exists at that moment. Also completes the
 * `resources` of `updateQueue` patches, which are written as changes to the queue as it then stands.
 */
import type { QueueResourceSpec, QueueSpec, Scenario, ScenarioEvent } from '../model/scenario';
import type { QueueResourceName } from '../model/resources';
import type { NormaliseContext } from './NormaliseContext';
import { quote } from './fieldPath';
import { completeQueueResources, defaultQueueResources } from './normaliseQueue';
import type { NormalisedEvents } from './normaliseEvents';

interface QueueState {
  parent: string | null;
  resources: Record<QueueResourceName, QueueResourceSpec>;
}

/** `queues` are the scenario's queues by name (see checkQueueTree). */
export function checkEvents(
  scenario: Scenario,
  normalised: NormalisedEvents,
  queues: ReadonlyMap<string, QueueSpec>,
  ctx: NormaliseContext,
): void {
  const nodes = new Set(scenario.nodes.map((n) => n.name));
  const liveJobs = new Set(scenario.jobs.map((j) => j.name));
  const everJobs = new Set([
    ...liveJobs,
    ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job.name] : [])),
  ]);
  const state = new Map<string, QueueState>();
  for (const [name, q] of queues) state.set(name, { parent: q.parent, resources: q.resources });

  const timeline = scenario.events
    .map((event, i) => ({ event, i }))
    .sort((a, b) => a.event.atMs - b.event.atMs || a.i - b.i);
  for (const { event } of timeline) {
    const path = ctx.origins.of(event);
    switch (event.kind) {
      case 'submit':
        liveJobs.add(event.job.name);
        break;
      case 'deleteJob':
        if (liveJobs.delete(event.name)) break;
        ctx.sink.report(
          'unknown-job',
          [...path, 'deleteJob'],
          everJobs.has(event.name)
            ? `job ${quote(event.name)} is not in the cluster at that time (submitted later, or already deleted)`
            : `job ${quote(event.name)} does not exist`,
        );
        break;
      case 'addNode':
        if (nodes.has(event.node.name)) {
          ctx.sink.report(
            'duplicate-name',
            [...path, 'addNode', 'name'],
            `node ${quote(event.node.name)} already exists at that time`,
          );
        }
        nodes.add(event.node.name);
        break;
      case 'removeNode':
        if (!nodes.delete(event.name)) {
          ctx.sink.report(
            'unknown-node',
            [...path, 'removeNode'],
            `node ${quote(event.name)} does not exist at that time`,
          );
        }
        break;
      case 'updateQueue':
        applyQueuePatch(event, path, normalised, state, ctx);
        break;
      case 'updateConfig':
        break;
    }
  }
}

function applyQueuePatch(
  event: Extract<ScenarioEvent, { kind: 'updateQueue' }>,
  path: readonly (string | number)[],
  normalised: NormalisedEvents,
  state: Map<string, QueueState>,
  ctx: NormaliseContext,
): void {
  const { patch } = event;
  const written = normalised.queueResources.get(patch);
  const current = state.get(patch.name);
  if (written !== undefined)
    patch.resources = completeQueueResources(written, current?.resources ?? defaultQueueResources());
  if (current === undefined) {
    ctx.sink.report(
      'unknown-queue',
      [...path, 'updateQueue', 'name'],
      `queue ${quote(patch.name)} does not exist`,
    );
    return;
  }
  if (patch.resources !== undefined) current.resources = patch.resources;
  if (patch.parent === undefined) return;
  if (patch.parent !== null && !state.has(patch.parent)) {
    ctx.sink.report(
      'unknown-parent-queue',
      [...path, 'updateQueue', 'parent'],
      `queue ${quote(patch.parent)} does not exist`,
    );
    return;
  }
  current.parent = patch.parent;
  const cycle = cycleFrom(patch.name, state);
  if (cycle !== null) {
    ctx.sink.report(
      'queue-cycle',
      [...path, 'updateQueue', 'parent'],
      `this change makes a queue cycle: ${cycle.join(' -> ')}`,
    );
    current.parent = null;
  }
}

/** The cycle `name -> … -> name` through parents, or null when following parents reaches a root. */
function cycleFrom(name: string, state: ReadonlyMap<string, QueueState>): string[] | null {
  const chain = [name];
  let current = state.get(name)?.parent ?? null;
  while (current !== null && !chain.includes(current)) {
    chain.push(current);
    current = state.get(current)?.parent ?? null;
  }
  return current === name ? [...chain, name] : null;
}
