/**
 * Kueue's part of the scenario generators (decision 0296): random `kueue:` blocks derived from the shared
 * generator's draws, so a Kueue scenario shrinks as every other generated scenario does. The shared queue
 * tree becomes the cohort tree: a queue with children is a Cohort (its own quota now and then), a leaf a
 * ClusterQueue in its parent's cohort (a top-level leaf has no cohort). Each ClusterQueue covers gpu, cpu and
 * memory in one resource group over one to three ResourceFlavors (`zone-a`, `zone-b` steer pods to the
 * nodes' `zone` labels; `default` has none), with nominal quotas, borrowing and lending limits, all three
 * preemption policies (withinClusterQueue, reclaimWithinCohort, borrowWithinCohort with a threshold),
 * StrictFIFO now and then and either flavor fungibility (kueue apis/kueue/v1beta2/clusterqueue_types.go
 * @ff69552e). Jobs arrive over time (never Running at t=0: such a job holds quota Kueue never admitted, §27.3).
 */
import type { KubeData, ProfileArbitraries } from '../../../framework/ProfileModule';
import type { RawQueue, RawScenario, RawScheduler } from '../../../testing/arbitraries/rawScenario';
import { KUEUE_BLOCK } from '../profile';
import { kueueChecks } from './checkQuota';

/** The entry of `menu` at `pick`, wrapping (any pick is valid; the first entry is the simplest). */
function pick<T>(menu: readonly T[], n: number): T {
  return menu[((n % menu.length) + menu.length) % menu.length] as T;
}

const GPU_NOMINAL = [4, 0, 2, 8, 1, 6, 3];
/** null = no limit (unset); 0 = may not borrow (or lend) at all. */
const GPU_BORROWING: (number | null)[] = [null, 0, 2, 4, null, 1, 8];
const GPU_LENDING: (number | null)[] = [null, 0, 1, 2];
const CPU_NOMINAL = [8, 4, 16, 2, 0, 32, 1];
const CPU_BORROWING: (number | null)[] = [null, 4, 0, 8, null, 2, 16];
const WITHIN = ['LowerPriority', 'Never', 'LowerOrNewerEqualPriority'] as const;
const RECLAIM = ['Any', 'LowerPriority', 'Never'] as const;
const THRESHOLDS = [100, 0, 1000, 10];
const FLAVOR_SETS = [['default'], ['zone-a', 'default'], ['zone-a', 'zone-b', 'default']] as const;
const FLAVOR_LABELS: Readonly<Record<string, Record<string, string>>> = {
  'zone-a': { zone: 'a' },
  'zone-b': { zone: 'b' },
  default: {},
};

/** A flavor's quotas for one queue: gpu and cpu from the queue's draws, memory never the constraint. */
function flavorQuotas(q: RawQueue, k: number): KubeData {
  const gpu: KubeData = { name: 'gpu', nominalQuota: pick(GPU_NOMINAL, (q.gpu?.quota ?? 0) + k) };
  const borrowing = q.gpu === null ? null : pick(GPU_BORROWING, q.gpu.limit + k);
  if (borrowing !== null) gpu['borrowingLimit'] = borrowing;
  const lending = q.gpu === null ? null : pick(GPU_LENDING, q.gpu.overQuotaWeight);
  // clusterqueue_types.go:337-342: lendingLimit ≤ nominalQuota.
  if (lending !== null) gpu['lendingLimit'] = Math.min(lending, gpu['nominalQuota'] as number);
  const cpu: KubeData = { name: 'cpu', nominalQuota: pick(CPU_NOMINAL, (q.cpu?.quota ?? 0) + k) };
  const cpuBorrowing = q.cpu === null ? null : pick(CPU_BORROWING, q.cpu.limit);
  if (cpuBorrowing !== null) cpu['borrowingLimit'] = cpuBorrowing;
  return { name: '', resources: [gpu, cpu, { name: 'memory', nominalQuota: '256Gi' }] };
}

function resourceGroups(q: RawQueue, flavors: readonly string[]): KubeData[] {
  // The queue's draws rotate the flavor order, so some ClusterQueues try `default` first.
  const shift = q.parentPick % flavors.length;
  const ordered = [...flavors.slice(shift), ...flavors.slice(0, shift)];
  return [
    {
      coveredResources: ['gpu', 'cpu', 'memory'],
      flavors: ordered.map((f, k) => ({ ...flavorQuotas(q, k), name: f })),
    },
  ];
}

