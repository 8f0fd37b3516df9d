/**
 * KAI's `proportion` plugin: hierarchical fair share, queue order, queue limits and the non-preemptible
 * quota rule during allocation, and the reclaim gate and validator (`reclaimable.ts`).
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { Plugin } from '../../framework/Plugin';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { sumRequest, tasksToAllocate } from '../../framework/tasksToAllocate';
import {
  EPSILON,
  QUEUE_RESOURCE_NAMES,
  type QueueResources,
  type Resources,
} from '../../../../model/resources';
import type { PluginConfig } from '../../../../model/scenario';
import type { Verdict } from '../../../../model/trace';
import { compareRanks, compareVictimQueueShares, QueueRankCache } from './queueOrder';
import { gpuMemoryNote } from './gpuMemoryNote';
import { nodeCapacityMatters, registerNodeCapacity } from './nodeCapacity';
import {
  computeFairShares,
  newShare,
  saveAttemptStart,
  zeroQ,
  type AttemptEpoch,
  type OverQuotaWeights,
  type QueueShare,
} from './queueShares';
import { formatAmount, registerReclaim, parseSaturationMultiplier } from './reclaimable';

const NAME = 'proportion';

export function createProportionPlugin(config: PluginConfig): Plugin {
  const multiplier = parseSaturationMultiplier(config.arguments);
  const kValue = parseKValue(config.arguments);
  return {
    name: NAME,
    onSessionOpen(ssn: Session) {
      const shares = new Map<QueueInfo, QueueShare>();
      for (const q of ssn.queues.values()) shares.set(q, newShare(q));

      const total = zeroQ();
      for (const node of ssn.nodes) for (const r of QUEUE_RESOURCE_NAMES) total[r] += node.capacity[r];
      // Every session adds every task along its queue's path: written out per resource over the cached
      // path (same additions in the same order), as this runs for every task of every session.
      const pathShares = sharesAlongPaths(shares);
      for (const job of ssn.jobs) {
        const path = pathShares.get(job.queue) as QueueShare[];
        for (const task of job.tasks) {
          if (task.status === 'Succeeded' || task.status === 'Releasing') continue;
          // A placed task counts what it holds on its node (AcceptedResourceVector, proportion.go:367 @d5bc503:
          // a GPU-memory portion rounded up to the hundredth, `quotaOn`), a pending one its request at the
          // smallest device memory, not rounded (proportion.go:371-377 @d5bc503).
          const { gpu, cpu, memory } = task.heldQuota;
          const running = task.status === 'Running';
          for (const s of path) {
            addAmounts(s.request, gpu, cpu, memory);
            if (running) addAllocated(s, gpu, cpu, memory, !job.preemptible);
          }
        }
      }
      const usage = ssn.queueUsage;
      const weights = computeFairShares(ssn.roots, shares, total, usage ? { kValue, usage } : null);
      for (const [q, s] of shares) ssn.fairShare.set(q.name, { ...s.fairShare });
      if (usage) publishTimeAware(ssn, shares, total, weights, usage, kValue);

      // Queue order asks for the next request of a job many times per pop; recompute only when it changed.
      const requestCache = new Map<JobInfo, { version: number; req: QueueResources }>();
      const ZERO = zeroQ();
      const jobRequest = (job: JobInfo | null): QueueResources => {
        if (!job) return ZERO;
        if (job.counts.Pending === 0 && job.counts.Releasing === 0) return ZERO;
        const hit = requestCache.get(job);
        if (hit && hit.version === job.version) return hit.req;
        // KAI queue_order.go:39-41 @d5bc503 asks GetTasksToAllocateInitResourceVector with isRealAllocation
        // false: a job's virtually evicted tasks (a scenario's victims) count as still to allocate
        // (pod_info.go:585-588), so a victim job offers its queue the request it will put back.
        const tasks = tasksToAllocate(job, ssn.compareTasks, false);
        const req = sumRequest(tasks);
        requestCache.set(job, { version: job.version, req });
        return req;
      };
      // Each queue's figures for its current offer are kept between comparisons (decision 0349).
      const ranks = new QueueRankCache();
      ssn.register('queueOrder', (a, b, aJob, bJob) =>
        compareRanks(
          ranks.rank(shares.get(a) as QueueShare, jobRequest(aJob)),
          ranks.rank(shares.get(b) as QueueShare, jobRequest(bJob)),
        ),
      );
      // Queue order reads an offered job only through its request (compareRanks above).
      ssn.register('queueOrderJobKey', (job) => {
        const req = jobRequest(job);
        return QUEUE_RESOURCE_NAMES.map((r) => req[r]).join(',');
      });
      ssn.register('victimQueueOrder', (a, b, _aJob, _bJob, taken) =>
        compareVictimQueueShares(
          shares.get(a) as QueueShare,
          shares.get(b) as QueueShare,
          taken.get(a.name) ?? null,
          taken.get(b.name) ?? null,
        ),
      );
      // The job-level check counts GPU memory at the largest device memory (capacity_policy.go:31,40,74-89
      // @d5bc503): the smallest fraction, so a job over capacity even so is over it on every node.
      const capacityReq = (t: TaskInfo) => t.capacityReq;
      ssn.register('capacity', (job, tasks) =>
        checkCapacity(shares, job, sumRequest(tasks, capacityReq), true, gpuMemoryNote(tasks, ssn.gpuMemory)),
      );
      ssn.register('nonPreemptibleQuota', (job, tasks) =>
        job.preemptible
          ? null
          : checkCapacity(
              shares,
              job,
              sumRequest(tasks, capacityReq),
              false,
              gpuMemoryNote(tasks, ssn.gpuMemory),
            ),
      );
      if (nodeCapacityMatters(ssn)) registerNodeCapacity(ssn, shares);
      /** Counts allocation changes, so caches that depend on allocations know when to recompute. */
      let generation = 0;
      const epoch: AttemptEpoch = { value: 0 };
      ssn.register('eventHandler', {
        allocate: (task) => {
          generation++;
          track(pathShares, task, task.heldQuota, 1, epoch);
        },
        deallocate: (task, node) => {
          generation++;
          // What it held on the node it left (AcceptedResourceVector, proportion.go:479-485 @d5bc503).
          track(pathShares, task, node === null ? task.req : task.quotaOn(node), -1, epoch);
        },
      });
      registerReclaim(ssn, shares, multiplier, jobRequest, () => generation, epoch);
    },
  };
}

