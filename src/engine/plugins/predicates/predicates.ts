/**
 * `predicates`: may this task go to this node at all? Node selectors must match, and the request must fit
 * the node once the capacity being released there is free (whether it fits idle capacity decides
 * allocate-or-pipeline, not feasibility).
 */
import type { Plugin } from '../../framework/Plugin';
import { RESOURCE_NAMES } from '../../model/resources';
import type { PluginConfig } from '../../model/scenario';

export function createPredicatesPlugin(_config: PluginConfig): Plugin {
  return {
    name: 'predicates',
    onSessionOpen(ssn) {
      ssn.predicateFns.push({
        plugin: 'predicates',
        fn: (task, node) => {
          for (const [key, value] of Object.entries(task.spec.nodeSelector)) {
            if (node.spec.labels[key] !== value) return `node ${node.name} does not match node selector ${key}=${value}`;
          }
          for (const r of RESOURCE_NAMES) {
            if (r === 'gpu') continue;
            if (task.req[r] > node.capacity[r]) return `node ${node.name} has only ${node.capacity[r]} ${r} in all`;
          }
          if (!node.fits(task.req, 'future')) return `node ${node.name} lacks room even counting capacity being released`;
          return null;
        },
      });
    },
  };
}
