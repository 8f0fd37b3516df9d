/**
 * Who evicted a job, by which action, the protection that applied (the profile's answer,
 * `ProfileModule.explain.evictionProtection`; KAI: its min-runtime), and what would have protected it (the
 * profile's `wouldHaveProtected`, decision 0309), proven by a re-run where its rule allows one.
 */
import type { AppliedProtection } from '../../framework/ProfileModule';
import type { Scenario } from '../../model/scenario';
import type { Decision, MinRuntimeResolution } from '../../model/trace';
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
  const explain = moduleOf(scenario.profile).explain;
  const { resolution, startedAtMs, cannotProtect } =
    explain.evictionProtection?.({
      snap,
      session: at.session,
      decision: d,
      victims: attempt?.victims ?? [],
      victimQueue,
      byQueue,
      query: (kind, args, session) => sim.query(kind, args, session),
    }) ?? NO_PROTECTION;
  return {
    session: at.session,
    time: snap.timeMs,
    action: d.action,
    by: d.by,
    byQueue,
    reason: d.reason,
    minRuntime: resolution === null ? null : applied(resolution),
    ...(cannotProtect !== null
      ? { wouldHaveProtected: cannotProtect, protectingChange: null, protectionProven: false }
      : explain.wouldHaveProtected({
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
    victimElastic: cannotProtect !== null,
  };
}

const NO_PROTECTION: AppliedProtection = { resolution: null, startedAtMs: null, cannotProtect: null };

function findQueue(scenario: Scenario, job: string): string | null {
  const j = scenario.jobs.find((x) => x.name === job);
  if (j) return j.queue;
  for (const e of scenario.events) if (e.kind === 'submit' && e.job.name === job) return e.job.queue;
  return null;
}

function applied(r: MinRuntimeResolution): MinRuntimeApplied {
  const out: MinRuntimeApplied = { applied: r.durationMs, source: r.source, path: [...r.path] };
  if (r.method !== null) {
    out.method = r.method;
    out.lca = r.lca;
  }
  return out;
}
