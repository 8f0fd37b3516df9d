/**
 * The min-runtime that applied to an eviction (decision 0339's left item, moved here from the shared
 * evictionStory): the resolution the minruntime plugin recorded in the victim's verdicts (KAI
 * pkg/scheduler/plugins/minruntime/minruntime.go @d5bc503; its walk is the LCA or queue walk of
 * `reclaimResolveMethod`), else, for a victim taken without a filter call, the `minruntime` query's answer
 * for the pair; and an elastic victim's case, which min-runtime never protects above minAvailable.
 */
import type { AppliedProtection, EvictionProtectionInput } from '../../../framework/ProfileModule';
import { protectionDetailOf, type ProtectionDetail } from '../../../framework/verdictDetails';
import type { ResolveResult } from '../../../model/protection';
import { protectionsOf } from '../../../model/protection';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { Decision, MinRuntimeResolution, VictimRecord } from '../../../model/trace';

export function kaiEvictionProtection(input: EvictionProtectionInput): AppliedProtection {
  const detail = minRuntimeDetail(input.victims, input.decision.job);
  return {
    resolution: detail?.resolution ?? fallbackResolution(input),
    startedAtMs: detail?.startedAtMs ?? null,
    cannotProtect: detail?.isElastic === true ? elasticWords(input.snap, input.decision) : null,
  };
}

function minRuntimeDetail(victims: readonly VictimRecord[], job: string): ProtectionDetail | null {
  for (const v of victims) {
    if (v.job !== job) continue;
    for (const verdict of v.verdicts) {
      const m = verdict.plugin === 'minruntime' ? protectionDetailOf(verdict) : null;
      if (m !== null) return m;
    }
  }
  return null;
}

/**
 * Without a recorded verdict (the victim was taken without a filter call, e.g. by consolidation), the
 * resolution the protection model gives for the pair, when the minruntime plugin is on.
 */
function fallbackResolution(input: EvictionProtectionInput): MinRuntimeResolution | null {
  const { snap, decision: d, victimQueue, byQueue } = input;
  if (victimQueue === null) return null;
  const job = snap.jobs.find((j) => j.name === d.job);
  if (
    !job ||
    protectionsOf(job).preemptProtection === null ||
    (d.action !== 'preempt' && d.action !== 'reclaim')
  )
    return null;
  const r = input.query(
    'minruntime',
    { victimQueue, ...(byQueue !== null ? { preemptorQueue: byQueue } : {}) },
    input.session,
  ) as ResolveResult;
  return d.action === 'preempt' ? r.preempt : r.reclaim;
}

/** KAI minruntime.go:85-99: an elastic victim passes the filter; only the validators keep its core. */
function elasticWords(snap: SessionSnapshot, d: Decision): string {
  const job = snap.jobs.find((j) => j.name === d.job);
  const min = job?.minAvailable ?? 0;
  return `Min-runtime could not: ${d.job} is elastic, and min-runtime never protects its tasks above minAvailable (${min}); only its core of ${min} is kept while protected (KAI minruntime.go victim filters and scenario validators).`;
}
