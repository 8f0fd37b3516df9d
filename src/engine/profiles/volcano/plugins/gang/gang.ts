/**
 * `gang` plugin (`plugins/gang/gang.go`, reference §4.2): JobValid (enough valid tasks), job order
 * (unready first), JobReady, JobPipelined (Permit or **Reject**, never Abstain), JobStarving, and
 * Preemptable = Reclaimable never taking a job below minAvailable. kube-batch's rule differs: a candidate
 * is a victim iff `minAvailable ≤ ready − 1` **or** `minAvailable == 1`, without counting down (so a
 * minAvailable-1 job can lose every task, kube-batch #828).
 * At session close a job that is not ready gets the Unschedulable condition (phase Unknown if it runs),
 * unless its Releasing pods still on nodes make up minAvailable with nothing left to schedule.
 * Task roles (decision 0227): JobValid, JobReady and JobPipelined also hold each role to its
 * `minTaskMember` (volcano pkg/scheduler/plugins/gang/gang.go:67,193,206 @ed72c7c8); JobStarving does not
 * (gang.go:223: preemption looks at the job's minAvailable only).
 */
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { VictimVote } from '../../framework/points';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import type { Dialect } from '../../framework/Session';
import { rolesNotPipelined, rolesNotReady, rolesNotValid } from '../../api/taskRoles';
import { shouldSkipUnschedulableForReleasing } from './releasing';

function victimsFor(dialect: Dialect, candidates: readonly TaskInfo[]): VictimVote {
  const victims: TaskInfo[] = [];
  const kept: string[] = [];
  const occupied = new Map<JobInfo, number>();
  for (const c of candidates) {
    const job = c.job;
    if (dialect === 'kube-batch') {
      const ready = job.readyTaskNum();
      if (job.minAvailable <= ready - 1 || job.minAvailable === 1) victims.push(c);
      else kept.push(c.name);
      continue;
    }
    const n = occupied.get(job) ?? job.readyTaskNum();
    if (n > job.minAvailable) {
      occupied.set(job, n - 1);
      victims.push(c);
    } else {
      occupied.set(job, n);
      kept.push(c.name);
    }
  }
  const rule =
    dialect === 'kube-batch'
      ? 'kube-batch rule: minAvailable <= ready - 1, or minAvailable == 1'
      : 'never below minAvailable';
  return {
    victims,
    abstain: false,
    message: () =>
      kept.length > 0
        ? `keeps ${kept.join(', ')} so their jobs stay at minAvailable (${rule})`
        : `every candidate's job stays at or above minAvailable (${rule})`,
  };
}

export const createGangPlugin: VolcanoPluginFactory = (_config, dialect): VolcanoPlugin => ({
  name: 'gang',
  onSessionOpen(ssn, self) {
    ssn.add('jobValid', self, (job) => {
      const roles = rolesNotValid(job);
      if (roles.length > 0)
        return `NotEnoughPodsOfTask: not enough valid pods of each task role (valid/minTaskMember: ${roles.join(', ')})`;
      return job.validTaskNum() < job.minAvailable
        ? `NotEnoughPods: ${job.validTaskNum()} valid tasks, minAvailable ${job.minAvailable}`
        : null;
    });
    ssn.add('jobOrder', self, (l, r) => {
      const lr = l.isReady();
      const rr = r.isReady();
      if (lr === rr) return 0;
      return lr ? 1 : -1;
    });
    ssn.add('jobReady', self, (job) => rolesNotReady(job).length === 0 && job.isReady());
    ssn.add('jobPipelined', self, (job) => {
      const have = job.readyTaskNum() + job.waitingTaskNum();
      const roles = rolesNotPipelined(job);
      if (roles.length > 0)
        return {
          vote: 'reject',
          message: `task roles below their minTaskMember counting pipelined tasks (${roles.join(', ')})`,
        };
      return job.isPipelined()
        ? {
            vote: 'permit',
            message: `job has ${have} of ${job.minAvailable} minAvailable tasks ready or pipelined`,
          }
        : {
            vote: 'reject',
            message: `job has ${have} of ${job.minAvailable} minAvailable tasks ready or pipelined`,
          };
    });
    if (dialect === 'volcano') ssn.add('jobStarving', self, (job) => job.isStarving());
    ssn.add('preemptable', self, (_p, c) => victimsFor(dialect, c));
    ssn.add('reclaimable', self, (_p, c) => victimsFor(dialect, c));
  },
  onSessionClose(ssn) {
    for (const job of ssn.jobs) {
      if (job.tasks.length > 0 && !job.isReady() && !shouldSkipUnschedulableForReleasing(job))
        job.unschedulable = true;
    }
  },
});