function clusterQueue(
  q: RawQueue,
  name: string,
  cohort: string | null,
  flavors: readonly string[],
): KubeData {
  const doc: KubeData = { name };
  if (cohort !== null) doc['cohortName'] = cohort;
  if (q.volcano?.reclaimable === false) doc['queueingStrategy'] = 'StrictFIFO';
  doc['resourceGroups'] = resourceGroups(q, flavors);
  const preemption: KubeData = {
    withinClusterQueue: pick(WITHIN, q.preemptMinRuntime ?? 0),
    reclaimWithinCohort: pick(RECLAIM, q.reclaimMinRuntime ?? 0),
  };
  if (q.priority !== null && q.priority % 2 === 1)
    preemption['borrowWithinCohort'] = {
      policy: 'LowerPriority',
      maxPriorityThreshold: pick(THRESHOLDS, q.volcano?.weight ?? 0),
    };
  doc['preemption'] = preemption;
  if (q.volcano?.capability != null)
    doc['flavorFungibility'] = {
      whenCanBorrow: pick(['MayStopSearch', 'TryNextFlavor'], q.volcano.capability),
      whenCanPreempt: pick(['TryNextFlavor', 'MayStopSearch'], q.volcano.weight),
    };
  return doc;
}

/** The `kueue:` block for the generated queue tree (`queues` as the shared generator wrote them). */
export function kueueBlock(raw: RawScenario, queues: readonly KubeData[]): KubeData {
  const flavors = pick(FLAVOR_SETS, raw.nodes.length + raw.queues.length);
  const parents = new Set(queues.flatMap((q) => (typeof q['parent'] === 'string' ? [q['parent']] : [])));
  const cohorts: KubeData[] = [];
  const clusterQueues: KubeData[] = [];
  queues.forEach((doc, i) => {
    const q = raw.queues[i] as RawQueue;
    const name = doc['name'] as string;
    const parent = typeof doc['parent'] === 'string' ? doc['parent'] : null;
    if (!parents.has(name)) {
      clusterQueues.push(clusterQueue(q, name, parent, flavors));
      return;
    }
    const cohort: KubeData = { name };
    if (parent !== null) cohort['parentName'] = parent;
    // A Cohort's own quota (lent to its subtree) when the queue drew a guarantee.
    if (q.volcano?.guarantee != null)
      cohort['resourceGroups'] = [
        {
          coveredResources: ['gpu'],
          flavors: flavors.map((f) => ({
            name: f,
            resources: [{ name: 'gpu', nominalQuota: pick(GPU_NOMINAL, q.volcano?.guarantee ?? 0) }],
          })),
        },
      ];
    cohorts.push(cohort);
  });
  const block: KubeData = {
    resourceFlavors: flavors.map((f) =>
      Object.keys(FLAVOR_LABELS[f] ?? {}).length === 0
        ? { name: f }
        : { name: f, nodeLabels: FLAVOR_LABELS[f] },
    ),
  };
  if (cohorts.length > 0) block['cohorts'] = cohorts;
  block['clusterQueues'] = clusterQueues;
  return block;
}

/**
 * Jobs that arrive after t=0 (submitted by events or listed with a later `submitAt`) mostly outrank the
 * jobs of t=0 (a raw priority from a high menu unless they name
 * a class), so that arrivals meet admitted Workloads they may preempt under LowerPriority policies: with the
 * shared priorities alone, 1 generated Kueue scenario in 100 preempted anything.
 */
function lateArrivalsOutrank(doc: KubeData): void {
  const submitted = ((doc['events'] ?? []) as KubeData[]).flatMap((e) =>
    e['submit'] === undefined ? [] : [e['submit'] as KubeData],
  );
  // Jobs listed with a later `submitAt` arrive over time too.
  const later = ((doc['jobs'] ?? []) as KubeData[]).filter(
    (j) => typeof j['submitAt'] === 'string' && !j['submitAt'].startsWith('-'),
  );
  [...later, ...submitted].forEach((job, i) => {
    if (job['priorityClassName'] === undefined) job['priority'] = pick(LATE_PRIORITIES, i);
  });
}

const LATE_PRIORITIES = [1000, 100, 2000, 0];

export const kueueArbitraries: ProfileArbitraries = {
  actions: [],
  weight: 1,
  queueTree: () => true,
  // Its queues are the block's Cohorts and ClusterQueues (finish), derived from the generated tree.
  queueFields: () => ({}),
  schedulerFields: () => {},
  startsRunning: false,
  queueEvents: false,
  // Variants of the schedule period, job fields and seed; no queue patches (its queues are the block's).
  variants: true,
  // kube-scheduler places an admitted Workload's pods one by one (no gang without waitForPodsReady).
  gangs: false,
  // Kueue has no actions or tiers: its scheduler document is the schedule period alone (§27).
  scheduler: (doc: KubeData, draw: unknown) => {
    void (draw as RawScheduler);
    return { schedulePeriod: doc['schedulePeriod'] };
  },
  finish(doc: KubeData, draw: unknown) {
    const queues = (doc['queues'] ?? []) as KubeData[];
    delete doc['queues'];
    doc[KUEUE_BLOCK] = kueueBlock(draw as RawScenario, queues);
    lateArrivalsOutrank(doc);
  },
  checks: kueueChecks,
};
