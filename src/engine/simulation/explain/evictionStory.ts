/**
 * Who evicted a job, by which action, and the min-runtime that applied (the resolution the minruntime
 * plugin recorded in the victim's verdicts, KAI pkg/scheduler/plugins/minruntime/minruntime.go; its walk is
 * the LCA or queue walk of `reclaimResolveMethod`), plus what would have protected it, proven by a re-run
 * where the rule allows one.
 */
import { formatDuration } from '../../model/duration';
import type { ResolveResult } from '../../model/protection';
import type { Profile, Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import { protectionsOf } from '../../model/protection';
import type { Decision, MinRuntimeResolution } from '../../model/trace';
import { protectionDetailOf, type ProtectionDetail } from '../../framework/verdictDetails';
import type { Simulator } from '../Simulator';
import { applyScenarioChange } from './applyScenarioChange';
import { evictedAt, type RerunBudget } from './rerun';
import type { EvictionStory, MinRuntimeApplied, ScenarioChange } from './types';

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
      : protection(scenario, snap, at.session, d, resolution, startedAtMs, victimQueue, budget)),
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

/**
 * What would have kept the job. KAI: a min-runtime longer than it had run, set where the walk stopped (or
 * where it starts, when the plugin default applied); proven by re-running with it. Volcano and kube-batch
 * have no min-runtime: the rule that let the victim go, in words.
 */
function protection(
  scenario: Scenario,
  snap: SessionSnapshot,
  session: number,
  d: Decision,
  r: MinRuntimeResolution | null,
  startedAtMs: number | null,
  victimQueue: string | null,
  budget: RerunBudget,
): Pick<EvictionStory, 'wouldHaveProtected' | 'protectingChange' | 'protectionProven'> {
  const none = { protectingChange: null, protectionProven: false };
  if (scenario.profile !== 'kai')
    return { wouldHaveProtected: ruleWords(scenario.profile, d, victimQueue), ...none };
  if (r === null || startedAtMs === null) return { wouldHaveProtected: null, ...none };
  const ranMs = Math.max(0, snap.timeMs - startedAtMs);
  // Protected while now < lastStart + min-runtime (KAI minruntime.go:149-151, :166-168): the next whole
  // second above what it had run.
  const needMs = Math.floor(ranMs / 1000) * 1000 + 1000;
  const queue = r.source !== 'default' ? r.source : (r.path[0] ?? victimQueue);
  if (queue === null) return { wouldHaveProtected: null, ...none };
  const field = r.kind === 'preempt' ? 'preemptMinRuntime' : 'reclaimMinRuntime';
  const value = formatDuration(needMs);
  const change: ScenarioChange = { kind: 'set-min-runtime', queue, field, value };
  const where = r.method === 'lca' ? ` (the LCA walk for this pair starts at ${r.path[0] ?? queue})` : '';
  const base = `a ${field} of at least ${value} on queue ${queue}${where}: ${d.job} had run ${formatDuration(ranMs)} against ${formatDuration(r.durationMs)} from ${r.source}`;
  if (!budget.take(session))
    return { wouldHaveProtected: `By the rule, ${base}.`, protectingChange: change, protectionProven: false };
  const still = evictedAt(applyScenarioChange(scenario, change), d.job, session, d.action);
  return {
    wouldHaveProtected: still
      ? `By the rule, ${base}; re-run with it, ${d.job} is still evicted at session ${session} (another queue's value or rule applies).`
      : `${cap(base)}; re-run with it, ${d.job} is not evicted at session ${session}.`,
    protectingChange: change,
    protectionProven: !still,
  };
}

/** KAI minruntime.go:85-99: an elastic victim passes the filter; only the validators keep its core. */
function elasticWords(snap: SessionSnapshot, d: Decision): string {
  const job = snap.jobs.find((j) => j.name === d.job);
  const min = job?.minAvailable ?? 0;
  return `Min-runtime could not: ${d.job} is elastic, and min-runtime never protects its tasks above minAvailable (${min}); only its core of ${min} is kept while protected (KAI minruntime.go victim filters and scenario validators).`;
}

function ruleWords(profile: Profile, d: Decision, victimQueue: string | null): string | null {
  const by = d.by ?? 'the preemptor';
  if (d.action === 'reclaim')
    return `${profile} has no min-runtime: queue ${victimQueue ?? '?'} set to reclaimable: false (proportion/capacity Reclaimable skip unreclaimable queues), or its queue within its deserved share, would have kept ${d.job}.`;
  if (d.action === 'preempt')
    return `${profile} has no min-runtime: a priority at least ${by}'s (priority plugin's Preemptable), or a gang at its minAvailable (gang plugin), would have kept ${d.job}.`;
  return null;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
