/**
 * The victim search shared by reclaim, preempt and consolidation (KAI `actions/common/solvers`:
 * `job_solver.go`, `pod_scenario_builder.go`, `by_pod_solver.go`).
 *
 * The preemptor's tasks are solved incrementally (1 task, then 2, …); each partial solution's victims are
 * recorded for the next step and only the last statement is kept. Within a step, scenarios grow
 * cumulatively from the victim queue. A scenario is tried per node hosting its newest victim: evict the
 * recorded victims and every task of the potential victims touching that node, then place the preemptor
 * and re-place the victims in job order, pipeline-only (victims that fit back on their own node are
 * un-evicted, others may move), and ask the session's scenario validators. The first valid scenario wins.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Session } from '../../framework/Session';
import type { Statement } from '../../framework/Statement';
import type { Verdict } from '../../../../model/trace';
import { speedUps } from '../../framework/PlacementScan';
import { placeTasks } from './placeTask';
import { VictimQueue } from './VictimQueue';
import type { VictimCandidates } from './VictimIndex';

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
  | { ok: true; statement: Statement; victims: TaskInfo[] }
  | { ok: false; reason: string; verdicts: Verdict[]; acceptedVictims: number };

export function solveVictims(
  ssn: Session,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: VictimCandidates,
  opts: SolveOptions,
): SolveResult {
  ssn.onJobSolutionStart(preemptor);
  let recorded: TaskInfo[] = [];
  let last: SolveResult = { ok: false, reason: 'no scenario was tried', verdicts: [], acceptedVictims: 0 };
  for (let k = 1; k <= tasks.length; k++) {
    const partial = tasks.slice(0, k);
    const stmt = ssn.statement({ action: opts.action, by: preemptor.name, attempt: opts.attempt });
    last = solveStep(ssn, stmt, preemptor, partial, candidates, recorded, opts);
    if (!last.ok) return last;
    recorded = last.victims;
    if (k < tasks.length) stmt.discard();
  }
  return last;
}

function solveStep(
  ssn: Session,
  stmt: Statement,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  candidates: VictimCandidates,
  recorded: readonly TaskInfo[],
  opts: SolveOptions,
): SolveResult {
  const queue = new VictimQueue(ssn, candidates, opts.accept);
  queue.markTaken(recorded);
  const memo = new PlacementFailureMemo();
  const byNodeCache: PotentialByNode = { size: 0, jobsOnNode: new Map(), positions: new Map() };
  const scenario: TaskInfo[] = [...recorded];
  // The scenario's victim jobs, kept as it grows (rebuilding the set every round was quadratic).
  const victimJobs = new Set<JobInfo>(recorded.map((t) => t.job));
  let lastReason = 'no victims could make room';
  let lastVerdicts: Verdict[] = [];
  let newest: TaskInfo[] = [];
  for (;;) {
    if (victimJobs.size > opts.maxVictimJobs) {
      return {
        ok: false,
        reason: `more than ${opts.maxVictimJobs} victim jobs would be needed`,
        verdicts: lastVerdicts,
        acceptedVictims: victimJobs.size,
      };
    }
    const potential = scenario.slice(recorded.length);
    const byNode = potentialByNode(potential, byNodeCache);
    const nodes: (NodeInfo | null)[] = newest.length > 0 ? distinctNodes(newest) : [null];
    // Upstream's scenario builder starts from the recorded victims, or else from the first victim popped:
    // a scenario without any victim is never solved (it would only redo what allocate already refused).
    for (const node of scenario.length === 0 ? [] : nodes) {
      const r = tryScenario(
        ssn,
        stmt,
        preemptor,
        tasks,
        scenario,
        recorded,
        potential,
        byNode,
        node,
        opts,
        memo,
      );
      if (r.ok) return { ok: true, statement: stmt, victims: r.victims };
      lastReason = r.reason;
      if (r.verdicts.length > 0) lastVerdicts = r.verdicts;
      if (r.verdicts.some((v) => !v.allowed && v.final)) {
        return { ok: false, reason: lastReason, verdicts: lastVerdicts, acceptedVictims: victimJobs.size };
      }
    }
    const more = queue.next();
    if (!more) {
      return {
        ok: false,
        reason: lastReason,
        verdicts: lastVerdicts,
        acceptedVictims: victimJobs.size,
      };
    }
    scenario.push(...more);
    for (const t of more) victimJobs.add(t.job);
    newest = more;
  }
}

/**
 * How many of a victim job's evicted tasks the simulation tries to put back: upstream allocates each victim
 * job once (TryToVirtuallyAllocatePreemptorAndGetVictims, KAI pkg/scheduler/actions/common/action.go:74
 * @d5bc503) with the tasks GetTasksToAllocate gives (podgroup_info/allocation_info.go getNumTasksToAllocate):
 * what the job lacks to reach minAvailable, or one task once it is there. The rest stay evicted: an elastic
 * job keeps its minimum (one task moved elsewhere), it is not put back whole or not at all.
 */
function replaceCount(job: JobInfo): number {
  return job.placed < job.minAvailable ? job.minAvailable - job.placed : 1;
}

