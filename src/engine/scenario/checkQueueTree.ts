/** The queue tree: parents exist, no cycles, and jobs go to existing (for kai: leaf) queues. */
import type { JobSpec, QueueSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote } from './fieldPath';

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
  for (const job of jobs) {
    if (job.queue === '') continue;
    const path = [...ctx.origins.of(job), 'queue'];
    if (!byName.has(job.queue)) {
      ctx.sink.report('unknown-queue', path, `queue ${quote(job.queue)} does not exist`);
      continue;
    }
    const kids = children.get(job.queue);
    if (ctx.profile === 'kai' && kids !== undefined) {
      ctx.sink.report(
        'job-in-non-leaf-queue',
        path,
        `queue ${quote(job.queue)} is not a leaf queue (it has child queues ${listNames(kids)}); kai schedules jobs only from leaf queues`,
      );
    }
  }
  return byName;
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
