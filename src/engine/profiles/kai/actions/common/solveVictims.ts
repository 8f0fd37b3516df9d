/**
 * The victim search shared by reclaim, preempt and consolidation (KAI `actions/common/solvers` @d5bc503:
 * `job_solver.go`, `scenario_generator.go`, `pod_scenario_builder.go`, `by_pod_solver.go`).
 *
 * Upstream's solver at head drives a portfolio of scenario generators, in the order the scheduler config
 * lists them (KAI pkg/scheduler/conf_util/scheduler_conf_util.go:62-63 @d5bc503: `sg-nodelocalgreedy`, then
 * `sg-multinodegang`). Each generator gets a fresh search (job_solver.go:126-152): the preemptor's tasks are
 * probed k = 1, 2, 4, … then bisected (searchMaxSolvableK), each successful probe's victims recorded for the
 * next, and the whole job is probed last (job_solver.go:160-182); the first generator whose last probe solves
 * wins. Within a probe, the victim queue grows one batch at a time and the generator turns each accumulated set
 * into scenarios (scenarioGenerators.ts). A scenario evicts the recorded victims and its potential victims,
 * places the preemptor and re-places the victims in job order, pipeline-only (victims that fit back on their
 * own node are un-evicted, others may move), and asks the session's scenario validators.
 */
import { pendingJobsSorted, scenarioJobOrder } from './scenarioJobOrder';
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { Session } from '../../framework/Session';
import type { Statement } from '../../framework/Statement';
import type { Verdict } from '../../../../model/trace';
import { placeTasks } from './placeTask';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import { VictimQueue } from './VictimQueue';
import type { VictimCandidates } from './VictimIndex';
import { searchMaxSolvableK } from './searchMaxSolvableK';
import { JobSearchBudget, SEARCH_BUDGET } from './searchBudget';
import { GENERATORS, scenariosOf, type GeneratorName, type Accumulation } from './scenarioGenerators';
import { ScenarioFilters } from './scenarioFilters';

export type { GeneratorName } from './scenarioGenerators';

export interface SolveOptions {
  action: 'reclaim' | 'preempt' | 'consolidation';
  attempt: number;
  /** Consolidation: every victim must be re-placed (none may end Releasing). */
  requireAllReplaced: boolean;
  /** Consolidation's cap on victim jobs (KAI --max-consolidation-preemptees). */
  maxVictimJobs: number;
  /** Per-job victim filter, asked lazily (see VictimQueue). */
  accept?: (job: JobInfo) => boolean;
}

export type SolveResult =
  | { ok: true; statement: Statement; victims: TaskInfo[]; generator: GeneratorName }
  | { ok: false; reason: string; verdicts: Verdict[]; acceptedVictims: number };

type StepResult =
  | { ok: true; statement: Statement; victims: TaskInfo[]; recordable: TaskInfo[]; verdicts: Verdict[] }
  | { ok: false; reason: string; verdicts: Verdict[]; acceptedVictims: number; final?: true; tried: boolean };

/** The job's search stopped on its budget (upstream: SearchResultDeadlineExhausted, job_solver.go:331-333). */
const OUT_OF_BUDGET = {
  ok: false as const,
  reason: `the victim search ran out of its budget (${SEARCH_BUDGET.job.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')} simulated evictions for one job, ${SEARCH_BUDGET.action.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')} for the action in one session)`,
  verdicts: [] as Verdict[],
  final: true as const,
};

