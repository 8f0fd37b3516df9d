/**
 * A job's wait, as the metrics report it (format §16, `sim metrics`), is never longer than the time since
 * the job was submitted: its `submitAt`, or for a job submitted by an event the event's time (issue 18: a job
 * submitted at t=60s was reported as waiting 60 s at t=60s). Read from the metrics, never recomputed: for the
 * jobs that wait in a queue's subtree at a session (Pending or Pipelined tasks, not running as §16 defines it), the k-th smallest wait is at most the k-th smallest time since submission, so
 * the nearest-rank p50 and p95 are bounded by the same ranks of those times.
 */
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { RunMetrics } from '../../simulation/metrics/RunMetrics';
import type { Violation } from './invariants';
import { queuePathIn } from './sessionFacts';

/** When each job entered the cluster: `submitAt`, or the later of it and its submit event's time. */
export function submittedAt(scenario: Scenario): Map<string, number> {
  const out = new Map<string, number>();
  for (const j of scenario.jobs) out.set(j.name, j.submitAtMs);
  for (const e of scenario.events)
    if (e.kind === 'submit') out.set(e.job.name, Math.max(e.atMs, e.job.submitAtMs));
  return out;
}

const rank = (sorted: number[], p: number): number | undefined =>
  sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

export function checkWaits(
  scenario: Scenario,
  snapshots: readonly SessionSnapshot[],
  metrics: RunMetrics,
  out: Violation[],
): void {
  const submitted = submittedAt(scenario);
  for (const m of metrics.sessions) {
    const snap = snapshots[m.index - 1];
    if (snap === undefined) continue;
    // Time since submission of each waiting job, per queue of its path (a parent counts its subtree).
    const sinceByQueue = new Map<string, number[]>();
    const all: number[] = [];
    for (const j of snap.jobs) {
      // Not running (§16): Running and Succeeded tasks together below minAvailable, or none Running (decision 0330).
      const runs = j.running > 0 && j.running + j.succeeded >= Math.max(j.minAvailable, 1);
      const waiting = j.pending + j.pipelined > 0 && !runs;
      const at = submitted.get(j.name);
      if (!waiting || at === undefined) continue;
      const since = snap.timeMs - at;
      all.push(since);
      for (const q of queuePathIn(snap, j.queue)) {
        const list = sinceByQueue.get(q) ?? [];
        list.push(since);
        sinceByQueue.set(q, list);
      }
    }
    const check = (
      who: string,
      figures: { pendingJobs: number; waitP50Ms: number | null; waitP95Ms: number | null },
      since: number[],
    ) => {
      if (figures.waitP50Ms === null && figures.waitP95Ms === null) return;
      since.sort((a, b) => a - b);
      // Compared rank by rank only when the metrics count the same waiting jobs; else the longest bounds all.
      const same = since.length === figures.pendingJobs;
      for (const [p, wait] of [
        [0.5, figures.waitP50Ms],
        [0.95, figures.waitP95Ms],
      ] as const) {
        if (wait === null) continue;
        const bound = same ? rank(since, p) : since.at(-1);
        if (bound === undefined || wait > bound)
          out.push({
            invariant: 'wait-since-submit',
            session: m.index,
            message:
              `${who}: p${p * 100} wait ${wait} ms at t=${m.timeMs} ms, but ` +
              (bound === undefined
                ? 'no job is waiting there'
                : `the ${same ? 'same-rank' : 'longest'} time since submission of its waiting jobs is ${bound} ms`),
          });
      }
    };
    check('cluster', m.cluster, all);
    for (const q of m.queues) check(`queue ${q.queue}`, q, sinceByQueue.get(q.queue) ?? []);
  }
}
