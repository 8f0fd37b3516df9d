/**
 * Builders for viz tests and the gallery: queue, node, task and job records with quiet defaults, and the
 * min-runtime design doc's queue tree (a -> b(600s) -> c -> leaf1(0s), leaf2(180s); b -> d(60s) -> leaf3).
 */
import type { QueueResources, Resources } from '../../engine/model/resources';
import type { JobExtras, JobState, NodeState, QueueState, TaskState } from '../../engine/model/snapshot';
import type { MinRuntimeResolution, TaskStatus } from '../../engine/model/trace';

const res = (gpu = 0, cpu = 0, memory = 0): QueueResources => ({ gpu, cpu, memory });

/** A queue with defaults (quota 0, limit -1, weight 1, nothing allocated). */
export function queueState(
  name: string,
  parent: string | null,
  more: Partial<Omit<QueueState, 'name' | 'parent'>> = {},
): QueueState {
  return {
    name,
    parent,
    fairShare: res(),
    allocated: res(),
    requested: res(),
    quota: res(),
    limit: res(-1, -1, -1),
    overQuotaWeight: res(1, 1, 1),
    priority: 100,
    ...more,
  };
}

/** KAI's written min-runtimes, in its queue extras as the engine sends them (decision 0340). */
export function kaiMinRuntimes(ms: { preempt?: number; reclaim?: number }): Pick<QueueState, 'extras'> {
  const extras = {
    profile: 'kai',
    preemptMinRuntimeMs: ms.preempt ?? null,
    reclaimMinRuntimeMs: ms.reclaim ?? null,
  };
  return { extras };
}

/** GPU-only queue resources. */
export function gpus(gpu: number): QueueResources {
  return res(gpu);
}

/** The design doc's tree: b sets reclaim 600s, d 60s, leaf1 0s, leaf2 180s. */
export function designDocQueues(): QueueState[] {
  return [
    queueState('a', null),
    queueState('b', 'a', kaiMinRuntimes({ reclaim: 600_000 })),
    queueState('c', 'b'),
    queueState('d', 'b', kaiMinRuntimes({ reclaim: 60_000 })),
    queueState('leaf1', 'c', kaiMinRuntimes({ reclaim: 0 })),
    queueState('leaf2', 'c', kaiMinRuntimes({ reclaim: 180_000 })),
    queueState('leaf3', 'd'),
  ];
}

/** A resolution record as the engine writes it. */
export function resolution(
  more: Partial<MinRuntimeResolution> & Pick<MinRuntimeResolution, 'victimQueue'>,
): MinRuntimeResolution {
  return {
    kind: 'reclaim',
    method: 'lca',
    durationMs: 0,
    source: 'default',
    preemptorQueue: null,
    lca: null,
    stepDown: null,
    path: [],
    note: null,
    ...more,
  };
}

/** Design doc example 1 as the engine resolves it: leaf1 reclaims from leaf3; LCA b, step down d, 1m from d. */
export function designDocExample1(): MinRuntimeResolution {
  return resolution({
    preemptorQueue: 'leaf1',
    victimQueue: 'leaf3',
    lca: 'b',
    stepDown: 'd',
    path: ['d'],
    source: 'd',
    durationMs: 60_000,
  });
}

/** A node with `gpuDevices` GPUs and unconstrained cpu/memory unless given. */
export function nodeState(
  name: string,
  gpuDevices: number,
  more: Partial<Omit<NodeState, 'name'>> = {},
): NodeState {
  const r = (gpu: number, cpu = Infinity, memory = Infinity): Resources => ({
    gpu,
    cpu,
    memory,
    pods: Infinity,
  });
  return {
    name,
    capacity: r(gpuDevices),
    used: { gpu: 0, cpu: 0, memory: 0, pods: 0 },
    releasing: { gpu: 0, cpu: 0, memory: 0, pods: 0 },
    gpuDevices,
    ...more,
  };
}

