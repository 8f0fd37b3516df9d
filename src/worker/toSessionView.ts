/**
 * Shrinks a SessionSnapshot for the trip to the main thread: attempts become summaries, and equal
 * min-runtime resolutions (every job of a queue shares its preempt resolution) become one shared object,
 * which structured clone then copies once. Both cut what the main thread must deserialise per step.
 */
import type { ProtectionState, ReclaimProtection, SessionSnapshot } from '../engine/model/snapshot';
import type { MinRuntimeResolution } from '../engine/model/trace';
import type { SessionView } from '../protocol/sessionView';

export function toSessionView(snapshot: SessionSnapshot): SessionView {
  const shared = new Map<string, MinRuntimeResolution>();
  const intern = (resolution: MinRuntimeResolution): MinRuntimeResolution => {
    const r = resolution;
    const key = `${r.kind}|${r.method}|${r.durationMs}|${r.source}|${r.preemptorQueue}|${r.victimQueue}|${r.lca}|${r.stepDown}|${r.path.join('>')}|${r.note}`;
    const found = shared.get(key);
    if (found !== undefined) return found;
    shared.set(key, resolution);
    return resolution;
  };
  const internState = <T extends ProtectionState>(p: T): T => ({ ...p, resolution: intern(p.resolution) });
  const internReclaim = (p: ReclaimProtection): ReclaimProtection => ({
    ...p,
    anyReclaimer: p.anyReclaimer === null ? null : internState(p.anyReclaimer),
    byReclaimer: p.byReclaimer.map(internState),
  });
  return {
    ...snapshot,
    jobs: snapshot.jobs.map((job) => ({
      ...job,
      preemptProtection:
        job.preemptProtection === null
          ? null
          : { ...job.preemptProtection, resolution: intern(job.preemptProtection.resolution) },
      reclaimProtection: job.reclaimProtection === null ? null : internReclaim(job.reclaimProtection),
    })),
    trace: {
      attempts: snapshot.trace.attempts.map(({ verdicts, victims, ...rest }) => ({
        ...rest,
        verdictCount: verdicts.length,
        victimCount: victims.length,
      })),
      pending: snapshot.trace.pending,
    },
  };
}
