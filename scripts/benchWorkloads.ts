/**
 * Generated benchmark workloads (deterministic: no randomness, every value derived from indices).
 */
import type { Scenario } from '../src/engine/model/scenario';
import { normaliseScenarioDocument } from '../src/engine/index';
import {
  volcanoClusterDocument,
  type VolcanoClusterOptions,
} from '../src/engine/profiles/volcano/testing/benchCluster';

export interface BigClusterOptions {
  nodes: number;
  gpusPerNode: number;
  running: number;
  pending: number;
  actions: string[];
  minRuntime: boolean;
}

/** 100 queues in three levels: 4 departments × 4 teams × 5 projects = 4 + 16 + 80. */
function queueTree(minRuntime: boolean, capacity: number): unknown[] {
  // Quotas cover about 60% of the cluster, so the rest is divided by over-quota weight and reclaim matters.
  const dq = Math.round(capacity * 0.15);
  const tq = Math.round(dq * 0.2);
  const pq = Math.max(1, Math.round(tq * 0.15));
  const queues: unknown[] = [];
  for (let d = 0; d < 4; d++) {
    queues.push({
      name: `dept${d}`,
      resources: { gpu: { quota: dq, limit: -1, overQuotaWeight: 1 + d } },
      ...(minRuntime ? { reclaimMinRuntime: `${60 + d * 30}s`, preemptMinRuntime: `${30 + d * 10}s` } : {}),
    });
    for (let t = 0; t < 4; t++) {
      const team = `dept${d}-team${t}`;
      queues.push({
        name: team,
        parent: `dept${d}`,
        resources: { gpu: { quota: tq, limit: -1, overQuotaWeight: 1 + (t % 2) } },
        ...(minRuntime && t % 2 === 0 ? { reclaimMinRuntime: `${120 + t * 15}s` } : {}),
      });
      for (let p = 0; p < 5; p++) {
        queues.push({
          name: `${team}-proj${p}`,
          parent: team,
          resources: { gpu: { quota: pq, limit: -1, overQuotaWeight: 1 + (p % 3) } },
          ...(minRuntime && p === 0 ? { reclaimMinRuntime: '30s', preemptMinRuntime: '20s' } : {}),
        });
      }
    }
  }
  return queues;
}

function leafName(i: number): string {
  const d = i % 4;
  const t = Math.floor(i / 4) % 4;
  const p = Math.floor(i / 16) % 5;
  return `dept${d}-team${t}-proj${p}`;
}

export function bigCluster(o: BigClusterOptions): Scenario {
  return parse(bigClusterDocument(o));
}

/** The document {@link bigCluster} normalises (plain data, so that it can be written as a scenario file). */
export function bigClusterDocument(o: BigClusterOptions): Record<string, unknown> {
  const nodes = Array.from({ length: o.nodes }, (_, i) => ({
    name: `node${String(i).padStart(4, '0')}`,
    resources: { gpu: o.gpusPerNode },
  }));
  const jobs: unknown[] = [];
  for (let i = 0; i < o.running; i++) {
    const node = nodes[Math.floor(i / o.gpusPerNode) % o.nodes] as { name: string };
    jobs.push({
      name: `run${String(i).padStart(5, '0')}`,
      // Skewed: departments 0 and 1 hold most running jobs, so 2 and 3 are under their fair share and reclaim.
      queue: leafName(i % 5 === 0 ? i : (i % 2) + 4 * Math.floor(i / 2)),
      priorityClassName: i % 5 === 0 ? 'build-preemptible' : 'train',
      submitAt: `-${3600 - (i % 600)}s`,
      startedAt: `-${(i % 300) + 1}s`,
      resources: { gpu: 1 },
      tasks: [{ status: 'Running', node: node.name }],
    });
  }
  for (let i = 0; i < o.pending; i++) {
    jobs.push({
      name: `pend${String(i).padStart(5, '0')}`,
      queue: leafName(i * 7 + 3),
      priorityClassName: i % 9 === 0 ? 'build-preemptible' : 'train',
      submitAt: `-${(i % 900) + 1}s`,
      resources: { gpu: 1 },
      tasks: 1,
    });
  }
  const tiers = [
    {
      plugins: [
        { name: 'predicates' },
        { name: 'proportion' },
        { name: 'priority' },
        { name: 'elastic' },
        { name: 'nodeplacement' },
        { name: 'minruntime', arguments: o.minRuntime ? { defaultReclaimMinRuntime: '45s' } : {} },
      ],
    },
  ];
  return {
    version: 1,
    name: `bench ${o.nodes}x${o.gpusPerNode}`,
    scheduler: { actions: o.actions, tiers },
    nodes,
    queues: queueTree(o.minRuntime, o.nodes * o.gpusPerNode),
    jobs,
    run: { sessions: 1 },
  };
}