/** A task on `node` holding `devices` (index -> share). */
export function taskState(
  name: string,
  job: string,
  status: TaskStatus,
  node: string | null,
  devices: Record<number, number> = {},
): TaskState {
  return {
    name,
    job,
    status,
    node,
    gpus: Object.entries(devices).map(([index, share]) => ({ index: Number(index), share })),
  };
}

/** A running job in `queue`, optionally protected until `protectedUntilMs` for `durationMs`. */
export function jobState(
  name: string,
  queue: string,
  protection: { kind: 'preempt' | 'reclaim'; untilMs: number | null; durationMs: number } | null = null,
): JobState {
  const p =
    protection === null
      ? null
      : {
          resolution: resolution({
            kind: protection.kind,
            victimQueue: queue,
            durationMs: protection.durationMs,
            source: queue,
            path: [queue],
          }),
          protectedUntilMs: protection.untilMs,
          isProtected: true,
        };
  return {
    name,
    queue,
    phase: 'Running',
    priority: 50,
    priorityClassName: null,
    preemptible: true,
    minAvailable: 1,
    taskCount: 1,
    running: 1,
    pipelined: 0,
    pending: 0,
    releasing: 0,
    succeeded: 0,
    submitAtMs: 0,
    startedAtMs: 0,
    progressMs: 0,
    stoppedAtMs: null,
    runtimeMs: null,
    isElastic: false,
    extras: {
      profile: 'kai',
      preemptProtection: protection?.kind === 'preempt' ? p : null,
      reclaimProtection:
        protection?.kind === 'reclaim' && p !== null
          ? { method: 'queue', anyReclaimer: p, byReclaimer: [], isProtected: p.isProtected }
          : null,
    } as JobExtras,
  };
}

/**
 * A deterministic synthetic cluster: `nodeCount` nodes of `gpusPerNode` GPUs, about two thirds busy,
 * with fractional, pipelined and releasing tasks sprinkled in, over `queueCount` leaf queues.
 */
export function syntheticCluster(
  nodeCount: number,
  gpusPerNode: number,
  queueCount = 6,
  seed = 1,
): { nodes: NodeState[]; tasks: TaskState[]; jobs: JobState[]; queues: QueueState[] } {
  let s = seed >>> 0;
  // A small LCG keeps the fixture deterministic (as d3-hierarchy's lcg does for pack).
  const rand = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const queues: QueueState[] = [queueState('root', null)];
  for (let q = 0; q < queueCount; q++) queues.push(queueState(`team-${q}`, 'root'));
  const nodes: NodeState[] = [];
  const tasks: TaskState[] = [];
  const jobs: JobState[] = [];
  let jobNo = 0;
  for (let n = 0; n < nodeCount; n++) {
    const name = `node-${String(n).padStart(3, '0')}`;
    nodes.push(nodeState(name, gpusPerNode));
    for (let g = 0; g < gpusPerNode; g++) {
      const roll = rand();
      if (roll > 0.7) continue;
      const queue = `team-${Math.floor(rand() * queueCount)}`;
      const jobName = `job-${jobNo++}`;
      const status: TaskStatus = roll < 0.05 ? 'Releasing' : roll < 0.1 ? 'Pipelined' : 'Running';
      const protectedFor = rand() < 0.3 ? 60_000 + Math.floor(rand() * 5) * 60_000 : 0;
      jobs.push(
        jobState(
          jobName,
          queue,
          protectedFor > 0
            ? { kind: 'reclaim', untilMs: Math.floor(rand() * protectedFor), durationMs: protectedFor }
            : null,
        ),
      );
      if (roll > 0.6) {
        tasks.push(taskState(`${jobName}-0`, jobName, status, name, { [g]: 0.5 }));
        const other = `job-${jobNo++}`;
        jobs.push(jobState(other, `team-${Math.floor(rand() * queueCount)}`));
        tasks.push(taskState(`${other}-0`, other, 'Running', name, { [g]: 0.25 }));
      } else {
        tasks.push(taskState(`${jobName}-0`, jobName, status, name, { [g]: 1 }));
      }
    }
  }
  return { nodes, tasks, jobs, queues };
}
