/**
 * The part reclaim and preempt share around the solver: filter candidate victims through the session's
 * victim filters (recording who was kept and why), run the solver, and write the attempt's outcome.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import type { PendingCode, Verdict, VictimRecord } from '../../../../model/trace';
import { capacityCode } from './placeTask';
import { solveVictims, type SolveOptions } from './solveVictims';
import { GENERATOR_WORDS } from './scenarioGenerators';
import { VictimCandidates } from './VictimIndex';
import { plural } from '../../../../../common/plural';

/** Verdict points of proportion's capacity checks (queue limit, non-preemptible quota). */
const CAPACITY_POINTS = new Set(['capacity', 'nonPreemptibleOverQuota']);

/** Victims kept by a filter are listed individually up to this many per attempt (the rest are counted). */
const LISTED_FILTERED = 12;

/**
 * Victim filtering for one attempt. Whole queues that a filter refuses (proportion: the queue can never be
 * reclaimed from) are dropped at once; the per-job filters (minruntime) run lazily as the solver pops
 * victims, through `accept`. Every refusal is recorded in the attempt (the first few in full, in name
 * order; the rest counted from the index, which knows how many running jobs a queue holds).
 */
export function filterVictims(
  ssn: Session,
  action: 'reclaim' | 'preempt',
  preemptor: JobInfo,
  offered: VictimCandidates,
  attempt: number,
): { candidates: VictimCandidates; accept: (job: JobInfo) => boolean } {
  const record = ssn.attempt(attempt);
  const refuse = (victim: JobInfo, refusedBy: string): void => {
    if (refusedBy === 'minruntime') record.protectedVictims++;
    if (record.victims.length >= LISTED_FILTERED) {
      record.omittedVictims++;
      return;
    }
    const verdicts = ssn.victimVerdicts(action, preemptor, victim);
    const refusal = verdicts.find((v) => !v.allowed);
    record.victims.push({
      job: victim.name,
      queue: victim.queue.name,
      tasks: victim.tasks
        .filter((t) => t.status === 'Running' || t.status === 'Allocated')
        .map((t) => t.name),
      outcome: 'filtered',
      verdicts,
      message: refusal?.message ?? '',
    });
  };
  const kept: QueueInfo[] = [];
  for (const queue of offered.leaves) {
    const queueRefusal = ssn.queueRefusedBy(action, preemptor, queue);
    if (queueRefusal !== null) {
      // Every running job of the queue is refused (the preemptor included, as before the index).
      const refused = new VictimCandidates(offered.index, [queue], offered.below, null);
      const total = refused.count(queue);
      let listed = 0;
      for (const victim of offered.index.byName(queue)) {
        if (listed >= total || record.victims.length >= LISTED_FILTERED) break;
        if (!refused.isLive(victim)) continue;
        refuse(victim, queueRefusal);
        listed++;
      }
      const rest = total - listed;
      if (queueRefusal === 'minruntime') record.protectedVictims += rest;
      record.omittedVictims += rest;
      continue;
    }
    if (offered.count(queue) > 0) kept.push(queue);
  }
  // Asked once per job even when the solver rebuilds its victim queue for every incremental step.
  const decided = new Map<JobInfo, boolean>();
  const passed = new Map<JobInfo, Verdict[]>();
  const accept = (victim: JobInfo): boolean => {
    let ok = decided.get(victim);
    if (ok === undefined) {
      const refusedBy = ssn.victimRefusedBy(action, preemptor, victim);
      if (refusedBy !== null) refuse(victim, refusedBy);
      // What the filters said when they let the victim through: asked again after the eviction, proportion
      // would judge the queue without the victim's resources and read "no reclaim can take" an evicted job.
      else passed.set(victim, ssn.victimVerdicts(action, preemptor, victim));
      ok = refusedBy === null;
      decided.set(victim, ok);
    }
    return ok;
  };
  filterVerdicts.set(accept, passed);
  return {
    candidates: new VictimCandidates(offered.index, kept, offered.below, offered.exclude),
    accept,
  };
}

/**
 * Reclaim's and preempt's attempt once their gates passed: the offered victims through the victim filters,
 * then the solver (victims may stay evicted; no cap on victim jobs).
 */