/** 100 nodes × 8 GPUs, 1,000 jobs arriving over time with runtimes, so jobs keep completing and starting. */
export function churn(sessions: number): Scenario {
  const nodes = Array.from({ length: 100 }, (_, i) => ({
    name: `n${String(i).padStart(3, '0')}`,
    resources: { gpu: 8 },
  }));
  const jobs = Array.from({ length: 1000 }, (_, i) => ({
    name: `job${String(i).padStart(4, '0')}`,
    queue: leafName(i),
    priorityClassName: i % 6 === 0 ? 'build' : 'train',
    submitAt: `${Math.floor((i * sessions) / 1000)}s`,
    runtime: `${30 + ((i * 37) % 240)}s`,
    minAvailable: 1 + (i % 3),
    resources: { gpu: 1 },
    tasks: 1 + (i % 4),
  }));
  return parse({
    version: 1,
    name: 'bench churn',
    nodes,
    queues: queueTree(true, 800),
    jobs,
    run: { sessions },
  });
}

function parse(doc: unknown): Scenario {
  const r = normaliseScenarioDocument(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 5), null, 2));
  return r.scenario;
}

/**
 * `n` sibling queues under one parent, one 1-GPU job each, on 500 nodes × 8 GPUs (issue 8: one session
 * took 20-66 s when every pop compared every sibling).
 */
export function siblingQueues(n: number): Scenario {
  return scenario({
    nodes: [{ name: 'node', resources: { gpu: 8 }, count: 500 }],
    queues: [
      { name: 'root' },
      ...Array.from({ length: n }, (_, i) => ({
        name: `q${i}`,
        parent: 'root',
        resources: { gpu: { quota: 1 } },
      })),
    ],
    jobs: Array.from({ length: n }, (_, i) => ({ name: `j${i}`, queue: `q${i}`, resources: { gpu: 1 } })),
    run: { sessions: 1 },
  });
}

/** A chain of `depth` queues with one job at the bottom (issue 8: about 3,000 overflowed the stack). */
export function queueChain(depth: number): Scenario {
  return scenario({
    nodes: [{ name: 'node', resources: { gpu: 8 } }],
    queues: Array.from({ length: depth }, (_, i) =>
      i === 0 ? { name: 'c0' } : { name: `c${i}`, parent: `c${i - 1}`, resources: { gpu: { quota: 1 } } },
    ),
    jobs: [{ name: 'deep', queue: `c${depth - 1}`, resources: { gpu: 1 } }],
    run: { sessions: 1 },
  });
}

/**
 * YAML text with one mapping of `n` keys: an `x-` extension mapping (accepted), a node's labels (refused
 * with one error, over the 1,000-entry limit) or unknown node fields (refused, one error per key).
 */
export function wideMappingText(n: number, kind: 'extension' | 'labels' | 'unknown-keys'): string {
  const lines = ['version: 1', 'nodes:', '  - name: n', '    resources: {gpu: 8}'];
  if (kind === 'labels') lines.push('    labels:');
  for (let i = 0; i < n; i++) {
    if (kind === 'labels') lines.push(`      l${i}: v`);
    else if (kind === 'unknown-keys') lines.push(`    bad${i}: v`);
  }
  lines.push('queues: [{name: q}]');
  if (kind === 'extension') {
    lines.push('x-data:');
    for (let i = 0; i < n; i++) lines.push(`  k${i}: v`);
  }
  lines.push('');
  return lines.join('\n');
}