function distinctNodes(tasks: readonly TaskInfo[]): NodeInfo[] {
  const seen = new Set<NodeInfo>();
  for (const t of tasks) if (t.node) seen.add(t.node);
  return [...seen].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The potential victims of a step by node (the jobs with a task there) and each job's positions in the
 * scenario, grown as the scenario grows: every scenario tried on a node needs the jobs touching it, and
 * scanning every potential victim for each of them was a fifth of a 140,000-pod session.
 */
interface PotentialByNode {
  /** How many potential victims are indexed. */
  size: number;
  jobsOnNode: Map<NodeInfo, Set<JobInfo>>;
  positions: Map<JobInfo, number[]>;
}

function potentialByNode(potential: readonly TaskInfo[], index: PotentialByNode): PotentialByNode {
  for (; index.size < potential.length; index.size++) {
    const t = potential[index.size] as TaskInfo;
    if (t.node !== null) {
      let jobs = index.jobsOnNode.get(t.node);
      if (jobs === undefined) index.jobsOnNode.set(t.node, (jobs = new Set()));
      jobs.add(t.job);
    }
    const list = index.positions.get(t.job);
    if (list === undefined) index.positions.set(t.job, [index.size]);
    else list.push(index.size);
  }
  return index;
}

interface PlacementFailure {
  ok: false;
  reason: string;
  verdicts: Verdict[];
}

/**
 * Scenarios of one step whose preemptor could not be placed, by the exact sequence of tasks they evicted.
 * Every scenario of a step starts from the same state (each failed one is rolled back, and only the victim
 * queue is read between them), and up to the preemptor's placement nothing else enters: the same evictions
 * in the same order give the same placement failure, with the same reason. A victim job spread over many
 * nodes makes the per-node scenarios evict the very same tasks again and again: on 4,000 nodes with 140,000
 * pods, 124,000 of 139,000 scenarios (6 of 6.7 million simulated evictions) were such repeats (issue 13).
 */
class PlacementFailureMemo {
  private readonly byHash = new Map<number, { tasks: TaskInfo[]; failure: PlacementFailure }[]>();

  get(tasks: readonly TaskInfo[]): PlacementFailure | null {
    if (!speedUps.repeatedScenarioMemo) return null;
    const list = this.byHash.get(hashOf(tasks));
    if (list === undefined) return null;
    for (const e of list) {
      if (sameTasks(e.tasks, tasks)) {
        speedUps.memoHits++;
        return e.failure;
      }
    }
    return null;
  }

  set(tasks: TaskInfo[], failure: PlacementFailure): PlacementFailure {
    const h = hashOf(tasks);
    const list = this.byHash.get(h);
    if (list === undefined) this.byHash.set(h, [{ tasks, failure }]);
    else list.push({ tasks, failure });
    return failure;
  }
}

function hashOf(tasks: readonly TaskInfo[]): number {
  let h = tasks.length;
  for (const t of tasks) h = (Math.imul(h, 31) + t.position) | 0;
  return h;
}

function sameTasks(a: readonly TaskInfo[], b: readonly TaskInfo[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function tryScenario(
  ssn: Session,
  stmt: Statement,
  preemptor: JobInfo,
  tasks: readonly TaskInfo[],
  scenario: readonly TaskInfo[],
  recorded: readonly TaskInfo[],
  potential: readonly TaskInfo[],
  byNode: PotentialByNode,
  node: NodeInfo | null,
  opts: SolveOptions,
  memo: PlacementFailureMemo,
): { ok: true; victims: TaskInfo[] } | { ok: false; reason: string; verdicts: Verdict[] } {
  const cp = stmt.checkpoint();
  // The recorded victims, then every potential task of a job with a potential task on `node` (all of
  // them without a node), in scenario order.
  const evict = new Set<TaskInfo>(recorded);
  if (node === null) for (const t of potential) evict.add(t);
  else {
    const at: number[] = [];
    for (const job of byNode.jobsOnNode.get(node) ?? []) at.push(...(byNode.positions.get(job) as number[]));
    at.sort((a, b) => a - b);
    for (const i of at) evict.add(potential[i] as TaskInfo);
  }
  const evicted: TaskInfo[] = [];
  for (const t of evict) if (t.status === 'Running' || t.status === 'Allocated') evicted.push(t);
  const known = memo.get(evicted);
  if (known !== null) return known;
  for (const t of evicted) stmt.evict(t);

  // The preemptor first (it must fit entirely), then the victims in job order: those that fit back on
  // their own node are un-evicted, others may move, the rest stay evicted.
  // The queue's capacity is checked with the victims' usage already released (placeTasks).
  const r = placeTasks(ssn, stmt, tasks, true);
  if (!r.ok) {
    stmt.rollback(cp);
    return memo.set(evicted, {
      ok: false,
      reason: r.capacity
        ? (r.reasons[0] ?? 'the queue has no capacity left')
        : `${r.task.name} still does not fit (${r.reasons[0] ?? 'no room'})`,
      verdicts: r.capacity ?? [],
    });
  }
  const victimJobs = [...new Set([...evict].map((t) => t.job))].sort(ssn.compareJobs);
  let notReplaced: string | null = null;
  let notReplacedVerdicts: Verdict[] = [];
  for (const job of victimJobs) {
    const evicted = job.tasks.filter((t) => evict.has(t) && t.status === 'Releasing').sort(ssn.compareTasks);
    if (evicted.length === 0) continue;
    // Each task is put back where it fits: one that lands on its own node is un-evicted, the others move,
    // even when what stays is fewer than minAvailable. Upstream keeps such a partial move (KAI
    // consolidation_subgroups_test.go #3 "partial eviction": one task stays Running, one is pipelined,
    // at most one eviction, @d5bc503); decision 0254 drops the lab's former whole-job move.
    const back = placeTasks(ssn, stmt, evicted.slice(0, replaceCount(job)), true);
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
    victimTasks: scenario,
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
  ssn.attempt(opts.attempt).verdicts.push(...verdicts);
  return { ok: true, victims };
}
