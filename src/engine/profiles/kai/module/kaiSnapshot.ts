/**
 * What a KAI snapshot adds to the neutral core: each job's min-runtime protection at that moment, in its
 * extras (jobExtras.ts, decision 0316; reclaim
 * protection under `lca` depends on who waits to reclaim, so the waiting queues are indexed once per
 * snapshot), each queue's written min-runtimes in its extras (queueExtras.ts, decision 0340), its effective
 * min-runtimes (kaiQueueFigures.ts) and the PodGroup phase KAI derives
 * from its tasks.
 */
import type { ProfileFrame, ProfileSnapshot, SnapshotJobInput } from '../../../framework/ProfileModule';
import type { KaiJobExtras } from '../jobExtras';
import { kaiQueueExtras } from '../queueExtras';
import { kaiProtectionModel } from './kaiProtection';
import { kaiQueueFigures } from './kaiQueueFigures';

export const kaiSnapshot: ProfileSnapshot = {
  open(frame: ProfileFrame, jobs: readonly SnapshotJobInput[]) {
    // The config and queues this session ran with, not the latest ones.
    const protection = kaiProtectionModel(frame.config, frame.queues, frame.nodePools);
    // A job waiting to be placed (pending, or pipelined: pending again when the next session opens) is a
    // reclaimer of every other queue's jobs in the next reclaim action.
    const waiting = new Set<string>();
    for (const j of jobs) if (j.counts.Pending + j.counts.Pipelined > 0) waiting.add(j.spec.queue);
    const reclaimers = protection.reclaimerIndex(waiting);
    const byName = new Map(frame.queues.map((q) => [q.name, q]));
    return {
      job: (job: SnapshotJobInput): KaiJobExtras => {
        const p = protection.jobProtection(
          job.spec.queue,
          job.counts.Running > 0 ? job.startedAtMs : null,
          frame.timeMs,
          reclaimers,
        );
        return { profile: 'kai', preemptProtection: p.preempt, reclaimProtection: p.reclaim };
      },
      queue: kaiQueueExtras,
      // Effective min-runtimes per queue, from the resolver, so the tree's badges only draw (decision 0298).
      resolved: (queue) => kaiQueueFigures(protection, queue, byName),
    };
  },
  phase(job: SnapshotJobInput): string {
    if (job.counts.Succeeded === job.spec.tasks.length) return 'Succeeded';
    if (job.isRunning) return 'Running';
    return 'Pending';
  },
};
