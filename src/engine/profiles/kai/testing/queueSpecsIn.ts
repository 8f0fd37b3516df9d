/**
 * The queue specs a KAI session ran with, for the property checkers' oracles: the scenario's specs with the
 * parents the snapshot reports and the min-runtimes KAI's queue extras carry (decision 0340; `updateQueue`
 * may have changed both since t=0). Moved from the shared testing/property/sessionFacts.ts with its readers.
 */
import type { QueueSpec, Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { KaiQueueExtras } from '../queueExtras';

export function queueSpecsIn(scenario: Scenario, snap: SessionSnapshot): QueueSpec[] {
  const base = new Map(scenario.queues.map((q) => [q.name, q]));
  return snap.queues.flatMap((q) => {
    const spec = base.get(q.name);
    if (!spec) return [];
    const x = q.extras as KaiQueueExtras | undefined;
    return [
      {
        ...spec,
        parent: q.parent,
        preemptMinRuntimeMs: x?.preemptMinRuntimeMs ?? null,
        reclaimMinRuntimeMs: x?.reclaimMinRuntimeMs ?? null,
      },
    ];
  });
}
