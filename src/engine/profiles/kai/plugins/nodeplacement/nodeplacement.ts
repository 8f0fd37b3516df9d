/**
 * `nodeplacement` with KAI's default binpack strategy for GPU and CPU: prefer the node that is already the
 * most used, so that whole nodes stay free for large jobs. GPU tasks rank by GPUs, others by CPU.
 * `arguments: {gpu: spread}` (or `cpu: spread`) reverses the preference.
 */
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Plugin } from '../../framework/Plugin';
import type { PluginConfig } from '../../../../model/scenario';

function usedFraction(node: NodeInfo, r: 'gpu' | 'cpu'): number {
  const cap = node.capacity[r];
  if (!Number.isFinite(cap) || cap <= 0) return 0;
  return (cap - node.idle(r)) / cap;
}

export function createNodePlacementPlugin(config: PluginConfig): Plugin {
  const gpuSpread = config.arguments['gpu'] === 'spread';
  const cpuSpread = config.arguments['cpu'] === 'spread';
  return {
    name: 'nodeplacement',
    onSessionOpen(ssn) {
      ssn.register('nodeOrder', (task, node) => {
        if (task.req.gpu > 0) return (gpuSpread ? -1 : 1) * usedFraction(node, 'gpu');
        return (cpuSpread ? -1 : 1) * usedFraction(node, 'cpu');
      });
    },
  };
}
