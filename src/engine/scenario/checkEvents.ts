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
import { MAX_QUEUE_DEPTH } from './limits';
import type { NormalisedEvents } from './normaliseEvents';
import { accepts } from '../registry';

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
  const tree = new TimelineTree(
    state,
    [...scenario.jobs].map((j) => [j.name, j.queue]),
  );

  const timeline = scenario.events
    .map((event, i) => ({ event, i }))
    .sort((a, b) => a.event.atMs - b.event.atMs || a.i - b.i);
  for (const { event } of timeline) {
    const path = ctx.origins.of(event);
    switch (event.kind) {
      case 'submit':
        liveJobs.add(event.job.name);
        if (accepts(ctx.profile, 'leafJobsOnly') && tree.hasChildren(event.job.queue)) {
          ctx.sink.report(
            'job-in-non-leaf-queue',
            [...path, 'submit', 'queue'],
            `queue ${quote(event.job.queue)} has child queues at that time; ${ctx.profile} schedules jobs only from leaf queues`,
          );
        }
        tree.addJob(event.job.name, event.job.queue);
        break;
      case 'deleteJob':
        tree.removeJob(event.name);
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
        applyQueuePatch(event, path, normalised, state, tree, ctx);
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
  tree: TimelineTree,
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
  const parentPath = [...path, 'updateQueue', 'parent'];
  // The same rule as at t=0 (checkQueueTree): a queue that holds jobs cannot become a parent.
  const held = patch.parent === null ? undefined : tree.jobIn(patch.parent);
  if (accepts(ctx.profile, 'leafJobsOnly') && patch.parent !== null && held !== undefined) {
    ctx.sink.report(
      'job-in-non-leaf-queue',
      parentPath,
      `queue ${quote(patch.parent)} holds job ${quote(held)} at that time, so it cannot become a parent queue; ${ctx.profile} schedules jobs only from leaf queues`,
    );
    return;
  }
  const before = current.parent;
  current.parent = patch.parent;
  const cycle = cycleFrom(patch.name, state);
  if (cycle !== null) {
    ctx.sink.report('queue-cycle', parentPath, `this change makes a queue cycle: ${cycle.join(' -> ')}`);
    current.parent = null;
    tree.move(patch.name, before, null);
    return;
  }
  tree.move(patch.name, before, patch.parent);
  const level = tree.deepestLevelUnder(patch.name);
  if (level > MAX_QUEUE_DEPTH) {
    ctx.sink.report(
      'too-large',
      parentPath,
      `the queue tree is at most ${MAX_QUEUE_DEPTH} levels deep; this change makes it ${level}`,
    );
  }
}

/**
 * The queue tree and where live jobs are, as the timeline replays: which queues have children, which
 * hold a job, and how deep a moved subtree reaches.
 */
class TimelineTree {
  private readonly children = new Map<string, Set<string>>();
  private readonly jobs = new Map<string, Set<string>>();
  private readonly queueOf = new Map<string, string>();

  constructor(
    private readonly state: ReadonlyMap<string, QueueState>,
    jobs: Iterable<[string, string]>,
  ) {
    for (const [name, q] of state) if (q.parent !== null) this.kids(q.parent).add(name);
    for (const [job, queue] of jobs) this.addJob(job, queue);
  }

  hasChildren(queue: string): boolean {
    return (this.children.get(queue)?.size ?? 0) > 0;
  }

  /** A live job of `queue`, or undefined. */
  jobIn(queue: string): string | undefined {
    const set = this.jobs.get(queue);
    return set === undefined ? undefined : set.values().next().value;
  }

  addJob(job: string, queue: string): void {
    this.queueOf.set(job, queue);
    const set = this.jobs.get(queue) ?? new Set<string>();
    set.add(job);
    this.jobs.set(queue, set);
  }

  removeJob(job: string): void {
    const queue = this.queueOf.get(job);
    if (queue === undefined) return;
    this.queueOf.delete(job);
    this.jobs.get(queue)?.delete(job);
  }

  move(queue: string, from: string | null, to: string | null): void {
    if (from !== null) this.children.get(from)?.delete(queue);
    if (to !== null) this.kids(to).add(queue);
  }

  /** The level of the deepest queue in `queue`'s subtree (top level = 1), without recursion. */
  deepestLevelUnder(queue: string): number {
    let level = 0;
    const seen = new Set<string>();
    for (let q: string | null = queue; q !== null && !seen.has(q); q = this.state.get(q)?.parent ?? null) {
      seen.add(q);
      level++;
    }
    let deepest = level;
    let frontier = [queue];
    for (let extra = 1; frontier.length > 0; extra++) {
      const next: string[] = [];
      for (const q of frontier) for (const c of this.children.get(q) ?? []) next.push(c);
      if (next.length > 0) deepest = level + extra;
      frontier = next;
    }
    return deepest;
  }

  private kids(queue: string): Set<string> {
    const set = this.children.get(queue) ?? new Set<string>();
    this.children.set(queue, set);
    return set;
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
