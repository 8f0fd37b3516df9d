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
    const verdicts = ssn.victimVerdicts(action, preemptor, victim);
    if (verdicts.every((v) => v.allowed)) {
      passed.push(victim);
      continue;
    }
    if (record.victims.length < LISTED_FILTERED) {
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
    record.code = filteredCount > 0 ? 'victims-protected' : 'no-eligible-victims';
    record.message =
      filteredCount > 0
        ? `Every possible victim of ${preemptor.name} is protected (${filteredCount} job(s) kept by a victim filter).`
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
    record.message = `${opts.action} found no valid set of victims for ${preemptor.name}: ${result.reason}${filteredCount > 0 ? ` (${filteredCount} protected job(s) were not considered)` : ''}.`;
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
