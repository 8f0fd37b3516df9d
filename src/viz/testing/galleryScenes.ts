/**
 * Deterministic scenes for the gallery snapshots (and for looking at the charts): the design doc's queue
 * tree with realistic numbers and two of its reclaim examples, and small and large clusters.
 */
import type { JobState, NodeState, QueueState, TaskState } from '../../engine/model/snapshot';
import type { ReclaimFiguresDetail as ReclaimableDetail } from '../../engine/framework/verdictDetails';
import type { QueueTreePath, QueueTreeProfile } from '../charts/QueueTree';
import type { QueueBadgeStyle, QueueBadgesOf } from '../layouts/layoutQueueTree';
import {
  designDocExample1,
  gpus,
  jobState,
  kaiMinRuntimes,
  nodeState,
  queueState,
  resolution,
  taskState,
} from './vizFixtures';

/** The design doc tree plus a sibling `ops` queue, mid-run: d is above its fair share, c below. */
export function galleryQueues(): QueueState[] {
  const q = (quota: number, fairShare: number, allocated: number, requested = allocated) => ({
    quota: gpus(quota),
    fairShare: gpus(fairShare),
    allocated: gpus(allocated),
    requested: gpus(requested),
  });
  return [
    queueState('a', null, q(16, 16, 14, 19)),
    queueState('b', 'a', { ...q(12, 12, 12, 17), ...kaiMinRuntimes({ reclaim: 600_000 }) }),
    queueState('c', 'b', q(6, 6, 3, 8)),
    queueState('d', 'b', { ...q(6, 6, 9), ...kaiMinRuntimes({ reclaim: 60_000 }) }),
    queueState('leaf1', 'c', { ...q(3, 4, 1, 6), ...kaiMinRuntimes({ reclaim: 0 }) }),
    queueState('leaf2', 'c', { ...q(3, 2, 2), ...kaiMinRuntimes({ reclaim: 180_000 }) }),
    queueState('leaf3', 'd', { ...q(6, 6, 9), limit: { gpu: 10, cpu: -1, memory: -1 } }),
    queueState('ops', 'a', {
      ...q(4, 4, 2),
      ...kaiMinRuntimes({ preempt: 20_000 }),
      overQuotaWeight: { gpu: 0, cpu: 1, memory: 1 },
    }),
  ];
}

/** Design doc example 1: leaf1 reclaims from leaf3; LCA b, step down to d, 1m from d. */
export function galleryPathExample1(): QueueTreePath {
  const reclaimable: ReclaimableDetail = {
    profile: 'kai',
    type: 'reclaimable',
    chunk: ['big-train-0'],
    reclaimerLevel: {
      queue: 'c',
      allocated: gpus(3),
      quota: gpus(6),
      fairShare: gpus(6),
      allocatableShare: gpus(6),
    },
    victimLevel: {
      queue: 'd',
      allocated: gpus(9),
      quota: gpus(6),
      fairShare: gpus(6),
      allocatableShare: gpus(6),
    },
    request: gpus(2),
    maintainFairShare: true,
    guaranteeDeservedQuota: true,
  };
  return {
    resolution: designDocExample1(),
    protectedUntilMs: 150_000,
    nowMs: 120_000,
    reclaimable,
  };
}

/** Design doc example 3: leaf3 reclaims from leaf1; LCA b, step down to c, walk c -> b, 10m from b. */
export function galleryPathExample3(): QueueTreePath {
  return {
    resolution: resolution({
      preemptorQueue: 'leaf3',
      victimQueue: 'leaf1',
      lca: 'b',
      stepDown: 'c',
      path: ['c', 'b'],
      source: 'b',
      durationMs: 600_000,
    }),
    protectedUntilMs: 660_000,
    nowMs: 120_000,
  };
}

