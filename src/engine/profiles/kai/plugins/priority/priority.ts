/**
 * `priority`: jobs with a higher priority go first; inside a job, tasks with a higher task priority
 * (KAI label `kai.scheduler/task-priority`) go first, labelled before unlabelled.
 */
import type { Plugin } from '../../framework/Plugin';
import type { PluginConfig } from '../../../../model/scenario';

export function createPriorityPlugin(_config: PluginConfig): Plugin {
  return {
    name: 'priority',
    onSessionOpen(ssn) {
      ssn.register('jobOrder', (a, b) => b.priority - a.priority);
      ssn.register('taskOrder', (a, b) => {
        const pa = a.spec.priority;
        const pb = b.spec.priority;
        if (pa === pb) return 0;
        if (pa === null) return 1;
        if (pb === null) return -1;
        return pb - pa;
      });
    },
  };
}
