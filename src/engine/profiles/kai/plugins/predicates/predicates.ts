/**
 * `predicates`: may this task go to this node at all? The queue's per-node capacity comes first (registered
 * by `proportion` as `nodeCapacity`; KAI plugins/predicates/predicates.go:322-326 asks it before the node's
 * resource type, node conditions and the k8s filters such as the node selector, :328-370 @d5bc503), then node
 * selectors must match, and no request may exceed the node's whole capacity. Whether there is room now (allocate) or once releasing capacity is free
 * (pipeline) is decided by placement itself, which every action shares.
 */
import type { Plugin } from '../../framework/Plugin';
import type { PluginConfig } from '../../../../model/scenario';

export function createPredicatesPlugin(_config: PluginConfig): Plugin {
  return {
    name: 'predicates',
    onSessionOpen(ssn) {
      // The node selector's keys, listed once per run of one task: `for…in` over the (usually empty)
      // selector cost more than the rest of the predicate, asked of every candidate node for every task.
      // Placement asks one task of many nodes in a row, so the last selector's keys are kept at hand.
      let lastSelector: Record<string, string> | null = null;
      let keys: readonly string[] = [];
      ssn.register('predicate', (task, node) => {
        // Hot path (every task × every node): no allocation unless the node is refused.
        const overCapacity = ssn.nodeOverCapacity(task, node);
        if (overCapacity !== null) return overCapacity;
        const selector = task.spec.nodeSelector;
        if (selector !== lastSelector) {
          keys = Object.keys(selector);
          lastSelector = selector;
        }
        for (const key of keys) {
          if (node.spec.labels[key] !== selector[key])
            return `node selector ${key}=${selector[key] ?? ''} does not match`;
        }
        // What the task needs on this node (a GPU-memory request: m / D of its devices, decision 0328).
        const req = task.reqOn(node);
        const cap = node.capacity;
        if (req.gpu > cap.gpu) return "the request exceeds the node's whole gpu capacity";
        if (req.cpu > cap.cpu) return "the request exceeds the node's whole cpu capacity";
        if (req.memory > cap.memory) return "the request exceeds the node's whole memory capacity";
        if (req.pods > cap.pods) return "the request exceeds the node's whole pods capacity";
        return null;
      });
    },
  };
}