/** A small cluster showing every cell state, fractional shares and protection rings. */
export function gallerySmallCluster(): {
  nodes: NodeState[];
  tasks: TaskState[];
  jobs: JobState[];
  queues: QueueState[];
  cursorMs: number;
} {
  const nodes = [
    nodeState('gpu-node-1', 8),
    nodeState('gpu-node-2', 8),
    nodeState('gpu-node-3', 8),
    nodeState('gpu-node-4', 4),
    nodeState('gpu-node-10', 8),
  ];
  const jobs = [
    jobState('big-train', 'leaf3', { kind: 'reclaim', untilMs: 150_000, durationMs: 60_000 }),
    jobState('eval', 'leaf2', { kind: 'reclaim', untilMs: 280_000, durationMs: 180_000 }),
    jobState('notebook', 'leaf1'),
    jobState('victim', 'leaf3'),
    jobState('incoming', 'leaf1'),
    jobState('ops-batch', 'ops', { kind: 'preempt', untilMs: 125_000, durationMs: 20_000 }),
  ];
  const tasks: TaskState[] = [];
  for (let i = 0; i < 8; i++)
    tasks.push(taskState(`big-train-${i}`, 'big-train', 'Running', 'gpu-node-1', { [i]: 1 }));
  tasks.push(taskState('eval-0', 'eval', 'Running', 'gpu-node-2', { 0: 1, 1: 1 }));
  tasks.push(taskState('notebook-0', 'notebook', 'Running', 'gpu-node-2', { 2: 0.5 }));
  tasks.push(taskState('notebook-1', 'notebook', 'Running', 'gpu-node-2', { 2: 0.25 }));
  tasks.push(taskState('victim-0', 'victim', 'Releasing', 'gpu-node-2', { 4: 1 }));
  tasks.push(taskState('victim-1', 'victim', 'Releasing', 'gpu-node-2', { 5: 1 }));
  tasks.push(taskState('incoming-0', 'incoming', 'Pipelined', 'gpu-node-2', { 4: 1 }));
  tasks.push(taskState('incoming-1', 'incoming', 'Pipelined', 'gpu-node-2', { 6: 1 }));
  for (let i = 0; i < 3; i++)
    tasks.push(taskState(`ops-batch-${i}`, 'ops-batch', 'Running', 'gpu-node-3', { [i]: 1 }));
  tasks.push(taskState('eval-1', 'eval', 'Running', 'gpu-node-10', { 0: 1 }));
  return { nodes, tasks, jobs, queues: galleryQueues(), cursorMs: 120_000 };
}

type GalleryBadge = readonly [key: 'preempt' | 'reclaim', style: QueueBadgeStyle, text: string];

/**
 * The min-runtime badges KAI's UI module words for the gallery tree (plugin defaults 0s), as data: the
 * layout places what it is given (the engine resolves, decision 0298), so the scene gives them ready.
 */
const GALLERY_BADGES: Readonly<Record<string, readonly GalleryBadge[]>> = {
  a: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'dashed', 'R 0s'],
  ],
  b: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'filled', 'R 10m'],
  ],
  ops: [
    ['preempt', 'filled', 'P 20s'],
    ['reclaim', 'dashed', 'R 0s'],
  ],
  c: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'outlined', 'R 10m ↑b'],
  ],
  d: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'filled', 'R 1m'],
  ],
  leaf1: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'filled', 'R 0s'],
  ],
  leaf2: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'filled', 'R 3m'],
  ],
  leaf3: [
    ['preempt', 'dashed', 'P 0s'],
    ['reclaim', 'outlined', 'R 1m ↑d'],
  ],
};

function describeBadge([key, style, text]: GalleryBadge): string {
  const value = text.split(' ')[1] ?? '';
  const from = text.split('↑')[1];
  if (style === 'filled') return `${key}MinRuntime ${value}, set on this queue`;
  if (style === 'outlined') return `${key}MinRuntime ${value}, inherited from ${from ?? ''}`;
  return `${key}MinRuntime ${value} (plugin default): not set on this queue or its ancestors`;
}

/** The gallery tree's badges (see GALLERY_BADGES). */
export const galleryBadges: QueueBadgesOf = (q) =>
  (GALLERY_BADGES[q.name] ?? []).map((b) => ({
    key: b[0],
    style: b[1],
    text: b[2],
    description: describeBadge(b),
    shortenable: b[1] === 'outlined',
  }));

/** KAI's words and the gallery badges, as the queue tree view hands them to the tree. */
export const GALLERY_TREE_PROFILE: QueueTreeProfile = {
  words: {
    profile: 'gallery',
    share: { label: 'fair share', meaning: 'what the proportion plugin divided to this queue this session' },
    floor: { label: 'quota', meaning: 'deserved quota: given before any over-quota share' },
    cap: { label: 'limit', meaning: 'the most the queue may be allocated (none = unlimited)' },
    weight: { label: 'OQW', meaning: 'over-quota weight', perResource: true },
    priority: true,
    floorIsQuota: true,
  },
  badges: galleryBadges,
  badgeLegend: [
    { label: 'min-runtime set here', style: 'filled' },
    { label: 'inherited (↑from)', style: 'outlined' },
    { label: 'plugin default', style: 'dashed' },
  ],
};
