/**
 * Eviction invariant shared by every profile: every eviction by a preemptor-driven action names that
 * preemptor. (KAI's min-runtime invariant is KAI's own check, profiles/kai/testing/checkMinRuntime.ts.)
 */
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

const PREEMPTOR_ACTIONS = new Set(['preempt', 'reclaim', 'consolidation']);

/**
 * Every eviction by preempt, reclaim or consolidation names an existing preemptor job, and every attempt
 * of theirs that reports success as "pipelined onto capacity freed by evicting …" evicted at least one task.
 */
export function checkEvictionRecords(snap: SessionSnapshot, out: Violation[]): void {
  const jobs = new Set(snap.jobs.map((j) => j.name));
  for (const d of snap.decisions) {
    if (d.kind !== 'evict' || !PREEMPTOR_ACTIONS.has(d.action)) continue;
    if (d.by === null || d.by === '' || !jobs.has(d.by))
      out.push({
        invariant: 'eviction-names-preemptor',
        session: snap.index,
        message: `${d.action} evicted ${d.task} with preemptor ${JSON.stringify(d.by)}`,
      });
  }
  for (const a of snap.trace.attempts) {
    if (
      !PREEMPTOR_ACTIONS.has(a.action) ||
      a.outcome !== 'evicted' ||
      !a.message.includes('freed by evicting')
    )
      continue;
    if (a.victims.some((v) => v.outcome === 'evicted' && v.tasks.length > 0)) continue;
    out.push({
      invariant: 'eviction-names-preemptor',
      session: snap.index,
      message: `${a.action} says ${a.job} is placed on capacity freed by evicting nobody: "${a.message}"`,
    });
  }
}
