/**
 * KAI's part of the property run (decision 0311): its own rules after every session (queue limits, the
 * topology's required domain, no pipelining onto stuck pods, pipelining only onto releasing capacity,
 * consolidation, last-start-timestamp, min-runtime, usage fetches, preemption delay, GPU memory shares;
 * Volcano bounds a queue by `capability` instead, checked in its own folder) and what the shared gang check
 * must know of it. The checkers shared with other profiles' rules stay in src/engine/testing/property; the
 * min-runtime and usage-fetch checkers, which read KAI's resolver and pool configuration, are in this folder.
 *
 * Gang gaps: KAI #1578 (§23.4): a terminating pod is not active-allocated, so preempt and reclaim may evict
 * its Running siblings and leave the job below minAvailable with it (conformance HT4, upstream's case); and
 * a job whole at the last session's end (by count or by its subgroup tree) only through Pipelined tasks, when
 * no allocate runs to bind them.
 * Readiness: KAI counts placed tasks only (no BestEffort backfill).
 */
import type { ProfileSessionCheck } from '../../../framework/ProfileModule';
import type { JobSpec, Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import { checkPipelining, checkQueueLimits } from '../../../testing/property/checkCapacity';
import { checkConsolidation, checkStartTimes } from '../../../testing/property/checkGangs';
import { GpuMemoryCheck } from '../../../testing/property/checkGpuMemory';
import { PreemptionDelayCheck } from '../../../testing/property/checkPreemptionDelay';
import { checkStuckReleasing } from '../../../testing/property/checkStuckReleasing';
import { jobsWithSubGroups, shortOf } from '../../../testing/property/checkSubGroups';
import { checkTopology, topologyFacts } from '../../../testing/property/checkTopology';
import type { Violation } from '../../../testing/property/invariants';
import { runStateOf } from '../../../testing/property/runState';
import { checkMinRuntime } from './checkMinRuntime';
import { checkUsageFetch } from './checkUsageFetch';
import { queueSpecsIn } from './queueSpecsIn';
import { configAt } from '../../../testing/property/sessionFacts';
import { poolsOf } from '../../../model/nodePool';
import { poolConfig } from '../nodePools/poolConfig';

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

/**
 * Jobs upstream may leave below minAvailable this session: those with a terminating pod whose siblings an
 * action evicted this session, and those whole at the last session's end only through Pipelined tasks when
 * no allocate runs now ({@link promisesLapsed}).
 */
function gangGaps(
  scenario: Scenario,
  subGroupJobs: ReadonlyMap<string, JobSpec>,
  snap: SessionSnapshot,
  prev: SessionSnapshot | null,
): string[] {
  const terminating = new Set((snap.trace.terminating ?? []).map((n) => n.job));
  return [
    ...snap.decisions.filter((d) => d.kind === 'evict' && terminating.has(d.job)).map((d) => d.job),
    ...promisesLapsed(scenario, subGroupJobs, snap, prev),
  ];
}

/**
 * A Pipelined task is a promise that ends with its session: KAI commits a pipeline as an event, not a bind
 * (pkg/scheduler/framework/statement.go:454-456 @d5bc503); a moved victim is re-created Pending, a pipelined
 * preemptor stays Pending, and only allocate binds them (the lab's promisedPlacements.ts). A job that ended
 * the last session with fewer Running tasks than minAvailable, whole only through Pipelined ones, opens
 * this session short; when its pool's configuration runs no allocate, nothing restores it and upstream
 * leaves it short too, for stalegangeviction. A preempt may even try to solve it again: GetTasksToEvict
 * evicts every active task of a job without surplus (podgroup_info/eviction_info.go:38-47), and putting
 * them back where they ran un-evicts them (statement.go:226-238), so nothing changes (decision 0358).
 */
function promisesLapsed(
  scenario: Scenario,
  subGroupJobs: ReadonlyMap<string, JobSpec>,
  snap: SessionSnapshot,
  prev: SessionSnapshot | null,
): string[] {
  if (prev === null) return [];
  const config = configAt(scenario, snap.timeMs);
  const pools = poolsOf(scenario.nodePools);
  const poolOf = new Map(queueSpecsIn(scenario, snap).map((q) => [q.name, q.nodePool ?? '']));
  const allocates = (queue: string) => {
    const pool = pools.find((p) => p.labelValue === (poolOf.get(queue) ?? ''));
    return (pool === undefined ? config : poolConfig(config, pool)).actions.includes('allocate');
  };
  const byCount = prev.jobs
    .filter(
      (j) =>
        j.pipelined > 0 &&
        j.running < j.minAvailable &&
        j.running + j.pipelined >= j.minAvailable &&
        !allocates(j.queue),
    )
    .map((j) => j.name);
  return [...byCount, ...treesLapsed(subGroupJobs, prev, allocates)];
}

/**
 * The same lapse by a job's subgroup tree: KAI's minAvailable is the sum of the pod sets' minMember, so a job
 * may meet it with Running tasks alone while one pod set is whole only through a Pipelined task (a victim
 * that consolidation moved, its sibling in another set still Running). Upstream re-creates the moved pod
 * Pending (statement.go:454-456 @d5bc503) and, with no allocate, leaves that pod set short for
 * stalegangeviction, as it leaves a short count.
 */
function treesLapsed(
  jobs: ReadonlyMap<string, JobSpec>,
  prev: SessionSnapshot,
  allocates: (queue: string) => boolean,
): string[] {
  if (jobs.size === 0) return [];
  const running = new Map<string, Set<string>>();
  const placed = new Map<string, Set<string>>();
  for (const t of prev.tasks) {
    if (!jobs.has(t.job) || (t.status !== 'Running' && t.status !== 'Pipelined')) continue;
    const add = (m: Map<string, Set<string>>) => m.set(t.job, (m.get(t.job) ?? new Set()).add(t.name));
    add(placed);
    if (t.status === 'Running') add(running);
  }
  const lapsed: string[] = [];
  for (const [name, tasks] of placed) {
    const job = jobs.get(name) as JobSpec;
    if (allocates(job.queue) || shortOf(job, tasks).length > 0) continue;
    if (shortOf(job, running.get(name) ?? new Set()).length > 0) lapsed.push(name);
  }
  return lapsed;
}

export function kaiChecks(scenario: Scenario): ProfileSessionCheck {
  const topology = topologyFacts(scenario);
  const pipeliningIsChecked = allocateRunsFirst(scenario);
  const delays = new PreemptionDelayCheck(scenario);
  const gpuMemory = new GpuMemoryCheck(scenario);
  const subGroupJobs = jobsWithSubGroups(scenario);
  return {
    bestEffortIsReady: false,
    gangGaps: (snap, prev) => gangGaps(scenario, subGroupJobs, snap, prev),
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
