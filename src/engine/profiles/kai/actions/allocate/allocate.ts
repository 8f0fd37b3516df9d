/**
 * KAI's `allocate` action (`actions/allocate/allocate.go`): pending jobs in queue/job order; per job, the
 * tasks it needs now (gang up to minAvailable, then one at a time), checked against queue limits and the
 * non-preemptible quota rule, placed all-or-nothing. Allocation is not capped by fair share. A job that
 * starts fresh (nothing allocated before, nothing pipelined) gets its start time, which min-runtime counts
 * from.
 */
import { describeGang } from '../../framework/describeGang';
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import { JobsOrderByQueues } from '../common/JobsOrderByQueues';
import type { Verdict } from '../../../../model/trace';
import { capacityCode, placeTasks } from '../common/placeTask';
import { bindPromisedTasks } from './promisedPlacements';
import { plural } from '../../../../../common/plural';

export function createAllocateAction(): Action {
  return {
    name: 'allocate',
    execute(ssn: Session) {
      bindPromisedTasks(
        ssn,
        ssn.jobs.filter((j) => j.counts.Pending > 0),
      );
      // FilterNonPending and FilterUnready, as upstream's allocate orders its jobs.
      const pending = ssn.jobs.filter((j) => j.counts.Pending > 0 && j.isReadyForScheduling);
      const order = new JobsOrderByQueues(ssn, pending);
      for (let job = order.pop(); job; job = order.pop()) {
        const tasks = tasksToAllocate(job, ssn.compareTasks);
        if (tasks.length === 0) continue;
        const attempt = ssn.startAttempt('allocate', job, tasks);
        const record = ssn.attempt(attempt);
        const wasFresh = job.activeAllocated === 0;
        const stmt = ssn.statement({ action: 'allocate', by: null, attempt });
        const result = placeTasks(ssn, stmt, tasks, false);
        if (!result.ok && result.capacity) {
          record.verdicts.push(...result.capacity);
          record.code = capacityCode(result.capacity);
          record.message = (result.capacity[0] as Verdict).message;
          continue;
        }
        if (result.subsets) record.verdicts.push(result.subsets);
        if (!result.ok) {
          record.code =
            (job.minAvailable > 1 || job.subGroupTree !== null) && tasks.length > 1
              ? 'gang-unsatisfiable'
              : 'no-capacity';
          // A topology refusal says which domains were weighed; the first failing task is then secondary.
          if (result.subsets) {
            record.message = result.subsets.message;
            continue;
          }
          record.message =
            tasks.length > 1
              ? `The ${tasks.length} tasks needed now (${describeGang(job)}) do not ${tasks.length === 2 ? 'both' : 'all'} fit: ${result.task.name} found no node (${result.reasons[0] ?? 'no room'}).`
              : `${result.task.name} found no node with room (${result.reasons[0] ?? 'no room'}).`;
          continue;
        }
        ssn.commits++;
        record.outcome = result.pipelined > 0 ? 'pipelined' : 'allocated';
        record.message =
          result.pipelined > 0
            ? `${job.name}: ${plural(tasks.length, 'task')} placed, ${result.pipelined} pipelined onto capacity being released.`
            : `${job.name}: ${plural(tasks.length, 'task')} allocated on idle capacity.`;
        if (result.subsets) record.message += ` ${result.subsets.message}`;
        if (wasFresh && result.pipelined === 0 && job.counts.Pipelined === 0) job.startedAtMs = ssn.timeMs;
        if (job.counts.Pending > 0) order.push(job);
      }
    },
  };
}
