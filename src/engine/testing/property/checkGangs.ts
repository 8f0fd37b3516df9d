/**
 * Gang invariants (KAI places a pod group all-or-nothing, at least minAvailable tasks; consolidation leaves a
 * moved job at least minAvailable Running + Pipelined, some tasks possibly staying where they ran (decision
 * 0254), and moves only what ran when the session opened), and the start time (KAI's
 * last-start-timestamp changes only on a fresh start).
 */
import type { Scenario } from '../../model/scenario';
import type { JobState, SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

/**
 * Jobs left below minAvailable by something other than a placement, exempt from the gang check until they are
 * whole or empty again: a removeNode event (tasks lost with the node; stalegangeviction, not allocate, deals
 * with them), a pod whose deletion completed (the `termination` step, §23.4: lost the same way), and what the profile says its upstream's own actions may do (`ProfileSessionCheck.gangGaps`:
 * KAI's evictions beside a terminating pod, Volcano's and kube-batch's preempt and reclaim; the reasons are
 * written beside each profile's hook, in its `testing/` folder).
 */
export class BrokenByNodeRemoval {
  private readonly jobs = new Set<string>();
  /**
   * Jobs that lost tasks to a removed node or a completed deletion, kept until the subgroup check sees them
   * whole by their tree or empty: `jobs` forgets a job once its count reaches minAvailable, which a job with
   * subgroups may reach with a pod set still short (KAI's minAvailable is the tree's sum, not each set's).
   */
  private readonly lostTasks = new Set<string>();
  /** The jobs of the last `markUpstreamGangGaps` call, kept for the session even once the job is whole again. */
  private session = new Set<string>();

  /** Jobs the profile's upstream may leave below minAvailable this session (`ProfileSessionCheck.gangGaps`). */
  markUpstreamGangGaps(jobs: Iterable<string>): void {
    this.session = new Set(jobs);
    // A gap upstream leaves is lost as a removed node's tasks are: the count check forgets the job once its
    // Running count is whole, but a pod set may stay short (a moved victim re-created Pending, no allocate to
    // bind it), so the subgroup check keeps it exempt until its tree is whole or it is empty.
    for (const job of this.session) this.lose(job);
  }

  /**
   * Whether the profile marked `job` this session. {@link isExempt} forgets a job once its count is whole,
   * but a job whole by count may still have a role short (checkRoles.ts), so the role check reads this.
   */
  markedThisSession(job: string): boolean {
    return this.session.has(job);
  }

  /** Whether `job` is below its minimum through one of the causes above (no side effect). */
  has(job: string): boolean {
    return this.jobs.has(job);
  }

  private lose(job: string): void {
    this.jobs.add(job);
    this.lostTasks.add(job);
  }

  /**
   * Whether the subgroup check exempts `job` (no side effect beyond forgetting it): exempt while it is below
   * its count for a cause above, or lost tasks and its tree is not yet whole again (`whole`) nor empty.
   */
  subGroupsExempt(job: string, whole: boolean): boolean {
    if (whole) this.lostTasks.delete(job);
    return this.jobs.has(job) || this.lostTasks.has(job);
  }

  /** Call before checking session `snap`, with the previous session's snapshot. */
  update(scenario: Scenario, prev: SessionSnapshot | null, snap: SessionSnapshot): void {
    // A pod whose deletion completed before the session (§23.4, the lab's `termination` step standing in for
    // the kubelet and API server) leaves its job as a removed node does: KAI's cache just stops listing it
    // (pkg/scheduler/cache/cluster_info/cluster_info.go:127 @d5bc503) and no action restores the gang unless
    // allocate can re-place the re-created pod; stalegangeviction deals with it otherwise (decision 0351).
    for (const d of snap.decisions) if (d.action === 'termination' && d.kind === 'evict') this.lose(d.job);
    const prevTime = prev === null ? -Infinity : prev.timeMs;
    const removedBy = (from: number) =>
      new Set(
        scenario.events.flatMap((e) =>
          e.kind === 'removeNode' && e.atMs > from && e.atMs <= snap.timeMs ? [e.name] : [],
        ),
      );
    const removed = removedBy(prevTime);
    if (removed.size > 0) {
      const before = prev?.tasks ?? initialTasks(scenario);
      for (const t of before)
        if (t.node !== null && removed.has(t.node) && t.status === 'Running') this.lose(t.job);
    }
    // A late arrival listed Running on a node removed before it arrived loses those tasks as it arrives.
    if (prev === null) return;
    const known = new Set(prev.jobs.map((j) => j.name));
    const removedEver = removedBy(-Infinity);
    if (removedEver.size === 0) return;
    for (const t of initialTasks(scenario))
      if (!known.has(t.job) && t.node !== null && removedEver.has(t.node) && t.status === 'Running')
        this.lose(t.job);
  }

  /**
   * Whole again means whole with Running tasks: a Pipelined task is a promise that ends with the session (the
   * moved victim is re-created Pending and only a later allocate binds it; KAI commits a pipelined task as an
   * event only, pkg/scheduler/framework/statement.go:454-456 @d5bc503; the lab's promisedPlacements.ts). A
   * job kept whole at a session's end only by a pipelined sibling of a terminating pod (consolidation moving
   * it, KAI #1578) is not re-placed without allocate, and stays unready while its pod terminates
   * (FilterUnready, actions/utils/input_jobs.go:33 @d5bc503): upstream leaves it below minAvailable for
   * stalegangeviction, so it stays exempt (decision 0342).
   */
  isExempt(job: JobState): boolean {
    if (!this.jobs.has(job.name)) return false;
    if (job.running + job.pipelined === 0 || job.running >= job.minAvailable) {
      this.jobs.delete(job.name);
      return false;
    }
    return true;
  }
}

function initialTasks(scenario: Scenario): { job: string; node: string | null; status: string }[] {
  return scenario.jobs.flatMap((j) => j.tasks.map((t) => ({ job: j.name, node: t.node, status: t.status })));
}

/**
 * The count is Running + Pipelined at session end, a terminating pod (§23.4) included in Running: KAI's gang
 * satisfaction counts active-used pods, Releasing and StuckInReleasing included (`PodSet.IsGangSatisfied`,
 * pkg/scheduler/api/podgroup_info/subgroup_info/podset.go:122-125; pod_status.go:70 @d5bc503), and so do its
 * allocate (actions/common/allocate.go:244) and its solvers (solvers/job_solver.go:137-138); a pod evicted in
 * the session is left out, as it is gone by the next one (decision 0265).
 *
 * `ready(job)` adds what the profile counts as ready besides placed tasks: Volcano's and kube-batch's
 * `IsReady` is Ready + pending BestEffort tasks ≥ MinAvailable (reference/volcano.md, job readiness), as
 * `backfill` places those; KAI counts placed tasks only.
 */
export function checkGangs(
  snap: SessionSnapshot,
  broken: BrokenByNodeRemoval,
  out: Violation[],
  ready: (job: JobState) => number = () => 0,
): void {
  for (const job of snap.jobs) {
    const placed = job.running + job.pipelined + (job.running + job.pipelined > 0 ? ready(job) : 0);
    if (placed === 0 || placed >= job.minAvailable) {
      broken.isExempt(job);
      continue;
    }
    if (broken.isExempt(job)) continue;
    out.push({
      invariant: 'gang-min-available',
      session: snap.index,
      message: `${job.name}: ${job.running} Running + ${job.pipelined} Pipelined < minAvailable ${job.minAvailable}`,
    });
  }
}

/** Task statuses when the session opened: the previous end state, Pipelined/Releasing back to Pending. */
function runningAtOpen(scenario: Scenario, prev: SessionSnapshot | null): Set<string> {
  if (prev === null)
    return new Set(
      scenario.jobs.flatMap((j) => j.tasks.filter((t) => t.status === 'Running').map((t) => t.name)),
    );
  return new Set(prev.tasks.filter((t) => t.status === 'Running').map((t) => t.name));
}

/**
 * `broken`: jobs already below their minimum when the session opened (a removed node took tasks): moving
 * what is left of them keeps them as whole as they were, which is all consolidation promises.
 */
export function checkConsolidation(
  scenario: Scenario,
  prev: SessionSnapshot | null,
  snap: SessionSnapshot,
  out: Violation[],
  broken?: BrokenByNodeRemoval,
): void {
  const moves = snap.decisions.filter((d) => d.action === 'consolidation' && d.kind === 'evict');
  if (moves.length === 0) return;
  const ran = runningAtOpen(scenario, prev);
  const jobs = new Map(snap.jobs.map((j) => [j.name, j]));
  const movedJobs = new Set<string>();
  for (const d of moves) {
    movedJobs.add(d.job);
    if (!ran.has(d.task))
      out.push({
        invariant: 'consolidation-keeps-gangs',
        session: snap.index,
        message: `consolidation moved ${d.task}, which was not running when the session opened`,
      });
  }
  for (const name of movedJobs) {
    const job = jobs.get(name);
    if (!job || broken?.has(name) === true) continue;
    if (job.running + job.pipelined < job.minAvailable)
      out.push({
        invariant: 'consolidation-keeps-gangs',
        session: snap.index,
        message: `consolidation left ${name} with ${job.running} Running + ${job.pipelined} Pipelined < minAvailable ${job.minAvailable}`,
      });
  }
}

export function checkStartTimes(
  scenario: Scenario,
  prev: SessionSnapshot | null,
  snap: SessionSnapshot,
  out: Violation[],
): void {
  const before = new Map<string, number | null>(
    prev === null
      ? scenario.jobs.map((j) => [j.name, j.startedAtMs])
      : prev.jobs.map((j) => [j.name, j.startedAtMs]),
  );
  for (const job of snap.jobs) {
    if (!before.has(job.name)) continue;
    const was = before.get(job.name) ?? null;
    if (job.startedAtMs === was || job.running > 0) continue;
    if (startedThenStaleEvicted(snap, job.name, job.startedAtMs)) continue;
    out.push({
      invariant: 'start-time-only-on-start',
      session: snap.index,
      message: `${job.name}: start time changed from ${String(was)} to ${String(job.startedAtMs)} but it has no Running task`,
    });
  }
}

/**
 * KAI's allocate stamps LastStartTimestamp when it commits a fresh job (allocate.go:64-67 @d5bc503), and a
 * later action of the same session may evict what it placed: stalegangeviction evicts every active-allocated
 * pod of a stale job (stalegangeviction.go:64-87), IsStale counting every pod set, whatever minSubGroup says
 * (job_info.go:495-510). Nothing resets the stamp, which the status updater writes to the pod group
 * (default_status_updater.go:461) and the next snapshot reads back (job_info.go:249-256). So the start time
 * moves to this session's time though the job ends it with no Running task.
 */
function startedThenStaleEvicted(snap: SessionSnapshot, job: string, startedAtMs: number | null): boolean {
  return (
    startedAtMs === snap.timeMs &&
    snap.trace.attempts.some((a) => a.action === 'allocate' && a.job === job && a.outcome === 'allocated') &&
    snap.decisions.some((d) => d.kind === 'evict' && d.job === job && d.action === 'stalegangeviction')
  );
}
