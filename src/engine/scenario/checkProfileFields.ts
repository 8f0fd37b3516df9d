/**
 * Queue-tree fields a Volcano or kube-batch scenario may not write because nothing in that profile (or in
 * the plugins it configures) reads them: each is refused with the profile named, never accepted and
 * ignored (docs/scenario-format.md §25, decision 0222). KAI scenarios are checked in checkQueueTree.
 *
 * Volcano reads `parent` only in the capacity plugin with `enableHierarchy: true` (volcano
 * `plugins/capacity/capacity.go:450-456`, framework/session.go:1006-1016 @ed72c7c8; proportion has no
 * hierarchy); kube-batch has none. In a capacity tree, jobs go only to leaf queues (capacity.go:1240-1243
 * refuses the whole session otherwise).
 */
import type { JobSpec, QueueSpec, Scenario } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote } from './fieldPath';

/** Whether any configuration of the run (the scheduler or an `updateConfig`) has capacity with hierarchy. */
export function hasCapacityTree(scenario: Scenario): boolean {
  const configs = [
    scenario.scheduler,
    ...scenario.events.flatMap((e) => (e.kind === 'updateConfig' ? [e.patch] : [])),
  ];
  return configs.some((c) =>
    (c.tiers ?? []).some((t) =>
      t.plugins.some((p) => p.name === 'capacity' && p.flags['enableHierarchy'] === true),
    ),
  );
}

export function checkProfileFields(
  scenario: Scenario,
  submitted: readonly JobSpec[],
  ctx: NormaliseContext,
): void {
  const profile = ctx.profile;
  if (profile === 'kai') return;
  const tree = profile === 'volcano' && hasCapacityTree(scenario);
  for (const q of scenario.queues) {
    if (q.parent === null || tree) continue;
    ctx.sink.report(
      'field-not-in-profile',
      [...ctx.origins.of(q), 'parent'],
      profile === 'kube-batch'
        ? 'profile kube-batch has no queue hierarchy, so `parent` would be ignored'
        : 'profile volcano: only the capacity plugin with `enableHierarchy: true` reads `parent` (proportion has no queue hierarchy); without it the parent would be ignored',
    );
  }
  if (tree) checkLeafJobs(scenario.queues, [...scenario.jobs, ...submitted], ctx);
}

/** In a capacity tree a job's queue must be a leaf, as for KAI. */
function checkLeafJobs(queues: readonly QueueSpec[], jobs: readonly JobSpec[], ctx: NormaliseContext): void {
  const children = new Map<string, string[]>();
  for (const q of queues) {
    if (q.parent === null) continue;
    children.set(q.parent, [...(children.get(q.parent) ?? []), q.name]);
  }
  for (const job of jobs) {
    const kids = children.get(job.queue);
    if (kids === undefined) continue;
    ctx.sink.report(
      'job-in-non-leaf-queue',
      [...ctx.origins.of(job), 'queue'],
      `queue ${quote(job.queue)} is not a leaf queue (it has child queues ${listNames(kids)}); volcano's capacity plugin with enableHierarchy schedules jobs only from leaf queues`,
    );
  }
}