export function solveVictims(
  ssn: Session,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: VictimCandidates,
  opts: SolveOptions,
): SolveResult {
  ssn.onJobSolutionStart(preemptor);
  let last: Extract<StepResult, { ok: false }> | null = null;
  let accepted = 0;
  const budget = new JobSearchBudget(ssn, opts.action);
  const failed = new FailedScenarios();
  for (const generator of GENERATORS) {
    if (budget.jobExhausted()) {
      last ??= { ...OUT_OF_BUDGET, acceptedVictims: 0, tried: false };
      break;
    }
    budget.beginGenerator(generator);
    const r = solveWithGenerator(ssn, preemptor, tasks, candidates, opts, generator, budget, failed);
    if (r.ok) {
      // Only the kept solution's verdicts enter the attempt (discarded probes asked the validators too).
      ssn.attempt(opts.attempt).verdicts.push(...r.verdicts);
      return { ok: true, statement: r.statement, victims: r.victims, generator };
    }
    accepted = Math.max(accepted, r.acceptedVictims);
    // The failure shown is the last generator's that tried a scenario (upstream returns the last result).
    if (last === null || r.tried) last = r;
    // A refusal that no other victim set can lift (e.g. the preemptor's queue may not reclaim) ends the search.
    if (r.final) break;
  }
  const { reason, verdicts } = last ?? { reason: 'no scenario was tried', verdicts: [] };
  return { ok: false, reason, verdicts, acceptedVictims: accepted };
}

/**
 * One generator's search (job_solver.go:160-182 solvePendingJobWithGenerator): the largest solvable k, then the
 * whole job once more with the victims the last successful probe recorded. Probes are discarded; the last one
 * is kept when it solves.
 */
function solveWithGenerator(
  ssn: Session,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: VictimCandidates,
  opts: SolveOptions,
  generator: GeneratorName,
  budget: JobSearchBudget,
  failed: FailedScenarios,
): StepResult {
  let recorded: TaskInfo[] = [];
  let lastFailure: StepResult | null = null;
  let stop = false;
  const probe = (k: number, keep: boolean): StepResult => {
    const stmt = ssn.statement({ action: opts.action, by: preemptor.name, attempt: opts.attempt });
    const r = solveStep(
      ssn,
      stmt,
      preemptor,
      tasks.slice(0, k),
      candidates,
      recorded,
      opts,
      generator,
      budget,
      failed,
    );
    if (r.ok) {
      recorded = r.recordable;
      if (!keep) stmt.discard();
    } else {
      lastFailure = r;
      if (r.final) stop = true;
    }
    return r;
  };
  const maxK = searchMaxSolvableK(tasks.length, (k) => !stop && probe(k, false).ok);
  if (maxK === 0 || stop) {
    return (
      lastFailure ?? {
        ok: false,
        reason: 'no scenario was tried',
        verdicts: [],
        acceptedVictims: 0,
        tried: false,
      }
    );
  }
  return probe(tasks.length, true);
}

function solveStep(
  ssn: Session,
  stmt: Statement,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: VictimCandidates,
  recorded: readonly TaskInfo[],
  opts: SolveOptions,
  generator: GeneratorName,
  budget: JobSearchBudget,
  failed: FailedScenarios,
): StepResult {
  const queue = new VictimQueue(ssn, candidates, opts.accept);
  queue.markTaken(recorded);
  const acc: Accumulation = {
    recorded,
    potential: [],
    batches: [],
    index: { size: 0, jobsOnNode: new Map(), positions: new Map() },
  };
  // The scenario's victim jobs, kept as it grows (rebuilding the set every round was quadratic).
  const victimJobs = new Set<JobInfo>(recorded.map((t) => t.job));
  let lastReason = 'no victims could make room';
  let lastVerdicts: Verdict[] = [];
  let tried = false;
  const failure = (final?: true): StepResult => ({
    ok: false,
    reason: lastReason,
    verdicts: lastVerdicts,
    acceptedVictims: victimJobs.size,
    tried,
    ...(final ? { final } : {}),
  });
  const scenarios = scenariosOf(generator, ssn, tasks);
  // Each generator's scenario builder makes its own filters (pod_scenario_builder.go:61-79), per probe.
  const filters = new ScenarioFilters(ssn, tasks);
  for (;;) {
    if (victimJobs.size > opts.maxVictimJobs) {
      lastReason = `more than ${opts.maxVictimJobs} victim jobs would be needed`;
      return failure();
    }
    // Upstream's scenario builder starts from the recorded victims, or else from the first victim popped:
    // a scenario without any victim is never solved (it would only redo what allocate already refused).
    // An accumulated victim set the filters show hopeless is not turned into scenarios (iterate,
    // pod_scenario_builder.go:148-150 and :174-176): the queue gives the next victims instead.
    if ((recorded.length > 0 || acc.potential.length > 0) && filters.passes(recorded, acc.potential)) {
      for (const chosen of scenarios(acc)) {
        // Upstream checks the job's budget before each scenario and the generator's before asking it for one.
        if (budget.jobExhausted()) {
          lastReason = OUT_OF_BUDGET.reason;
          return failure(true);
        }
        if (budget.generatorExhausted()) {
          lastReason = `this search ran out of its budget (${SEARCH_BUDGET.generator[generator].toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')} simulated evictions)`;
          return failure();
        }
        // A scenario this job's search already failed (any generator, any probe) is not simulated again.
        const key = failed.key(tasks.length, recorded, chosen);
        if (failed.has(key)) continue;
        tried = true;
        const r = tryScenario(ssn, stmt, preemptor, tasks, recorded, chosen, opts, budget);
        if (r.ok)
          return {
            ok: true,
            statement: stmt,
            victims: r.victims,
            recordable: r.recordable,
            verdicts: r.verdicts,
          };
        failed.add(key);
        lastReason = r.reason;
        if (r.verdicts.length > 0) lastVerdicts = r.verdicts;
        if (r.verdicts.some((v) => !v.allowed && v.final)) return failure(true);
      }
    }
    const more = queue.next();
    if (!more) return failure();
    acc.batches.push(more);
    acc.potential.push(...more);
    for (const t of more) victimJobs.add(t.job);
  }
}

