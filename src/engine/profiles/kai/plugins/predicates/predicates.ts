/**
 * `predicates`: may this task go to this node at all? Node selectors must match, and no request may exceed
 * the node's whole capacity. Whether there is room now (allocate) or once releasing capacity is free
 * (pipeline) is decided by placement itself, which every action shares.
 */
import type { Plugin } from '../../framework/Plugin';
import { RESOURCE_NAMES } from '../../../../model/resources';
import type { PluginConfig } from '../../../../model/scenario';

export function createPredicatesPlugin(_config: PluginConfig): Plugin {
  return {
    name: 'predicates',
    onSessionOpen(ssn) {
      ssn.register('predicate', (task, node) => {
        // Hot path (every task × every node): no allocation unless the node is refused.
        const selector = task.spec.nodeSelector;
        for (const key in selector) {
          if (node.spec.labels[key] !== selector[key])
            return `node selector ${key}=${selector[key] ?? ''} does not match`;
        }
        for (const r of RESOURCE_NAMES) {
          if (task.req[r] > node.capacity[r]) return `the request exceeds the node's whole ${r} capacity`;
        }
        return null;
      });
    },
  };
}
