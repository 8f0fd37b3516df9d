/**
 * Who evicted a job, by which action, and the min-runtime that applied (the resolution the minruntime
 * plugin recorded in the victim's verdicts, KAI pkg/scheduler/plugins/minruntime/minruntime.go; its walk is
 * the LCA or queue walk of `reclaimResolveMethod`), plus what would have protected it: the profile's answer
 * (`ProfileModule.explain.wouldHaveProtected`, decision 0309), proven by a re-run where its rule allows one.
 */
import type { ResolveResult } from '../../model/protection';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import { protectionsOf } from '../../model/protection';
import type { Decision, MinRuntimeResolution } from '../../model/trace';
import { protectionDetailOf, type ProtectionDetail } from '../../framework/verdictDetails';
import { moduleOf } from '../../registry';
import type { Simulator } from '../Simulator';
import type { RerunBudget } from './rerun';
import type { EvictionStory, MinRuntimeApplied } from './types';

/** The latest eviction decision for `job` (as victim, or as preemptor with `asPreemptor`) at or before `session`. */
export function latestEviction(
  sim: Simulator,
  job: string,
  session: number,
  asPreemptor: boolean,
): { session: number; decision: Decision } | null {
  const entries = sim.history.entries;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e === undefined || e.index > session) continue;
    const d = e.decisions.find((x) => x.kind === 'evict' && (asPreemptor ? x.by === job : x.job === job));
    if (d) return { session: e.index, decision: d };
  }
  return null;
}

export function evictionStory(
  scenario: Scenario,
  sim: Simulator,
  at: { session: number; decision: Decision },
  budget: RerunBudget,
): EvictionStory {
  const snap = sim.snapshot(at.session);
  const d = at.decision;
  const attempt = d.attempt === null ? undefined : snap.trace.attempts[d.attempt];
  const victimQueue = snap.jobs.find((j) => j.name === d.job)?.queue ?? findQueue(scenario, d.job);
  const byQueue = attempt?.queue ?? (d.by === null ? null : findQueue(scenario, d.by));
  const detail = minRuntimeDetail(attempt?.victims ?? [], d.job);
  const resolution = detail?.resolution ?? fallbackResolution(sim, snap, at.session, d, victimQueue, byQueue);
  const minRuntime = resolution === null ? null : applied(resolution);
  const startedAtMs = detail?.startedAtMs ?? null;
  return {
    session: at.session,
    time: snap.timeMs,
    action: d.action,
    by: d.by,
    byQueue,
    reason: d.reason,
    minRuntime,
    ...(detail?.isElastic === true
      ? { wouldHaveProtected: elasticWords(snap, d), protectingChange: null, protectionProven: false }
      : moduleOf(scenario.profile).explain.wouldHaveProtected({
          scenario,
          snap,
          session: at.session,
          decision: d,
          resolution,
          startedAtMs,
          victimQueue,
          byQueue,
          budget,
        })),
    victimElastic: detail?.isElastic === true,
  };
}

function findQueue(scenario: Scenario, job: string): string | null {
  const j = scenario.jobs.find((x) => x.name === job);
  if (j) return j.queue;
  for (const e of scenario.events) if (e.kind === 'submit' && e.job.name === job) return e.job.queue;
  return null;
}

function minRuntimeDetail(
  victims: SessionSnapshot['trace']['attempts'][number]['victims'],
  job: string,
): ProtectionDetail | null {
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
 * resolution the engine's protection model gives for the pair, when the minruntime plugin is on.
 */
function fallbackResolution(
  sim: Simulator,
  snap: SessionSnapshot,
  session: number,
  d: Decision,
  victimQueue: string | null,
  byQueue: string | null,
): MinRuntimeResolution | null {
  if (victimQueue === null) return null;
  const job = snap.jobs.find((j) => j.name === d.job);
  if (
    !job ||
    protectionsOf(job).preemptProtection === null ||
    (d.action !== 'preempt' && d.action !== 'reclaim')
  )
    return null;
  const r = sim.query(
    'minruntime',
    { victimQueue, ...(byQueue !== null ? { preemptorQueue: byQueue } : {}) },
    session,
  ) as ResolveResult;
  return d.action === 'preempt' ? r.preempt : r.reclaim;
}

function applied(r: MinRuntimeResolution): MinRuntimeApplied {
  const out: MinRuntimeApplied = { applied: r.durationMs, source: r.source, path: [...r.path] };
  if (r.method !== null) {
    out.method = r.method;
    out.lca = r.lca;
  }
  return out;
}

/** KAI minruntime.go:85-99: an elastic victim passes the filter; only the validators keep its core. */
function elasticWords(snap: SessionSnapshot, d: Decision): string {
  const job = snap.jobs.find((j) => j.name === d.job);
  const min = job?.minAvailable ?? 0;
  return `Min-runtime could not: ${d.job} is elastic, and min-runtime never protects its tasks above minAvailable (${min}); only its core of ${min} is kept while protected (KAI minruntime.go victim filters and scenario validators).`;
}
