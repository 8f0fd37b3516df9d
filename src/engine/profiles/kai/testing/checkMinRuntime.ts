/**
 * KAI's min-runtime invariant (moved from the shared testing/property/checkEvictions.ts, decision 0339): the
 * `minruntime` plugin filters a non-elastic victim while `now < lastStart + duration` and keeps a protected
 * elastic victim's minAvailable tasks (KAI pkg/scheduler/plugins/minruntime/minruntime.go:85-99 victim
 * filters, :101-135 scenario validators, :149-151 and :166-168 the protection test @d5bc503a), with the
 * engine's own resolver as the oracle for the duration and the previous snapshot's start time.
 */
import type { Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { Violation } from '../../../testing/property/invariants';
import { configAt } from '../../../testing/property/sessionFacts';
import { queueSpecsIn } from './queueSpecsIn';
import { kaiProtectionModel as protectionModel } from '../module/kaiProtection';
import { isProtected } from '../plugins/minruntime/resolver';

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
