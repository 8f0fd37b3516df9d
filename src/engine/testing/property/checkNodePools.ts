/**
 * Node pools (§24): a job only ever has tasks on nodes of its own pool (each KAI shard lists only the nodes
 * of its partition, so it can place or pipeline nowhere else). Read from the snapshot's task places and the
 * scenario's labels; no scheduling is re-run.
 */
import { poolLabelValue } from '../../model/nodePool';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

export function nodePoolIndex(
  scenario: Scenario,
): { nodes: Map<string, string>; jobs: Map<string, string> } | null {
  if (scenario.nodePools === undefined || scenario.nodePools.length === 0) return null;
  const nodes = new Map<string, string>();
  const jobs = new Map<string, string>();
  for (const n of scenario.nodes) nodes.set(n.name, poolLabelValue(n.labels));
  for (const j of scenario.jobs) jobs.set(j.name, j.nodePool ?? '');
  for (const e of scenario.events) {
    if (e.kind === 'addNode') nodes.set(e.node.name, poolLabelValue(e.node.labels));
    else if (e.kind === 'submit') jobs.set(e.job.name, e.job.nodePool ?? '');
  }
  return { nodes, jobs };
}

export function checkNodePoolPlacement(
  index: ReturnType<typeof nodePoolIndex>,
  snap: SessionSnapshot,
  violations: Violation[],
): void {
  if (index === null) return;
  for (const t of snap.tasks) {
    if (t.node === null) continue;
    const jobPool = index.jobs.get(t.job) ?? '';
    const nodePool = index.nodes.get(t.node) ?? '';
    if (jobPool !== nodePool)
      violations.push({
        invariant: 'node-pool-placement',
        session: snap.index,
        message: `${t.name} (job ${t.job}, pool "${jobPool}") is ${t.status} on ${t.node} of pool "${nodePool}"`,
      });
  }
}
