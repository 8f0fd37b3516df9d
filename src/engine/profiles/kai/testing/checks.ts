/**
 * KAI's part of the property run (decision 0311): its own rules after every session (queue limits, the
 * topology's required domain, no pipelining onto stuck pods, pipelining only onto releasing capacity,
 * consolidation, last-start-timestamp, min-runtime, usage fetches, preemption delay, GPU memory shares;
 * Volcano bounds a queue by `capability` instead, checked in its own folder) and what the shared gang check
 * must know of it. The checkers shared with other profiles' rules stay in src/engine/testing/property; the
 * min-runtime and usage-fetch checkers, which read KAI's resolver and pool configuration, are in this folder.
 *
 * Gang gaps: KAI #1578 (§23.4): a terminating pod is not active-allocated, so preempt and reclaim may evict
 * its Running siblings and leave the job below minAvailable with it (conformance HT4, upstream's case).
 * Readiness: KAI counts placed tasks only (no BestEffort backfill).
 */
import type { ProfileSessionCheck } from '../../../framework/ProfileModule';
import type { Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import { checkPipelining, checkQueueLimits } from '../../../testing/property/checkCapacity';
import { checkConsolidation, checkStartTimes } from '../../../testing/property/checkGangs';
import { GpuMemoryCheck } from '../../../testing/property/checkGpuMemory';
import { PreemptionDelayCheck } from '../../../testing/property/checkPreemptionDelay';
import { checkStuckReleasing } from '../../../testing/property/checkStuckReleasing';
import { checkTopology, topologyFacts } from '../../../testing/property/checkTopology';
import type { Violation } from '../../../testing/property/invariants';
import { runStateOf } from '../../../testing/property/runState';
import { checkMinRuntime } from './checkMinRuntime';
import { checkUsageFetch } from './checkUsageFetch';

const EVICTING = new Set(['consolidation', 'reclaim', 'preempt']);

/**
 * Whether every configuration the scenario runs with has allocate before each eviction action. Only then
 * is a Pipelined task a promise on capacity being released: an eviction action's victim simulation places
 * the preemptor pipeline-only (KAI §1.5), so when it runs before allocate it may pipeline a job onto idle
 * capacity next to a moved victim, as upstream would; the invariant holds for the order KAI ships.
 */
function allocateRunsFirst(scenario: Scenario): boolean {
  const lists = [
    scenario.scheduler.actions,
    ...scenario.events.flatMap((e) =>
      e.kind === 'updateConfig' && e.patch.actions ? [e.patch.actions] : [],
    ),
  ];
  return lists.every((actions) => {
    const allocate = actions.indexOf('allocate');
    return allocate >= 0 && actions.every((a, i) => i > allocate || !EVICTING.has(a));
  });
}

/** Jobs with a terminating pod whose siblings an action evicted this session. */
function gangGaps(snap: SessionSnapshot): string[] {
  const terminating = new Set((snap.trace.terminating ?? []).map((n) => n.job));
  return snap.decisions.filter((d) => d.kind === 'evict' && terminating.has(d.job)).map((d) => d.job);
}

export function kaiChecks(scenario: Scenario): ProfileSessionCheck {
  const topology = topologyFacts(scenario);
  const pipeliningIsChecked = allocateRunsFirst(scenario);
  const delays = new PreemptionDelayCheck(scenario);
  const gpuMemory = new GpuMemoryCheck(scenario);
  return {
    bestEffortIsReady: false,
    gangGaps,
    session(snap, context) {
      const { facts, broken } = runStateOf(context);
      const prev = context.previous;
      const out: Violation[] = [];
      checkTopology(snap, topology, out);
      checkQueueLimits(snap, facts, out);
      checkStuckReleasing(snap, facts, out);
      if (pipeliningIsChecked) checkPipelining(snap, out);
      checkConsolidation(scenario, prev, snap, out, broken);
      checkStartTimes(scenario, prev, snap, out);
      checkMinRuntime(scenario, prev, snap, out);
      checkUsageFetch(scenario, snap, out);
      delays.update(snap, out);
      gpuMemory.update(snap, out);
      return out;
    },
  };
}