/**
 * The victim tasks a scenario puts back: what upstream's AllocateJob asks for a victim job,
 * GetTasksToAllocate(job, …, false) (TryToVirtuallyAllocatePreemptorAndGetVictims, KAI
 * pkg/scheduler/actions/common/action.go:96-104 @d5bc503): its Pending tasks and the ones this scenario
 * virtually evicted (ShouldAllocate(false), api/pod_info/pod_info.go:585-588), in task order, as many as
 * the job lacks to reach minAvailable or one once it is there (allocation_info.go:116-123, 211-219); a job
 * with subgroups by its tree (allocation_info.go:52-101). Counting the evicted tasks only left a gang
 * below minAvailable when it was already short at the session's start: its Pending task (a promise of the
 * previous session that no allocate bound) was not put back with the evicted one (decision 0358).
 */
function tasksToPutBack(ssn: Session, job: JobInfo): TaskInfo[] {
  return tasksToAllocate(job, ssn.compareTasks, false);
}

/**
 * The scenarios a job's search has failed, across generators and probes (KAI job_solver.go:122 and :341-349
 * `failedScenarios`, scenario_fingerprint.go @d5bc503): identified by the pending tasks, the recorded victims
 * and the potential victims, each as a set. The lab keys them by probe size (the pending tasks are always the
 * first k) and task positions, exactly, where upstream hashes UIDs.
 */
class FailedScenarios {
  private readonly seen = new Set<string>();

