/**
 * KAI's preemption delay (§23, #1886): no job triggers an eviction (it is the preemptor named by a preempt,
 * reclaim or consolidation eviction) before its delay has elapsed, counted from the later of its submission
 * and its last eviction. Read from the decisions of the run, never recomputed: the last eviction of each job
 * is the latest session whose decisions evicted one of its tasks (or its `lastEvictedAt` before the run).
 */
import type { JobSpec, Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';
import { submittedAt } from './checkWaits';

const TRIGGERS = new Set(['preempt', 'reclaim', 'consolidation']);

export class PreemptionDelayCheck {
  private readonly lastEvicted = new Map<string, number>();
  private readonly specs = new Map<string, JobSpec>();
  private readonly submitted: Map<string, number>;

  constructor(scenario: Scenario) {
    for (const j of scenario.jobs) this.specs.set(j.name, j);
    for (const e of scenario.events) if (e.kind === 'submit') this.specs.set(e.job.name, e.job);
    for (const j of this.specs.values())
      if (j.lastEvictedAtMs !== undefined) this.lastEvicted.set(j.name, j.lastEvictedAtMs);
    this.submitted = submittedAt(scenario);
  }

  /** Checks one session's evictions, then notes whose tasks it evicted (the anchor of later sessions). */
  update(snap: SessionSnapshot, out: Violation[]): void {
    for (const d of snap.decisions) {
      if (d.kind !== 'evict' || d.by === null || !TRIGGERS.has(d.action)) continue;
      const delay = this.specs.get(d.by)?.preemptionDelayMs;
      if (delay === undefined) continue;
      const anchor = Math.max(this.submitted.get(d.by) ?? 0, this.lastEvicted.get(d.by) ?? -Infinity);
      if (snap.timeMs < anchor + delay)
        out.push({
          invariant: 'preemption-delay',
          session: snap.index,
          message: `${d.by} triggered the eviction of ${d.task} (${d.action}) at ${snap.timeMs} ms, before its preemption delay ended at ${anchor + delay} ms`,
        });
    }
    for (const d of snap.decisions) if (d.kind === 'evict') this.lastEvicted.set(d.job, snap.timeMs);
  }
}
