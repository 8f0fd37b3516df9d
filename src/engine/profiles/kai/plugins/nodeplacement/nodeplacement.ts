/**
 * `nodeplacement` with KAI's default binpack strategy for GPU and CPU: prefer the node with the least
 * non-allocated amount (idle + releasing), so that whole nodes stay free for large jobs. GPU tasks rank by
 * GPUs, others by CPU (nodeplacement.go:75-80 @d5bc503). `arguments: {gpu: spread}` (or `cpu: spread`)
 * prefers the node with the largest non-allocated share instead (spread.go:16-35).
 */
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Plugin } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import type { PluginConfig } from '../../../../model/scenario';

/** KAI scores.MaxHighDensity (plugins/scores/scores.go:7 @d5bc503): the best binpack score. */
const MAX_HIGH_DENSITY = 9;

type Scored = 'gpu' | 'cpu';

/**
 * What is not allocated on the node: idle plus releasing (KAI node_info.go:151-157 NonAllocatedResource).
 * `future` is capacity − used − pipelined, which is idle + releasing once pipelined tasks are counted
 * against the releasing capacity they wait for (NodeInfo.ts).
 */
function nonAllocated(node: NodeInfo, r: Scored): number {
  return node.future(r);
}

/**
 * Binpack (pack.go:20-64): 9 × (1 − (nonAllocated − min) / (max − min)), min and max over the nodes the task
 * is ordered on, a node without the resource scoring 0. Upstream takes min and max per task from the node
 * list (setBinpackPreOrder, pack.go:35-43); the lab scores nodes one at a time (PlacementScan remembers each
 * node's score), so it divides by the largest capacity of the session's nodes instead. Both are decreasing
 * affine maps of the non-allocated amount into [0, 9], so they rank the nodes that have the resource alike,
 * and stay below every other plugin's score step (topology's is 100000, scores.go:12). Not reproduced: a
 * node with none of the resource ties with upstream's most-free node (score 0); here it scores 0 too, equal
 * only to a node whose whole largest-capacity is free. Such a node can only take a task asking none of it.
 * A node that omits `gpu` (unbounded, §3) scores 0, as the most free node would.
 */
function packScore(node: NodeInfo, r: Scored, largest: number): number {
  const cap = node.capacity[r];
  if (!Number.isFinite(cap) || cap <= 0 || largest <= 0) return 0;
  return MAX_HIGH_DENSITY * (1 - nonAllocated(node, r) / largest);
}

/** Spread (spread.go:16-35): the non-allocated share of the node, 0 for a node without the resource. */
function spreadScore(node: NodeInfo, r: Scored): number {
  const cap = node.capacity[r];
  if (!Number.isFinite(cap) || cap <= 0) return 0;
  return nonAllocated(node, r) / cap;
}

function largestCapacity(ssn: Session, r: Scored): number {
  let most = 0;
  for (const node of ssn.nodes) {
    const cap = node.capacity[r];
    if (Number.isFinite(cap) && cap > most) most = cap;
  }
  return most;
}

export function createNodePlacementPlugin(config: PluginConfig): Plugin {
  const gpuSpread = config.arguments['gpu'] === 'spread';
  const cpuSpread = config.arguments['cpu'] === 'spread';
  return {
    name: 'nodeplacement',
    onSessionOpen(ssn) {
      const largest = { gpu: largestCapacity(ssn, 'gpu'), cpu: largestCapacity(ssn, 'cpu') };
      const score = (node: NodeInfo, r: Scored, spread: boolean): number =>
        spread ? spreadScore(node, r) : packScore(node, r, largest[r]);
      ssn.register('nodeOrder', (task, node) =>
        task.req.gpu > 0 ? score(node, 'gpu', gpuSpread) : score(node, 'cpu', cpuSpread),
      );
    },
  };
}
