/** The queue tree: parents exist, no cycles, and jobs go to existing (for kai: leaf) queues. */
import type { JobSpec, QueueSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote } from './fieldPath';
import { MAX_QUEUE_DEPTH, MAX_SIBLING_QUEUES } from './limits';
import { accepts } from '../registry';

/**
 * Checks parents and cycles among `queues`, then the queue of every job (including submitted ones).
 * Returns the queues by name (first definition wins), for the timeline check.
 */
export function checkQueueTree(
  queues: readonly QueueSpec[],
  jobs: readonly JobSpec[],
  ctx: NormaliseContext,
): Map<string, QueueSpec> {
  const byName = new Map<string, QueueSpec>();
  for (const q of queues) if (!byName.has(q.name)) byName.set(q.name, q);

  for (const q of queues) {
    if (q.parent !== null && !byName.has(q.parent)) {
      ctx.sink.report(
        'unknown-parent-queue',
        [...ctx.origins.of(q), 'parent'],
        `queue ${quote(q.parent)} does not exist`,
      );
    }
  }
  reportCycles(queues, byName, ctx);

  const children = new Map<string, string[]>();
  for (const q of byName.values()) {
    if (q.parent === null || !byName.has(q.parent)) continue;
    const list = children.get(q.parent) ?? [];
    list.push(q.name);
    children.set(q.parent, list);
  }
  checkTreeShape(byName, children, ctx);
  for (const job of jobs) {
    if (job.queue === '') continue;
    const path = [...ctx.origins.of(job), 'queue'];
    if (!byName.has(job.queue)) {
      ctx.sink.report('unknown-queue', path, `queue ${quote(job.queue)} does not exist`);
      continue;
    }
    const kids = children.get(job.queue);
    if (accepts(ctx.profile, 'leafJobsOnly') && kids !== undefined) {
      ctx.sink.report(
        'job-in-non-leaf-queue',
        path,
        `queue ${quote(job.queue)} is not a leaf queue (it has child queues ${listNames(kids)}); ${ctx.profile} schedules jobs only from leaf queues`,
      );
    }
  }
  return byName;
}

/**
 * Width and depth limits (docs/scenario-format.md §10): at most MAX_SIBLING_QUEUES children per queue
 * (and top-level queues), at most MAX_QUEUE_DEPTH levels. Depths are computed with memo and no recursion.
 */
function checkTreeShape(
  byName: ReadonlyMap<string, QueueSpec>,
  children: ReadonlyMap<string, string[]>,
  ctx: NormaliseContext,
): void {
  const topLevel = [...byName.values()].filter((q) => q.parent === null);
  const over = topLevel[MAX_SIBLING_QUEUES];
  if (over !== undefined) {
    ctx.sink.report(
      'too-large',
      ctx.origins.of(over),
      `at most ${MAX_SIBLING_QUEUES} top-level queues, got ${topLevel.length}`,
    );
  }
  for (const [parent, kids] of children) {
    const extra = kids[MAX_SIBLING_QUEUES];
    if (extra === undefined) continue;
    ctx.sink.report(
      'too-large',
      [...ctx.origins.of(byName.get(extra) as QueueSpec), 'parent'],
      `at most ${MAX_SIBLING_QUEUES} child queues per queue; ${quote(parent)} has ${kids.length}`,
    );
  }
  const depth = queueDepths(byName);
  for (const q of byName.values()) {
    const d = depth.get(q.name) ?? 0;
    if (d <= MAX_QUEUE_DEPTH) continue;
    ctx.sink.report(
      'too-large',
      [...ctx.origins.of(q), 'parent'],
      `the queue tree is at most ${MAX_QUEUE_DEPTH} levels deep; queue ${quote(q.name)} is at level ${d}`,
    );
    return; // one error for one over-deep chain
  }
}

/** Level of every queue (top level = 1); queues on a cycle get 0 (the cycle is reported apart). */
export function queueDepths(byName: ReadonlyMap<string, { parent: string | null }>): Map<string, number> {
  const depth = new Map<string, number>();
  for (const start of byName.keys()) {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let current: string | null = start;
    let base = 0;
    while (current !== null) {
      const known = depth.get(current);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (onChain.has(current) || !byName.has(current)) {
        base = onChain.has(current) ? -Infinity : 0;
        break;
      }
      chain.push(current);
      onChain.add(current);
      current = byName.get(current)?.parent ?? null;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      base = base === -Infinity ? -Infinity : base + 1;
      depth.set(chain[i] as string, base);
    }
  }
  for (const [name, d] of depth) if (d === -Infinity) depth.set(name, 0);
  return depth;
}

/** Follows parents from every queue; each cycle is reported once, at its first queue in document order. */
function reportCycles(
  queues: readonly QueueSpec[],
  byName: ReadonlyMap<string, QueueSpec>,
  ctx: NormaliseContext,
): void {
  const done = new Set<string>();
  for (const start of queues) {
    const chain: string[] = [];
    let current: QueueSpec | undefined = start;
    while (current !== undefined && !done.has(current.name)) {
      const at = chain.indexOf(current.name);
      if (at >= 0) {
        const cycle = chain.slice(at);
        const first = queues.find((q) => cycle.includes(q.name)) as QueueSpec;
        const from = cycle.indexOf(first.name);
        const ordered = [...cycle.slice(from), ...cycle.slice(0, from), first.name];
        ctx.sink.report(
          'queue-cycle',
          [...ctx.origins.of(first), 'parent'],
          `queue cycle: ${ordered.join(' -> ')}`,
        );
        break;
      }
      chain.push(current.name);
      current = current.parent === null ? undefined : byName.get(current.parent);
    }
    for (const name of chain) done.add(name);
  }
}
