/**
 * The part reclaim and preempt share around the solver: filter candidate victims through the session's
 * victim filters (recording who was kept and why), run the solver, and write the attempt's outcome.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { Session } from '../../framework/Session';
import type { PendingCode, VictimRecord } from '../../model/trace';
import { solveVictims, type SolveOptions } from './solveVictims';

/** Victims kept by a filter are listed individually up to this many per attempt (the rest are counted). */
const LISTED_FILTERED = 12;

export function filterVictims(
  ssn: Session,
  action: 'reclaim' | 'preempt',
  preemptor: JobInfo,
  candidates: readonly JobInfo[],
  attempt: number,
): JobInfo[] {
  const record = ssn.attempt(attempt);
  const passed: JobInfo[] = [];
  for (const victim of candidates) {
    const refusedBy = ssn.victimRefusedBy(action, preemptor, victim);
    if (refusedBy === null) {
      passed.push(victim);
      continue;
    }
    if (refusedBy === 'minruntime') record.protectedVictims++;
    if (record.victims.length < LISTED_FILTERED) {
      const verdicts = ssn.victimVerdicts(action, preemptor, victim);
      const refusal = verdicts.find((v) => !v.allowed);
      record.victims.push({
        job: victim.name,
        queue: victim.queue.name,
        tasks: victim.tasks.filter((t) => t.status === 'Running' || t.status === 'Allocated').map((t) => t.name),
        outcome: 'filtered',
        verdicts,
        message: refusal?.message ?? '',
      });
    } else {
      record.omittedVictims++;
    }
  }
  return passed;
}

export function runEvictionAttempt(
  ssn: Session,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: readonly JobInfo[],
  opts: SolveOptions,
): boolean {
  const record = ssn.attempt(opts.attempt);
  const filteredCount = record.victims.length + record.omittedVictims;
  if (candidates.length === 0) {
    const prot = record.protectedVictims;
    record.code = prot > 0 ? 'victims-protected' : filteredCount > 0 ? 'fair-share' : 'no-eligible-victims';
    record.message =
      prot > 0
        ? `Every possible victim of ${preemptor.name} is kept: ${prot} job(s) by min-runtime protection${filteredCount > prot ? `, ${filteredCount - prot} by another filter` : ''}.`
        : filteredCount > 0
          ? `${opts.action}: none of the ${filteredCount} running job(s) of other queues can be taken: their queues are not above their fair share (nor above quota while ${preemptor.queue.name} is within quota).`
          : `${opts.action}: no running job qualifies as a victim for ${preemptor.name}.`;
    return false;
  }
  const result = solveVictims(ssn, preemptor, tasks, candidates, opts);
  if (!result.ok) {
    record.verdicts.push(...result.verdicts.filter((v) => !v.allowed));
    const protectedRefusal = result.verdicts.some((v) => !v.allowed && v.plugin === 'minruntime');
    const code: PendingCode = protectedRefusal
      ? 'victims-protected'
      : result.verdicts.some((v) => !v.allowed)
        ? 'fair-share'
        : 'no-capacity';
    record.code = code;
    record.message = `${opts.action} found no valid set of victims for ${preemptor.name}: ${result.reason}${filteredCount > 0 ? ` (${filteredCount} job(s) kept by victim filters were not considered)` : ''}.`;
    return false;
  }
  const byJob = new Map<JobInfo, TaskInfo[]>();
  for (const t of result.victims) byJob.set(t.job, [...(byJob.get(t.job) ?? []), t]);
  const evicted: VictimRecord[] = [];
  for (const [job, victimTasks] of byJob) {
    const moved = victimTasks.filter((t) => t.status === 'Pipelined');
    evicted.push({
      job: job.name,
      queue: job.queue.name,
      tasks: victimTasks.map((t) => t.name),
      outcome: 'evicted',
      verdicts: opts.action === 'consolidation' ? [] : ssn.victimVerdicts(opts.action, preemptor, job),
      message:
        moved.length > 0
          ? `${moved.map((t) => t.name).join(', ')} moved to make room for ${preemptor.name}.`
          : `${victimTasks.map((t) => t.name).join(', ')} evicted to make room for ${preemptor.name}.`,
    });
  }
  record.victims.unshift(...evicted);
  record.outcome = 'evicted';
  record.message = `${opts.action}: ${preemptor.name} is pipelined onto capacity freed by evicting ${result.victims.map((t) => t.name).join(', ')}.`;
  return true;
}
