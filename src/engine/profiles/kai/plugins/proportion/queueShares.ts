/**
 * Per-queue numbers of the proportion plugin for one session (KAI `resource_share`): quota, limit,
 * over-quota weight, fair share, allocation (rolled up to every ancestor) and request.
 */
import {
  QUEUE_RESOURCE_NAMES,
  type QueueResourceName,
  type QueueResources,
} from '../../../../model/resources';
import type { QueueInfo } from '../../framework/QueueInfo';
import { divideResource, type DivisionQueue } from './divideResource';

export interface QueueShare {
  queue: QueueInfo;
  quota: QueueResources;
  limit: QueueResources;
  overQuotaWeight: QueueResources;
  fairShare: QueueResources;
  allocated: QueueResources;
  allocatedNonPreemptible: QueueResources;
  request: QueueResources;
  /** max(quota, fair share) capped by limit, fixed once fair shares are computed (see allocatableShare). */
  share: QueueResources;
  /**
   * The allocation when the current job's attempt started (KAI OnJobSolutionStart), copied only once the
   * attempt first changes this queue: `epoch` says which attempt the copy belongs to (see AttemptEpoch).
   */
  atAttemptStart: { epoch: number; allocated: QueueResources; allocatedNonPreemptible: QueueResources };
}

/** Counts job attempts (KAI OnJobSolutionStart); a share's `atAttemptStart` is valid for one count. */
export interface AttemptEpoch {
  value: number;
}

/** Keeps a share's attempt-start copy before the first change of the current attempt. */
export function saveAttemptStart(s: QueueShare, epoch: AttemptEpoch): void {
  const a = s.atAttemptStart;
  if (a.epoch === epoch.value) return;
  a.epoch = epoch.value;
  a.allocated.gpu = s.allocated.gpu;
  a.allocated.cpu = s.allocated.cpu;
  a.allocated.memory = s.allocated.memory;
  a.allocatedNonPreemptible.gpu = s.allocatedNonPreemptible.gpu;
  a.allocatedNonPreemptible.cpu = s.allocatedNonPreemptible.cpu;
  a.allocatedNonPreemptible.memory = s.allocatedNonPreemptible.memory;
}

/** KAI computes CPU in millicores and memory in MB; the over-quota flooring happens in those units. */
const KAI_UNIT: Record<QueueResourceName, number> = { gpu: 1, cpu: 1000, memory: 1e-6 };

export function zeroQ(): QueueResources {
  return { gpu: 0, cpu: 0, memory: 0 };
}

export function newShare(queue: QueueInfo): QueueShare {
  const r = queue.spec.resources;
  return {
    queue,
    quota: { gpu: r.gpu.quota, cpu: r.cpu.quota, memory: r.memory.quota },
    limit: { gpu: r.gpu.limit, cpu: r.cpu.limit, memory: r.memory.limit },
    overQuotaWeight: {
      gpu: r.gpu.overQuotaWeight,
      cpu: r.cpu.overQuotaWeight,
      memory: r.memory.overQuotaWeight,
    },
    fairShare: zeroQ(),
    allocated: zeroQ(),
    allocatedNonPreemptible: zeroQ(),
    request: zeroQ(),
    share: zeroQ(),
    atAttemptStart: { epoch: -1, allocated: zeroQ(), allocatedNonPreemptible: zeroQ() },
  };
}

/**
 * Fills `fairShare` of every queue, top-level queues dividing `total`, each queue dividing its own share.
 * The tree is walked with an explicit work list, not recursion: a chain of thousands of queues must not
 * overflow the stack. Each level's division depends only on its parent's share, so the walk order does
 * not change any figure.
 */
export function computeFairShares(
  roots: readonly QueueInfo[],
  shares: Map<QueueInfo, QueueShare>,
  total: QueueResources,
  timeAware: TimeAwareInput | null = null,
): Map<QueueInfo, OverQuotaWeights> {
  const weights = new Map<QueueInfo, OverQuotaWeights>();
  for (const name of QUEUE_RESOURCE_NAMES) {
    const unit = KAI_UNIT[name];
    const scaled = (v: number): number => (v === -1 ? -1 : v * unit);
    const work: { queues: readonly QueueInfo[]; amount: number }[] = [
      { queues: roots, amount: total[name] * unit },
    ];
    for (let level = work.pop(); level !== undefined; level = work.pop()) {
      const { queues, amount } = level;
      const division: DivisionQueue[] = queues.map((q) => {
        const s = shares.get(q) as QueueShare;
        return {
          name: q.name,
          priority: q.spec.priority,
          quota: scaled(s.quota[name]),
          limit: scaled(s.limit[name]),
          overQuotaWeight: s.overQuotaWeight[name],
          request: s.request[name] * unit,
          fairShare: 0,
          ...(timeAware ? { usage: timeAware.usage.get(q.name)?.[name] ?? 0 } : {}),
        };
      });
      divideResource(amount, division, timeAware?.kValue ?? null);
      division.forEach((d, i) => {
        const q = queues[i] as QueueInfo;
        (shares.get(q) as QueueShare).fairShare[name] = d.fairShare / unit;
        if (timeAware) {
          let w = weights.get(q);
          if (!w) weights.set(q, (w = { weight: nullQ(), adjustedWeight: nullQ() }));
          w.weight[name] = d.normalisedWeight ?? null;
          w.adjustedWeight[name] = d.adjustedWeight ?? null;
        }
        if (q.children.length > 0) work.push({ queues: q.children, amount: d.fairShare });
      });
    }
  }
  for (const s of shares.values()) {
    for (const name of QUEUE_RESOURCE_NAMES) s.share[name] = computeAllocatableShare(s, name);
  }
  return weights;
}

/** Time-based fair share's inputs: proportion's `kValue` (≤0 read as 0) and each queue's usage fraction. */
export interface TimeAwareInput {
  kValue: number;
  usage: ReadonlyMap<string, QueueResources>;
}

/** Per resource, `w` and the adjusted weight of the first over-quota round (null: the queue took no part). */
export interface OverQuotaWeights {
  weight: Record<QueueResourceName, number | null>;
  adjustedWeight: Record<QueueResourceName, number | null>;
}

function nullQ(): Record<QueueResourceName, number | null> {
  return { gpu: null, cpu: null, memory: null };
}

/** max(quota, fair share) capped by limit; the limit itself when quota is −1 (KAI "allocatable share"). */
export function allocatableShare(s: QueueShare, name: QueueResourceName): number {
  return s.share[name];
}

function computeAllocatableShare(s: QueueShare, name: QueueResourceName): number {
  const limit = s.limit[name] === -1 ? Infinity : s.limit[name];
  if (s.quota[name] === -1) return limit;
  return Math.min(Math.max(s.quota[name], s.fairShare[name]), limit);
}