  key(k: number, recorded: readonly TaskInfo[], chosen: readonly TaskInfo[]): string {
    const ids = (ts: readonly TaskInfo[]) =>
      ts
        .map((t) => t.position)
        .sort((a, b) => a - b)
        .join(',');
    return `${k}|${ids(recorded)}|${ids(chosen)}`;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  add(key: string): void {
    this.seen.add(key);
  }
}

function tryScenario(
  ssn: Session,
  stmt: Statement,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  recorded: readonly TaskInfo[],
  chosen: readonly TaskInfo[],
  opts: SolveOptions,
  budget: JobSearchBudget,
):
  | { ok: true; victims: TaskInfo[]; recordable: TaskInfo[]; verdicts: Verdict[] }
  | { ok: false; reason: string; verdicts: Verdict[] } {
  const cp = stmt.checkpoint();
  const pending = pendingJobsSorted(ssn);
  // The recorded victims, then the scenario's potential victims, in the order the victim queue gave them.
  const evict = new Set<TaskInfo>(recorded);
  for (const t of chosen) evict.add(t);
  const evicted: TaskInfo[] = [];
  for (const t of evict) if (t.status === 'Running' || t.status === 'Allocated') evicted.push(t);
  budget.spend(evicted.length);
  for (const t of evicted) stmt.evict(t);

  // Upstream simulates the scenario by popping jobs from one JobsOrderByQueues (KAI
  // actions/common/action.go:59-72 GetJobsToAllocate and :90-115 @d5bc503): every job with a pending task
  // (utils/action.go:177-185), the victim jobs and the preemptor, built after the victims were evicted, so
  // queue order sees the victims' virtually evicted tasks as to allocate (proportion's jobRequest). Jobs
  // that are neither preemptor nor victim are popped and skipped (:92-94) but shape the order; a victim
  // created before the preemptor is put back before it. Popping stops once every job of the scenario is out.
  const scenarioJobs = new Set([...evict].map((t) => t.job));
  scenarioJobs.add(preemptor);
  const order = scenarioJobOrder(ssn, pending, scenarioJobs);
  let left = scenarioJobs.size;
  let notReplaced: string | null = null;
  let notReplacedVerdicts: Verdict[] = [];
  for (let job = order.pop(); job !== null && left > 0; job = order.pop()) {
    if (!scenarioJobs.has(job)) continue;
    left--;
    if (job === preemptor) {
      const r = placeTasks(ssn, stmt, tasks, true);
      if (!r.ok) {
        stmt.rollback(cp);
        return {
          ok: false,
          reason: r.capacity
            ? (r.reasons[0] ?? 'the queue has no capacity left')
            : `${r.task.name} still does not fit (${r.reasons[0] ?? 'no room'})`,
          verdicts: r.capacity ?? [],
        };
      }
      continue;
    }
    if (!job.tasks.some((t) => evict.has(t) && t.status === 'Releasing')) continue;
    const back = placeTasks(ssn, stmt, tasksToPutBack(ssn, job), true);
    if (!back.ok && notReplaced === null) {
      notReplaced = `${job.name} could not be re-placed (${(back.reasons[0] ?? 'no room').replace(/\.+$/, '')})`;
      notReplacedVerdicts = back.capacity ?? [];
    }
  }
  if (opts.requireAllReplaced && [...evict].some((t) => t.status === 'Releasing')) {
    stmt.rollback(cp);
    return {
      ok: false,
      reason: `not every victim could be moved to another place: ${notReplaced ?? 'no room'}`,
      verdicts: notReplacedVerdicts,
    };
  }
  const verdicts = ssn.validateScenario({
    action: opts.action,
    preemptor,
    preemptorTasks: tasks,
    // The scenario's victims: recorded and its potential ones (by_pod_solver.go:145 validates the scenario).
    victimTasks: [...evict],
  });
  const refused = verdicts.filter((v) => !v.allowed);
  if (refused.length > 0) {
    // Rejected scenarios stay visible in the trace (bounded), so a later success can be told apart.
    const record = ssn.attempt(opts.attempt);
    if (record.verdicts.length < 16) record.verdicts.push(...refused);
    stmt.rollback(cp);
    return { ok: false, reason: (refused[0] as Verdict).message, verdicts };
  }
  const victims = [...evict].filter(
    (t) => t.status === 'Releasing' || (t.status === 'Pipelined' && t.movedFrom),
  );
  // What the next probe starts from: upstream records the solution's victim jobs, each the representative
  // the scenario built from its victim tasks (job_solver.go:277-278; by_pod_solver.go:142, 184-219), and the
  // next scenario evicts every pod of those representatives (scenario/base_scenario.go:53-61, 71-83), not
  // only the ones that ended evicted or moved. Recording the latter alone let a later probe evict one task
  // of a gang without surplus, whose put-back then asked for it alone and failed: the gang was left below
  // minAvailable (decision 0358). The lab's representative is the job's tasks in this scenario's victims.
  const victimJobs = new Set(victims.map((t) => t.job));
  const recordable = [...evict].filter((t) => victimJobs.has(t.job));
  return { ok: true, victims, recordable, verdicts };
}