function scenario(doc: Record<string, unknown>): Scenario {
  const r = normaliseScenarioDocument({ version: 1, ...doc });
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.scenario;
}

/** Volcano's benchmark cluster (the document is the profile's own: volcano/testing/benchCluster.ts). */
export function volcanoCluster(o: VolcanoClusterOptions): Scenario {
  return parse(volcanoClusterDocument(o));
}

export const FULL_KAI_ACTIONS = ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'];

/**
 * The production-shaped snapshot of issue 13: 4,000 nodes x 8 GPUs, full (32,000 running 1-GPU jobs) and
 * 1,000 pending jobs, the 100-queue tree with min-runtimes, a full KAI session. As a document, so that the
 * bench can also write it as a scenario file (about 6 MB of YAML) and time loading it.
 */
export function productionDocument(): Record<string, unknown> {
  return bigClusterDocument({
    nodes: 4000,
    gpusPerNode: 8,
    running: 32_000,
    pending: 1000,
    actions: FULL_KAI_ACTIONS,
    minRuntime: true,
  });
}

/**
 * 140,000 pods on 4,000 nodes (8 GPUs, 128 CPU, 1 TiB, 110 pods each): 32,000 running 1-GPU jobs (4 CPU,
 * 32 GiB), 10,000 running CPU-only jobs of 10 pods (0.5 CPU, 1 GiB each), and pending 1,000 GPU jobs
 * plus 700 CPU-only jobs of 10 pods; the 100-queue tree, a full KAI session with min-runtimes.
 */
export function podsDocument(nodeCount = 4000): Record<string, unknown> {
  // Every count scales with the cluster (the figures in the comment above are for 4,000 nodes).
  const per = (n: number): number => Math.round((n * nodeCount) / 4000);
  const nodes = Array.from({ length: nodeCount }, (_, i) => ({
    name: `node${String(i).padStart(4, '0')}`,
    resources: { gpu: 8, cpu: 128, memory: '1Ti', pods: 110 },
  }));
  const doc = bigClusterDocument({
    nodes: nodeCount,
    gpusPerNode: 8,
    running: nodeCount * 8,
    pending: per(1000),
    actions: FULL_KAI_ACTIONS,
    minRuntime: true,
  });
  const jobs: Record<string, unknown>[] = (doc['jobs'] as Record<string, unknown>[]).map((j) => ({
    ...j,
    resources: { gpu: 1, cpu: 4, memory: '32Gi' },
  }));
  const nodeName = (i: number): string => (nodes[i % nodeCount] as { name: string }).name;
  for (let i = 0; i < per(10_000); i++) {
    jobs.push({
      name: `cpu${String(i).padStart(5, '0')}`,
      queue: leafName(i * 3 + 1),
      priorityClassName: i % 4 === 0 ? 'build-preemptible' : 'train',
      submitAt: `-${3600 - (i % 600)}s`,
      startedAt: `-${(i % 300) + 1}s`,
      resources: { cpu: 0.5, memory: '1Gi' },
      tasks: Array.from({ length: 10 }, (_, k) => ({ status: 'Running', node: nodeName(i * 10 + k) })),
    });
  }
  for (let i = 0; i < per(700); i++) {
    jobs.push({
      name: `cpupend${String(i).padStart(4, '0')}`,
      queue: leafName(i * 11 + 5),
      priorityClassName: i % 3 === 0 ? 'build-preemptible' : 'train',
      submitAt: `-${(i % 900) + 1}s`,
      resources: { cpu: 0.5, memory: '1Gi' },
      tasks: 10,
    });
  }
  return { ...doc, name: `bench pods on ${nodeCount} nodes`, nodes, jobs };
}

/** Normalises a generated document (throws on an invalid one: the generators are wrong, not the input). */
export function scenarioOf(doc: unknown): Scenario {
  return parse(doc);
}