/**
 * KAI's `kValue` argument (`proportion.go`): a float, default 1.0; values ≤ 0 become 0 (no usage penalty).
 * The scenario validator already refused text that is not a number and values beyond its bound.
 */
export function parseKValue(args: Record<string, unknown>): number {
  const raw = args['kValue'];
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(v)) return 1;
  return v <= 0 ? 0 : v;
}

/**
 * Publishes, per queue, the usage, the weights before and after the penalty and the fair share without
 * usage (the division KAI makes without a usage database), so the trace can say what the history cost each queue.
 */
function publishTimeAware(
  ssn: Session,
  shares: Map<QueueInfo, QueueShare>,
  total: QueueResources,
  weights: Map<QueueInfo, OverQuotaWeights>,
  usage: ReadonlyMap<string, QueueResources>,
  kValue: number,
): void {
  const plain = new Map<QueueInfo, QueueShare>();
  for (const [q, s] of shares) {
    const p = newShare(q);
    p.request = { ...s.request };
    plain.set(q, p);
  }
  computeFairShares(ssn.roots, plain, total);
  for (const q of shares.keys()) {
    const w = weights.get(q);
    ssn.timeAware.set(q.name, {
      kValue,
      usage: { ...(usage.get(q.name) ?? zeroQ()) },
      weight: w ? { ...w.weight } : { gpu: null, cpu: null, memory: null },
      adjustedWeight: w ? { ...w.adjustedWeight } : { gpu: null, cpu: null, memory: null },
      fairShareWithoutUsage: { ...(plain.get(q) as QueueShare).fairShare },
      ...(ssn.queueUsageFetch ? { asOfMs: ssn.queueUsageFetch.asOfMs } : {}),
      ...(ssn.queueUsageFetch?.noGpuCapacity === true ? { noGpuCapacity: true as const } : {}),
    });
  }
}