export function evictFilteredVictims(
  ssn: Session,
  action: 'reclaim' | 'preempt',
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  offered: VictimCandidates,
  attempt: number,
): boolean {
  const filtered = filterVictims(ssn, action, preemptor, offered, attempt);
  return runEvictionAttempt(ssn, preemptor, tasks, filtered.candidates, {
    action,
    attempt,
    requireAllReplaced: false,
    maxVictimJobs: Infinity,
    accept: filtered.accept,
  });
}

/** The verdicts each accepted victim got from the filters, by the `accept` function of its attempt. */
const filterVerdicts = new WeakMap<(job: JobInfo) => boolean, ReadonlyMap<JobInfo, Verdict[]>>();

export function runEvictionAttempt(
  ssn: Session,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: VictimCandidates,
  opts: SolveOptions,
): boolean {
  const record = ssn.attempt(opts.attempt);
  const result = candidates.isEmpty ? null : solveVictims(ssn, preemptor, tasks, candidates, opts);
  const filteredCount = record.victims.length + record.omittedVictims;
  // No victim got past the filters: say who kept them, not what the solver tried without any.
  if (result === null || (!result.ok && result.acceptedVictims === 0 && filteredCount > 0)) {
    const prot = record.protectedVictims;
    record.code = prot > 0 ? 'victims-protected' : filteredCount > 0 ? 'fair-share' : 'no-eligible-victims';
    record.message =
      prot > 0
        ? `Every possible victim of ${preemptor.name} is kept: ${plural(prot, 'job')} by min-runtime protection${filteredCount > prot ? `, ${filteredCount - prot} by another filter` : ''}.`
        : filteredCount > 1
          ? `None of the ${filteredCount} running jobs of other queues can be taken: their queues are not above their fair share (nor above quota while ${preemptor.queue.name} is within quota).`
          : filteredCount === 1
            ? `The one running job of another queue cannot be taken: its queue is not above its fair share (nor above quota while ${preemptor.queue.name} is within quota).`
            : `No running job qualifies as a victim for ${preemptor.name}.`;
    return false;
  }
  if (!result.ok) {
    record.verdicts.push(...result.verdicts.filter((v) => !v.allowed));
    const protectedRefusal = result.verdicts.some((v) => !v.allowed && v.plugin === 'minruntime');
    const capacity = result.verdicts.filter((v) => !v.allowed && CAPACITY_POINTS.has(v.point));
    const code: PendingCode = protectedRefusal
      ? 'victims-protected'
      : capacity.length > 0
        ? capacityCode(capacity)
        : result.verdicts.some((v) => !v.allowed)
          ? 'fair-share'
          : 'no-capacity';
    record.code = code;
    const reason = result.reason.replace(/\.+$/, '');
    // The action is shown beside every attempt message, so the message does not repeat it.
    record.message = `No valid set of victims for ${preemptor.name}: ${reason}${filteredCount > 0 ? ` (${plural(filteredCount, 'job')} kept by victim filters ${filteredCount === 1 ? 'was' : 'were'} not considered)` : ''}.`;
    return false;
  }
  if (result.victims.length === 0) {
    // Every victim of the solution fitted back where it was: the job fits without evicting anyone. An
    // eviction action has nothing to do for it (upstream's scenarios are only solved with victims); its
    // pipeline-only placement would promise it capacity nobody releases, so it is undone and the job is
    // left to allocate, which binds it (this happens only when an eviction action runs before allocate).
    result.statement.discard();
    record.code = 'not-attempted';
    record.message = `${preemptor.name} fits without evicting anyone: it is left to allocate.`;
    return false;
  }
  const atFilter = opts.accept === undefined ? undefined : filterVerdicts.get(opts.accept);
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
      verdicts:
        opts.action === 'consolidation'
          ? []
          : (atFilter?.get(job) ?? ssn.victimVerdicts(opts.action, preemptor, job)),
      message:
        moved.length > 0
          ? `${moved.map((t) => t.name).join(', ')} moved to make room for ${preemptor.name}.`
          : `${victimTasks.map((t) => t.name).join(', ')} evicted to make room for ${preemptor.name}.`,
    });
  }
  record.victims.unshift(...evicted);
  // The action keeps the solution (reclaim.go:102, preempt.go:100, consolidation.go:83 @d5bc503).
  result.statement.commit();
  record.outcome = 'evicted';
  record.message = `${preemptor.name} is pipelined onto capacity freed by evicting ${result.victims.map((t) => t.name).join(', ')}, ${GENERATOR_WORDS[result.generator]}.`;
  return true;
}
