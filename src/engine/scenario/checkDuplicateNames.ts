/** Names identify nodes, queues, jobs and tasks: each must be unique within its kind. */
import type { JobSpec, Scenario } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { formatFieldPath, quote } from './fieldPath';

/**
 * Reports the second and later definitions of a name. Jobs and tasks include those of `submit` events
 * (the format makes them unique across the scenario); nodes added by events are checked on the
 * timeline instead (a removed node may come back). Empty names are already reported as missing.
 */
export function checkDuplicateNames(
  scenario: Scenario,
  submitted: readonly JobSpec[],
  ctx: NormaliseContext,
): void {
  const jobs = [...scenario.jobs, ...submitted];
  checkKind('node', scenario.nodes, ctx);
  checkKind('queue', scenario.queues, ctx);
  checkKind('job', jobs, ctx);
  checkKind(
    'task',
    jobs.flatMap((j) => j.tasks),
    ctx,
  );
}

function checkKind(kind: string, objects: readonly { name: string }[], ctx: NormaliseContext): void {
  // The first object of each name; its source path is looked up only when a second one comes (most names are
  // unique, and at 140,000 tasks a path lookup per object was most of this check; decision 0336).
  const first = new Map<string, object>();
  for (const object of objects) {
    if (object.name === '') continue;
    const previousObject = first.get(object.name);
    if (previousObject === undefined) {
      first.set(object.name, object);
      continue;
    }
    const previous = ctx.origins.of(previousObject);
    const line = ctx.sink.lineOf(previous);
    const where =
      previous.length === 0
        ? ''
        : ` by ${formatFieldPath(previous)}${line === null ? '' : ` on line ${line}`}`;
    ctx.sink.report(
      'duplicate-name',
      [...ctx.origins.of(object), 'name'],
      `${kind} ${quote(object.name)} is already defined${where}`,
    );
  }
}
