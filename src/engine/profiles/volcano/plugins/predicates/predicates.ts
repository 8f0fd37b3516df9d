/**
 * `predicates` plugin (reference §4.7), the parts the scenario format can express: NodeAffinity through
 * the task's `nodeSelector` (UnschedulableAndUnresolvable: preempt skips such nodes too) and the pod-count
 * check (`NodePodNumberExceeded`, Unschedulable). Resource fit is checked by the actions themselves
 * (allocate: request ≤ FutureIdle), as upstream.
 */
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';

export const createPredicatesPlugin: VolcanoPluginFactory = (): VolcanoPlugin => ({
  name: 'predicates',
  onSessionOpen(ssn, self) {
    ssn.add('predicate', self, (task, node) => {
      for (const [k, v] of Object.entries(task.spec.nodeSelector)) {
        if (node.spec.labels[k] !== v) {
          return { reason: `node ${node.name} does not match nodeSelector ${k}=${v}`, unresolvable: true };
        }
      }
      const pods = node.account.allocatable.pods;
      let onNode = 0;
      for (const t of node.tasks.values()) if (t !== task) onNode++;
      if (pods <= onNode)
        return {
          reason: `node ${node.name} has no pod slot left (NodePodNumberExceeded)`,
          unresolvable: false,
        };
      return null;
    });
  },
});
