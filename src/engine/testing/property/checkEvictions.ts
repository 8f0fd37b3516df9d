/**
 * Eviction invariants: min-runtime protection (KAI `minruntime` plugin: a non-elastic victim is filtered
 * while `now < lastStart + duration`; a protected elastic victim keeps minAvailable tasks), with the
 * engine's own resolver as the oracle for the duration and the snapshot's start time; and every eviction by
 * a preemptor-driven action naming that preemptor.
 */
import { isProtected } from '../../profiles/kai/plugins/minruntime/resolver';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import { kaiProtectionModel as protectionModel } from '../../profiles/kai/module/kaiProtection';
import type { Violation } from './invariants';
import { configAt, queueSpecsIn } from './sessionFacts';

const PREEMPTOR_ACTIONS = new Set(['preempt', 'reclaim', 'consolidation']);

export function checkMinRuntime(
  scenario: Scenario,
  prev: SessionSnapshot | null,
  snap: SessionSnapshot,
  out: Violation[],
): void {
  const evictions = snap.decisions.filter(
    (d) => d.kind === 'evict' && (d.action === 'preempt' || d.action === 'reclaim'),
  );
  if (evictions.length === 0) return;
  const model = protectionModel(configAt(scenario, snap.timeMs), queueSpecsIn(scenario, snap));
  if (!model.enabled) return;
  const jobs = new Map(snap.jobs.map((j) => [j.name, j]));
  const startAtOpen = new Map<string, number | null>(
    prev === null
      ? scenario.jobs.map((j) => [j.name, j.startedAtMs])
      : prev.jobs.map((j) => [j.name, j.startedAtMs]),
  );
  const seen = new Set<string>();
  for (const d of evictions) {
    const key = `${d.action}/${d.job}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const victim = jobs.get(d.job);
    const preemptor = d.by === null ? undefined : jobs.get(d.by);
    if (!victim || !preemptor) continue;
    const started = startAtOpen.get(d.job) ?? null;
    const resolved = model.resolve({ victimQueue: victim.queue, preemptorQueue: preemptor.queue });
    const duration = d.action === 'preempt' ? resolved.preempt.durationMs : resolved.reclaim.durationMs;
    if (!isProtected(started, duration, snap.timeMs)) continue;
    const until = (started ?? 0) + duration;
    if (!victim.isElastic) {
      out.push({
        invariant: 'min-runtime-non-elastic',
        session: snap.index,
        message: `${d.action} evicted ${d.job} (for ${d.by ?? '?'}) at t=${snap.timeMs}ms although protected until ${until}ms`,
      });
    } else if (victim.running + victim.pipelined < victim.minAvailable) {
      out.push({
        invariant: 'min-runtime-elastic',
        session: snap.index,
        message: `${d.action} took protected elastic ${d.job} to ${victim.running + victim.pipelined} < minAvailable ${victim.minAvailable} (protected until ${until}ms)`,
      });
    }
  }
}

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
