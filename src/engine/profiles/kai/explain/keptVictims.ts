/**
 * The victims min-runtime kept from a job's attempts in one session, as the minruntime plugin recorded
 * them (verdict details of `reclaimVictimFilter` / `preemptVictimFilter`, KAI
 * pkg/scheduler/plugins/minruntime/minruntime.go): who, until when, and which queue's value applied. KAI's
 * own reading of its verdicts (moved from the shared explain layer, decision 0339).
 */
import type { MinRuntimeResolution } from '../../../model/trace';
import { protectionDetailOf, type ProtectionDetail } from '../../../framework/verdictDetails';
import type { SessionSnapshot } from '../../../model/snapshot';

export interface KeptVictim {
  job: string;
  queue: string;
  resolution: MinRuntimeResolution;
  startedAtMs: number;
  protectedUntilMs: number;
}

/** Victims kept by min-runtime in the attempts `indices` of `snap`, earliest protection end first. */
export function keptVictims(snap: SessionSnapshot, indices: readonly number[]): KeptVictim[] {
  const out = new Map<string, KeptVictim>();
  const add = (job: string, queue: string, m: ProtectionDetail) => {
    if (!m.isProtected || m.startedAtMs === null || m.protectedUntilMs === null) return;
    const key = `${job}\u0000${m.resolution.kind}\u0000${m.resolution.source}`;
    if (!out.has(key))
      out.set(key, {
        job,
        queue,
        resolution: m.resolution,
        startedAtMs: m.startedAtMs,
        protectedUntilMs: m.protectedUntilMs,
      });
  };
  const jobNames = new Set(snap.jobs.map((j) => j.name));
  for (const i of indices) {
    const attempt = snap.trace.attempts[i];
    if (attempt === undefined) continue;
    // Elastic victims pass the filter with their core still protected: kept by the scenario validator,
    // whose verdict is the attempt's (its message starts with the victim's name).
    for (const verdict of attempt.verdicts) {
      const m = verdict.plugin === 'minruntime' ? protectionDetailOf(verdict) : null;
      if (m === null) continue;
      const name = verdict.message.split(' ')[0] ?? '';
      if (jobNames.has(name)) add(name, m.resolution.victimQueue, m);
    }
    for (const v of attempt.victims)
      for (const verdict of v.verdicts)
        if (verdict.plugin === 'minruntime') {
          const m = protectionDetailOf(verdict);
          if (m !== null) add(v.job, v.queue, m);
        }
  }
  return [...out.values()].sort(
    // Code-unit order, not localeCompare: the same answer whatever the locale.
    (a, b) => a.protectedUntilMs - b.protectedUntilMs || (a.job < b.job ? -1 : a.job > b.job ? 1 : 0),
  );
}
