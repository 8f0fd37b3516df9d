/**
 * KAI's part of the scenario generators (decision 0296): its action menu (the first entry the simplest, so
 * shrinking simplifies), a queue tree always (KAI reads `parent`, §4), jobs that may start Running; and its
 * checks in the property run (checks.ts, decision 0311).
 */
import type { KubeData, ProfileArbitraries } from '../../../framework/ProfileModule';
import type { RawScenario } from '../../../testing/arbitraries/rawScenario';
import { applyGpuMemory } from './buildGpuMemory';
import { applyNodePools } from './buildNodePools';
import { addTopology } from './buildTopology';
import { kaiSchedulerFields } from './buildKaiScheduler';
import { kaiChecks } from './checks';
import { queuePriority, quotaFields, weightFields } from '../../../testing/arbitraries/buildQueues';
import type { RawQueue } from '../../../testing/arbitraries/rawScenario';

export const KAI_ACTIONS = ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'] as const;

export const kaiArbitraries: ProfileArbitraries = {
  actions: KAI_ACTIONS,
  // Picked twice as often as the others: KAI has the most rules to check.
  weight: 2,
  queueTree: () => true,
  // KAI reads quotas, limits, weights, min-runtimes, priority and (accepted for every profile) the Volcano
  // weight, capability, guarantee and reclaimable fields.
  queueFields: (draw: unknown) => {
    const q = draw as RawQueue;
    return { ...queuePriority(q), ...quotaFields(q), ...weightFields(q, { spec: true, deserved: false }) };
  },
  schedulerFields: (out: KubeData, draw: unknown) => kaiSchedulerFields(out, draw),
  startsRunning: true,
  queueEvents: true,
  variants: true,
  gangs: true,
  checks: kaiChecks,
  finish(doc: KubeData, draw: unknown) {
    const raw = draw as RawScenario;
    // GPU memory on about half of the scenarios, chosen from fields already drawn (buildGpuMemory.ts).
    applyGpuMemory(doc, raw.nodes.length + raw.jobs.length);
    if (raw.topology > 0)
      addTopology(doc, raw.topology === 1 ? 'requiredTopologyLevel' : 'preferredTopologyLevel');
    applyNodePools(doc, raw.pools);
  },
};
