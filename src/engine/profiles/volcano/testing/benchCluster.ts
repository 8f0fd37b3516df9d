/**
 * Volcano's benchmark workload (scripts/bench.ts, `npm run bench:engine`), as a scenario document: moved here
 * from scripts/benchWorkloads.ts so that shared scripts never name a profile (issue 23). Deterministic: every
 * value derived from indices.
 */

export interface VolcanoClusterOptions {
  nodes: number;
  gpusPerNode: number;
  running: number;
  pending: number;
}

/**
 * A Volcano cluster of `nodes` × `gpusPerNode` GPUs (64 CPU, 512 GiB, 110 pods each), 20 flat queues
 * with weights 1–4, `running` one-GPU jobs filling the nodes (skewed: the first 8 queues hold most of
 * them) and `pending` one-GPU jobs across all queues, three priority classes, the CI configuration of
 * Volcano (`volcano-scheduler-ci.conf`: all five actions; sla with a 10 min global waiting time).
 */
export function volcanoClusterDocument(o: VolcanoClusterOptions): Record<string, unknown> {
  const nodes = Array.from({ length: o.nodes }, (_, i) => ({
    name: `node${String(i).padStart(4, '0')}`,
    resources: { gpu: o.gpusPerNode, cpu: 64, memory: '512Gi', pods: 110 },
  }));
  const queues = Array.from({ length: 20 }, (_, i) => ({
    name: `q${String(i).padStart(2, '0')}`,
    weight: 1 + (i % 4),
  }));
  const classes = ['low', 'mid', 'high'];
  const jobs: unknown[] = [];
  for (let i = 0; i < o.running; i++) {
    const node = nodes[Math.floor(i / o.gpusPerNode) % o.nodes] as { name: string };
    jobs.push({
      name: `run${String(i).padStart(5, '0')}`,
      queue: `q${String(i % 5 === 0 ? i % 20 : i % 8).padStart(2, '0')}`,
      priorityClassName: classes[i % 3],
      phase: 'Running',
      minAvailable: 1,
      submitAt: `-${3600 - (i % 600)}s`,
      resources: { gpu: 1, cpu: 4, memory: '32Gi' },
      tasks: [{ status: 'Running', node: node.name }],
    });
  }
  for (let i = 0; i < o.pending; i++) {
    jobs.push({
      name: `pend${String(i).padStart(5, '0')}`,
      queue: `q${String((i * 7 + 3) % 20).padStart(2, '0')}`,
      priorityClassName: classes[(i + 1) % 3],
      minAvailable: 1,
      minResources: { gpu: 1, cpu: 4, memory: '32Gi' },
      submitAt: `-${(i % 900) + 1}s`,
      resources: { gpu: 1, cpu: 4, memory: '32Gi' },
      tasks: 1,
    });
  }
  return {
    version: 1,
    name: `volcano bench ${o.nodes}x${o.gpusPerNode}`,
    profile: 'volcano',
    priorityClasses: classes.map((name, i) => ({ name, value: (i + 1) * 100 })),
    scheduler: {
      actions: ['enqueue', 'allocate', 'backfill', 'reclaim', 'preempt'],
      tiers: [
        {
          plugins: [
            { name: 'priority' },
            { name: 'gang', enablePreemptable: false },
            { name: 'conformance' },
            { name: 'sla', arguments: { 'sla-waiting-time': '10m' } },
          ],
        },
        {
          plugins: [
            { name: 'overcommit' },
            { name: 'drf', enablePreemptable: false },
            { name: 'predicates' },
            { name: 'proportion' },
            { name: 'nodeorder' },
            { name: 'binpack' },
          ],
        },
      ],
    },
    nodes,
    queues,
    jobs,
    run: { sessions: 1 },
  };
}
