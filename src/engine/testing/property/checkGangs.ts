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
 * with them), and, in the kube-batch profile, what its preempt and reclaim do (reference/volcano.md §3.3, as
 * upstream does): its gang plugin judges each candidate victim against the job as it stood ("MinAvailable ≤
 * ready − 1 or MinAvailable == 1", no decrement per victim: kube-batch #828), so one action can take a gang
 * below its minimum (Volcano decrements and never does); its reclaim pipelines task by task with
 * `ssn.Pipeline`, outside any statement and gang check, and its within-job preempt commits unconditionally,
 * so a preemptor may end a session with fewer than minAvailable tasks pipelined. Volcano's within-job
 * preempt commits per task too (`stmt.Commit()` whatever JobPipelined says, reference/volcano.md §3.1:
 * "Within-job preemptions commit per task"), and places a task with no victim when the node has room, so
 * a gang may end a session with one task pipelined by preempt; between jobs Volcano commits only a
 * pipelined job, so any such shortfall is the within-job one. And Volcano's victim combination lets an
 * intersection that became empty be re-initialised by the next plugin of the tier (reference/volcano.md
 * §1.4: tier [priority→{x}, gang→{y}, conformance→all] yields all), so gang's vote to keep a job at its
 * minimum can be overridden and preempt or reclaim may evict below it, as upstream does; gang's own rule is
 * pinned by the conformance cases instead.
 */
export class BrokenByNodeRemoval {
  private readonly jobs = new Set<string>();

  /** Jobs that upstream's preempt or reclaim may leave below minAvailable in session `snap` (above). */
  markUpstreamGangGaps(scenario: Scenario, snap: SessionSnapshot): void {
    if (scenario.profile === 'kai') {
      // KAI #1578 (§23.4): a terminating pod is not active-allocated, so preempt and reclaim may evict its
      // Running siblings and leave the job below minAvailable with it (conformance HT4, upstream's case).
      const terminating = new Set((snap.trace.terminating ?? []).map((n) => n.job));
      for (const d of snap.decisions) if (d.kind === 'evict' && terminating.has(d.job)) this.jobs.add(d.job);
      return;
    }
    const kubeBatch = scenario.profile === 'kube-batch';
    for (const d of snap.decisions) {
      if (d.action === 'preempt' && d.kind === 'pipeline') this.jobs.add(d.job);
      else if (kubeBatch && d.action === 'reclaim' && d.kind === 'pipeline') this.jobs.add(d.job);
      else if ((d.action === 'preempt' || d.action === 'reclaim') && d.kind === 'evict') this.jobs.add(d.job);
    }
  }

  /** Whether `job` is below its minimum through one of the causes above (no side effect). */
  has(job: string): boolean {
    return this.jobs.has(job);
  }

  /** Call before checking session `snap`, with the previous session's snapshot. */
  update(scenario: Scenario, prev: SessionSnapshot | null, snap: SessionSnapshot): void {
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
        if (t.node !== null && removed.has(t.node) && t.status === 'Running') this.jobs.add(t.job);
    }
    // A late arrival listed Running on a node removed before it arrived loses those tasks as it arrives.
    if (prev === null) return;
    const known = new Set(prev.jobs.map((j) => j.name));
    const removedEver = removedBy(-Infinity);
    if (removedEver.size === 0) return;
    for (const t of initialTasks(scenario))
      if (!known.has(t.job) && t.node !== null && removedEver.has(t.node) && t.status === 'Running')
        this.jobs.add(t.job);
  }

  isExempt(job: JobState): boolean {
    if (!this.jobs.has(job.name)) return false;
    if (job.running + job.pipelined === 0 || job.running + job.pipelined >= job.minAvailable) {
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
    out.push({
      invariant: 'start-time-only-on-start',
      session: snap.index,
      message: `${job.name}: start time changed from ${String(was)} to ${String(job.startedAtMs)} but it has no Running task`,
    });
  }
}
