/**
 * Shrinks a SessionSnapshot for the trip to the main thread: attempts become summaries, and equal
 * min-runtime resolutions (every job of a queue shares its preempt resolution) become one shared object,
 * which structured clone then copies once. Both cut what the main thread must deserialise per step.
 *
 * Issue 13: at 4,000 nodes and 33,000 jobs the reclaim protections alone were 67 MB as JSON (one entry per
 * group of waiting reclaimer queues, each with its queue list, for every running job), and structured clone
 * spent seconds of the main thread reading them. Jobs of one queue started in the same session have equal
 * protections, so whole entries, their queue lists and whole per-job protections are shared too.
 */
import type { SessionSnapshot } from '../engine/model/snapshot';
import type { ProtectionState, ReclaimerProtection, ReclaimProtection } from '../engine/model/protection';
import { protectionsOf } from '../engine/model/protection';
import type { MinRuntimeResolution } from '../engine/model/trace';
import type { SessionView } from '../protocol/sessionView';

export function toSessionView(snapshot: SessionSnapshot): SessionView {
  const resolutions = new Map<string, MinRuntimeResolution>();
  // The engine hands many jobs the same resolution object (320 objects for 43,700 jobs at 140,000 pods):
  // known objects skip building their key (issue 22, decision 0301).
  const seen = new Map<MinRuntimeResolution, MinRuntimeResolution>();
  const intern = (resolution: MinRuntimeResolution): MinRuntimeResolution => {
    const known = seen.get(resolution);
    if (known !== undefined) return known;
    const r = resolution;
    const key = `${r.kind}|${r.method}|${r.durationMs}|${r.source}|${r.preemptorQueue}|${r.victimQueue}|${r.lca}|${r.stepDown}|${r.path.join('>')}|${r.note}`;
    const found = resolutions.get(key) ?? resolution;
    resolutions.set(key, found);
    seen.set(resolution, found);
    return found;
  };
  // Keys are built from the identities of already shared parts (their numbers in `ids`), so each is short.
  const ids = new Map<object, number>();
  const idOf = (o: object): number => {
    let id = ids.get(o);
    if (id === undefined) {
      id = ids.size;
      ids.set(o, id);
    }
    return id;
  };
  const share = <T extends object>(table: Map<string, T>, key: string, value: T): T => {
    const found = table.get(key);
    if (found !== undefined) return found;
    table.set(key, value);
    return value;
  };
  const queueLists = new Map<string, readonly string[]>();
  const seenLists = new Map<readonly string[], readonly string[]>();
  const states = new Map<string, ProtectionState>();
  const reclaimers = new Map<string, ReclaimerProtection>();
  const reclaims = new Map<string, ReclaimProtection>();
  const internState = (p: ProtectionState): ProtectionState => {
    const resolution = intern(p.resolution);
    return share(states, `${idOf(resolution)}|${p.protectedUntilMs}|${p.isProtected}`, {
      ...p,
      resolution,
    });
  };
  const internReclaimer = (p: ReclaimerProtection): ReclaimerProtection => {
    const resolution = intern(p.resolution);
    let queues = seenLists.get(p.reclaimerQueues);
    if (queues === undefined) {
      queues = share(queueLists, p.reclaimerQueues.join('\n'), p.reclaimerQueues);
      seenLists.set(p.reclaimerQueues, queues);
    }
    const key = `${idOf(resolution)}|${p.protectedUntilMs}|${p.isProtected}|${idOf(queues)}|${p.reclaimerQueueCount}`;
    return share(reclaimers, key, { ...p, resolution, reclaimerQueues: queues });
  };
  const internReclaim = (p: ReclaimProtection): ReclaimProtection => {
    const anyReclaimer = p.anyReclaimer === null ? null : internState(p.anyReclaimer);
    const byReclaimer = p.byReclaimer.map(internReclaimer);
    const key = `${p.method}|${p.isProtected}|${anyReclaimer === null ? '-' : idOf(anyReclaimer)}|${byReclaimer.map(idOf).join(',')}`;
    return share(reclaims, key, { ...p, anyReclaimer, byReclaimer });
  };
  return {
    ...snapshot,
    jobs: snapshot.jobs.map((job) => {
      // A profile's protections travel in its job extras (decision 0316); the rest of the extras as sent.
      const { preemptProtection, reclaimProtection } = protectionsOf(job);
      if (job.extras === undefined || (preemptProtection === null && reclaimProtection === null)) return job;
      return {
        ...job,
        extras: {
          ...job.extras,
          preemptProtection: preemptProtection === null ? null : internState(preemptProtection),
          reclaimProtection: reclaimProtection === null ? null : internReclaim(reclaimProtection),
        },
      };
    }),
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
