/**
 * Queue-tree fields a scenario may not write because nothing in its profile (or in the plugins it
 * configures) reads them: `parent` where the profile has no queue hierarchy in this configuration
 * (`ProfileModule.format`, profiles/volcano/format.ts) is refused with the profile named, never accepted
 * and ignored (docs/scenario-format.md §25, decision 0222). Profiles whose jobs always go to leaf queues
 * are checked in checkQueueTree. Where the hierarchy comes with a plugin (Volcano capacity), jobs go only
 * to leaf queues too (volcano capacity.go:1240-1243 @ed72c7c8 refuses the whole session otherwise).
 */
import type { JobSpec, QueueSpec, Scenario } from '../model/scenario';
import { moduleOf } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote } from './fieldPath';

export function checkProfileFields(
  scenario: Scenario,
  submitted: readonly JobSpec[],
  ctx: NormaliseContext,
): void {
  const format = moduleOf(ctx.profile).format;
  // A profile with its own block (decision 0281) names which queues jobs may name (Kueue: ClusterQueues).
  const block = format.block;
  const jobQueues = block && scenario.profileBlock ? block.jobQueues(scenario.profileBlock.data) : null;
  if (block !== undefined && jobQueues !== null) {
    for (const job of [...scenario.jobs, ...submitted])
      if (!jobQueues.has(job.queue) && scenario.queues.some((q) => q.name === job.queue))
        ctx.sink.report(
          'job-in-non-leaf-queue',
          [...ctx.origins.of(job), 'queue'],
          block.whyNotJobQueue(job.queue),
        );
    return;
  }
  // A profile whose jobs go only to leaf queues checks them in checkQueueTree and checkEvents.
  if (format.accepts('leafJobsOnly', scenario)) return;
  const tree = format.accepts('queueHierarchy', scenario);
  for (const q of scenario.queues) {
    if (q.parent === null || tree) continue;
    ctx.sink.report(
      'field-not-in-profile',
      [...ctx.origins.of(q), 'parent'],
      format.whyRefused('queueHierarchy'),
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
