/**
 * Volcano `priority` plugin (`plugins/priority/priority.go`, reference §4.1): task order by pod priority,
 * job order by PodGroup priority, Preemptable by job priority across jobs and task priority within a job,
 * JobStarving while any task is not yet placed. No Reclaimable (priority never gates reclaim).
 */
import type { TaskInfo } from '../../api/JobInfo';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';

export const createPriorityPlugin: VolcanoPluginFactory = (_config, dialect): VolcanoPlugin => ({
  name: 'priority',
  onSessionOpen(ssn, self) {
    ssn.add('taskOrder', self, (l, r) => (l.priority > r.priority ? -1 : l.priority < r.priority ? 1 : 0));
    ssn.add('jobOrder', self, (l, r) => (l.priority > r.priority ? -1 : l.priority < r.priority ? 1 : 0));
    ssn.add('preemptable', self, (preemptor, candidates) => {
      const victims: TaskInfo[] = [];
      const pj = preemptor.job;
      for (const c of candidates) {
        if (c.job !== pj) {
          if (c.job.priority < pj.priority) victims.push(c);
        } else if (c.priority < preemptor.priority) victims.push(c);
      }
      return {
        victims,
        abstain: false,
        message: () =>
          victims.length > 0
            ? `lower priority than ${pj.name} (job priority ${pj.priority}; task priority ${preemptor.priority} within the job): ${victims.map((v) => v.name).join(', ')}`
            : `no candidate has a lower priority than ${pj.name} (job priority ${pj.priority})`,
      };
    });
    // kube-batch's priority plugin has no JobStarving (its preempt does not ask).
    if (dialect === 'volcano') {
      ssn.add('jobStarving', self, (job) => job.readyTaskNum() + job.waitingTaskNum() < job.tasks.length);
    }
  },
});
