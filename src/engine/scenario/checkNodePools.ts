/**
 * Cross-checks of `nodePools` (§24): every pool label names a declared pool, a job lies in the pool of its
 * queue, a queue in the pool of its parent, and a task running at t=0 on a node of its job's pool. KAI
 * itself would leave such an object to no scheduler (each shard lists only what carries its label: KAI
 * pkg/scheduler/cache/cluster_info/data_lister/kubernetes_lister.go:121-135 @d5bc503), which in a sandbox
 * is a typo to report, not a silent never-scheduled job.
 */
import { NODE_POOL_LABEL_KEY, poolLabelValue, poolsOf } from '../model/nodePool';
import type { JobSpec, NodeSpec, Scenario } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath } from './fieldPath';

export function checkNodePools(
  scenario: Scenario,
  submitted: readonly JobSpec[],
  ctx: NormaliseContext,
): void {
  const pools = poolsOf(scenario.nodePools);
  const byValue = new Map(pools.map((p) => [p.labelValue, p.name]));
  const report = (path: FieldPath, message: string) => ctx.sink.report('node-pool-mismatch', path, message);
  const known = (value: string) => byValue.has(value);
  const describe = (value: string) =>
    value === ''
      ? `the default pool ${quote(byValue.get('') ?? '')}`
      : `node pool ${quote(byValue.get(value) ?? value)}`;
  const noPools = pools.length === 0;

  const nodePool = new Map<string, string>();
  const checkNode = (node: NodeSpec) => {
    const value = poolLabelValue(node.labels);
    nodePool.set(node.name, value);
    if (noPools) return; // without nodePools the label is an ordinary label (as before §24)
    if (Object.hasOwn(node.labels, NODE_POOL_LABEL_KEY) && value === '')
      report(
        [...ctx.origins.of(node), 'labels', NODE_POOL_LABEL_KEY],
        'an empty pool label puts the node in no pool; remove it for the default pool',
      );
    else if (!known(value))
      report(
        [...ctx.origins.of(node), 'labels', NODE_POOL_LABEL_KEY],
        `no node pool has partitionLabelValue ${quote(value)}`,
      );
  };
  for (const n of scenario.nodes) checkNode(n);
  for (const e of scenario.events) if (e.kind === 'addNode') checkNode(e.node);

  const queuePool = new Map(scenario.queues.map((q) => [q.name, q.nodePool ?? '']));
  for (const q of scenario.queues) {
    const path = ctx.origins.of(q);
    const value = q.nodePool ?? '';
    if (noPools) {
      if (q.nodePool !== undefined) report([...path, 'nodePool'], 'the scenario declares no nodePools');
      continue;
    }
    if (!known(value)) report([...path, 'nodePool'], `no node pool has partitionLabelValue ${quote(value)}`);
    const parent = q.parent === null ? undefined : queuePool.get(q.parent);
    if (parent !== undefined && parent !== value && known(value))
      report(
        [...path, 'nodePool'],
        `queue ${quote(q.name)} is in ${describe(value)} but its parent ${quote(q.parent ?? '')} is in ${describe(parent)}; a shard sees only the queues of its pool`,
      );
  }

  for (const job of [...scenario.jobs, ...submitted]) {
    const path = ctx.origins.of(job);
    const value = job.nodePool ?? '';
    if (noPools) {
      if (job.nodePool !== undefined) report([...path, 'nodePool'], 'the scenario declares no nodePools');
      continue;
    }
    if (!known(value)) {
      report([...path, 'nodePool'], `no node pool has partitionLabelValue ${quote(value)}`);
      continue;
    }
    const queue = queuePool.get(job.queue);
    if (queue !== undefined && queue !== value)
      report(
        [...path, 'nodePool'],
        `job ${quote(job.name)} is in ${describe(value)} but its queue ${quote(job.queue)} is in ${describe(queue)}; the shard that sees the job would not see its queue`,
      );
    for (const t of job.tasks) {
      if (t.status !== 'Running' || t.node === null) continue;
      const on = nodePool.get(t.node);
      if (on !== undefined && on !== value)
        report(
          [...ctx.origins.of(t), 'node'],
          `task ${quote(t.name)} runs on node ${quote(t.node)} of ${describe(on)}, not of its job's ${describe(value)}`,
        );
    }
  }
}