/** Each queue's shares from the root down to it, looked up once per task change instead of once per level. */
function sharesAlongPaths(shares: Map<QueueInfo, QueueShare>): Map<QueueInfo, QueueShare[]> {
  const out = new Map<QueueInfo, QueueShare[]>();
  for (const q of shares.keys())
    out.set(
      q,
      q.path.map((p) => shares.get(p) as QueueShare),
    );
  return out;
}

/**
 * Adds (sign 1) or removes (−1) a task's request along its queue's path. Victim simulations call this for
 * every simulated eviction and its rollback (millions of times on a 140,000-pod cluster, issue 13), so the
 * loop is written out per resource; the arithmetic (sign × request, then the sum) is the same as before.
 */
function track(
  pathShares: Map<QueueInfo, QueueShare[]>,
  task: TaskInfo,
  req: Resources,
  sign: number,
  epoch: AttemptEpoch,
): void {
  const path = pathShares.get(task.job.queue) as QueueShare[];
  for (const s of path) saveAttemptStart(s, epoch);
  const gpu = sign * req.gpu;
  const cpu = sign * req.cpu;
  const memory = sign * req.memory;
  const nonPreemptible = !task.job.preemptible;
  for (const s of path) addAllocated(s, gpu, cpu, memory, nonPreemptible);
}

function addAmounts(target: QueueResources, gpu: number, cpu: number, memory: number): void {
  target.gpu += gpu;
  target.cpu += cpu;
  target.memory += memory;
}

/** Adds to a queue's allocation, and to its non-preemptible part for a non-preemptible job. */
function addAllocated(
  s: QueueShare,
  gpu: number,
  cpu: number,
  memory: number,
  nonPreemptible: boolean,
): void {
  addAmounts(s.allocated, gpu, cpu, memory);
  if (nonPreemptible) addAmounts(s.allocatedNonPreemptible, gpu, cpu, memory);
}

/**
 * Allocation capacity (KAI `proportion` job/task capacity checks): no queue on the job's path may exceed
 * its limit (when `limits` is set), and a non-preemptible job may only use in-quota resources at every
 * level whose quota is set. Fair share does not cap allocation; reclaim enforces it. Preempt asks for the
 * quota rule alone (`limits` false).
 */
export function checkCapacity(
  shares: Map<QueueInfo, QueueShare>,
  job: JobInfo,
  req: QueueResources,
  limits = true,
  gpuNote = '',
): Verdict | null {
  const refuse = (point: string, message: string): Verdict => ({
    plugin: NAME,
    point,
    allowed: false,
    message,
  });
  for (const q of [...job.queue.path].reverse()) {
    const s = shares.get(q) as QueueShare;
    for (const r of QUEUE_RESOURCE_NAMES) {
      if (req[r] <= EPSILON) continue;
      if (limits && s.limit[r] !== -1 && s.allocated[r] + req[r] > s.limit[r] + EPSILON) {
        return refuse(
          'capacity',
          `Queue ${q.name} would exceed its ${r} limit: ${formatAmount(r, s.allocated[r])} allocated + ${formatAmount(r, req[r])} requested > limit ${formatAmount(r, s.limit[r])}.${r === 'gpu' ? gpuNote : ''}`,
        );
      }
      if (
        !job.preemptible &&
        s.quota[r] !== -1 &&
        s.allocatedNonPreemptible[r] + req[r] > s.quota[r] + EPSILON
      ) {
        return refuse(
          limits ? 'capacity' : 'nonPreemptibleOverQuota',
          `${job.name} is non-preemptible and may only use in-quota ${r}: queue ${q.name} has ${formatAmount(r, s.allocatedNonPreemptible[r])} non-preemptible allocated + ${formatAmount(r, req[r])} requested > quota ${formatAmount(r, s.quota[r])}.${r === 'gpu' ? gpuNote : ''}`,
        );
      }
    }
  }
  return null;
}
