/**
 * Node pools (§24) on a generated KAI document: `count` pools (1-2) besides the default one, each top-level
 * queue tree in one pool (round robin), every job in its queue's pool, a node in the pool of the jobs
 * running on it (round robin when none). A document whose running tasks would put jobs of different pools
 * on one node keeps no pools (it stays valid that way). The first pool protects its jobs with a pool-level
 * preempt min-runtime; the second turns consolidation off, so both pool fields are exercised.
 */
import { NODE_POOL_LABEL_KEY } from '../../../model/nodePool';

type Data = Record<string, unknown>;

/** Rewrites `doc` (a KAI document) in place when `count` > 0. */
export function applyNodePools(doc: Data, count: number): void {
  if (count <= 0 || doc['workload'] !== undefined || doc['variants'] !== undefined) return;
  const values = ['', ...['p1', 'p2'].slice(0, count)];
  const queues = (doc['queues'] as Data[] | undefined) ?? [];
  const parentOf = new Map(
    queues.map((q) => [q['name'] as string, (q['parent'] as string | undefined) ?? null]),
  );
  const roots: string[] = [];
  const rootOf = (name: string): string => {
    let at = name;
    for (let i = 0; i <= queues.length; i++) {
      const p = parentOf.get(at) ?? null;
      if (p === null || !parentOf.has(p)) break;
      at = p;
    }
    return at;
  };
  for (const q of queues)
    if (!roots.includes(rootOf(q['name'] as string))) roots.push(rootOf(q['name'] as string));
  const poolOfQueue = (name: string) => values[roots.indexOf(rootOf(name)) % values.length] ?? '';

  const jobs = (doc['jobs'] as Data[] | undefined) ?? [];
  const events = (doc['events'] as Data[] | undefined) ?? [];
  const nodes = (doc['nodes'] as Data[] | undefined) ?? [];
  // Which node document each placed task sits on (a `count` node expands to name-0, name-1, …).
  const nodeDocOf = (placed: string) =>
    nodes.find(
      (n) => n['name'] === placed || (n['count'] !== undefined && placed.startsWith(`${String(n['name'])}-`)),
    );
  const nodePool = new Map<Data, string>();
  for (const j of jobs) {
    const pool = poolOfQueue(j['queue'] as string);
    const tasks = Array.isArray(j['tasks']) ? (j['tasks'] as Data[]) : [];
    for (const t of tasks) {
      if (t['status'] !== 'Running' || typeof t['node'] !== 'string') continue;
      const n = nodeDocOf(t['node']);
      if (n === undefined) continue;
      const before = nodePool.get(n);
      if (before !== undefined && before !== pool) return; // jobs of two pools on one node: no pools
      nodePool.set(n, pool);
    }
  }
  doc['nodePools'] = values.slice(1).map((v, i) =>
    i === 0
      ? { name: v, partitionLabelValue: v, minRuntime: { preemptMinRuntime: '2s' } }
      : {
          name: v,
          partitionLabelValue: v,
          actions: { consolidation: { enabled: false } },
          // Its own usage lister (decision 0247): fetched on a 30s tick, whatever the scheduler's.
          usageDBConfig: { usageParams: { windowSize: '5m', halfLifePeriod: '1m', fetchInterval: '30s' } },
        },
  );
  for (const q of queues) {
    const pool = poolOfQueue(q['name'] as string);
    if (pool !== '') q['nodePool'] = pool;
  }
  for (const j of jobs) {
    const pool = poolOfQueue(j['queue'] as string);
    if (pool !== '') j['nodePool'] = pool;
  }
  nodes.forEach((n, i) => {
    const pool = nodePool.get(n) ?? values[i % values.length] ?? '';
    if (pool !== '')
      n['labels'] = { ...((n['labels'] as Data | undefined) ?? {}), [NODE_POOL_LABEL_KEY]: pool };
  });
  events.forEach((e, i) => {
    const submit = e['submit'] as Data | undefined;
    if (submit !== undefined) {
      const pool = poolOfQueue(submit['queue'] as string);
      if (pool !== '') submit['nodePool'] = pool;
    }
    const added = e['addNode'] as Data | undefined;
    const pool = values[i % values.length] ?? '';
    if (added !== undefined && pool !== '')
      added['labels'] = { ...((added['labels'] as Data | undefined) ?? {}), [NODE_POOL_LABEL_KEY]: pool };
  });
}
