/**
 * One scenario, several schedulers (issue 23 Deliver 4): the scenario mapped onto each listed profile
 * (each profile module's `mapScenario`, picked by the registry; decisions 0288, 0309), the mapped scenarios
 * run side by side, a session at a time, and per job one cell per profile (runs, waits, evicted, completed) with the first session where the profiles'
 * decisions differ (decision 0289). The runs keep only their latest session, so memory grows with the
 * scenario, not with its length. Pure and deterministic: the same input gives the same comparison.
 */
import { formatDuration } from '../../model/duration';
import type { Profile, Scenario } from '../../model/scenario';
import { mapScenarioTo } from '../../registry';
import type { MappingNote } from '../../scenario/profileMapping/MappingLog';
import { Simulator } from '../Simulator';
import { JobOutcomes, type JobCell } from './jobOutcomes';
import { factsKey, factsText, sessionSignature, type JobSessionFacts } from './sessionSignature';

/** One profile's column: how the scenario was mapped onto it and how long its run was. */
export interface ProfileColumn {
  profile: Profile;
  /** False when the scenario cannot be expressed in this profile (`reasons` say why); it is not run. */
  expressible: boolean;
  assumptions: string[];
  unmapped: MappingNote[];
  unmappedOmitted: number;
  reasons: MappingNote[];
  /** Sessions the mapped scenario ran (0 when not expressible). */
  sessions: number;
}

/** One job's row: a cell per profile, in the order the profiles were asked for (null: not expressible). */
export interface JobRow {
  job: string;
  queue: string;
  cells: Record<string, JobCell | null>;
}

/** The first session where the profiles' decisions differ, and what differed, per job. */
export interface ProfileDivergence {
  session: number;
  timeMs: number;
  /** Jobs that differ (evictions first, then by name), each profile's decisions for it in words. */
  jobs: { job: string; did: Record<string, string> }[];
  /** The sentence: `session 3 (t=20s): sweep-1: kai evicts 1 task (reclaim for train-b); volcano, kube-batch nothing`. */
  text: string;
}

export interface ProfileComparison {
  scenario: string;
  sourceProfile: Profile;
  profiles: Profile[];
  columns: ProfileColumn[];
  jobs: JobRow[];
  /** Job rows beyond {@link MAX_COMPARE_ROWS}, counted, not listed. */
  jobsOmitted: number;
  /** Null when every expressible profile decides the same in every session (or fewer than two run). */
  firstDivergence: ProfileDivergence | null;
  /** Sessions in which the profiles' decisions differ. */
  differingSessions: number;
}

/** Job rows listed (a comparison of a 30,000-job scenario lists the first ones and counts the rest). */
export const MAX_COMPARE_ROWS = 2000;
/** Jobs named in the first divergence. */
const MAX_DIVERGENCE_JOBS = 20;

/** Maps `source` onto each of `profiles` (distinct) and runs the ones that can express it. */
export function compareProfiles(source: Scenario, profiles: readonly Profile[]): ProfileComparison {
  const mapped = profiles.map((p) => ({ profile: p, result: mapScenarioTo(p)(source) }));
  const runs = mapped.flatMap(({ profile, result }) =>
    result.ok
      ? [
          {
            profile,
            sim: new Simulator(result.scenario, { record: 'latest' }),
            outcomes: new JobOutcomes(),
            done: false,
          },
        ]
      : [],
  );
  let firstDivergence: ProfileDivergence | null = null;
  let differingSessions = 0;
  for (let index = 1; runs.some((r) => !r.done); index++) {
    const facts: { profile: Profile; byJob: Map<string, JobSessionFacts> }[] = [];
    let timeMs = 0;
    for (const r of runs) {
      if (!r.done && !r.sim.step()) r.done = true;
      if (r.done) {
        facts.push({ profile: r.profile, byJob: new Map() });
        continue;
      }
      const snap = r.sim.snapshot(r.sim.sessionCount());
      r.outcomes.add(snap);
      timeMs = snap.timeMs;
      facts.push({ profile: r.profile, byJob: sessionSignature(snap.decisions) });
    }
    if (runs.every((r) => r.done)) break;
    const differing = differingJobs(facts);
    if (differing.length === 0) continue;
    differingSessions++;
    firstDivergence ??= divergence(index, timeMs, differing, facts);
  }
  const sessions = new Map(runs.map((r) => [r.profile, r.sim.sessionCount()]));
  const outcomes = new Map(runs.map((r) => [r.profile, r.outcomes]));
  const names = jobNames(source);
  const rows = names.slice(0, MAX_COMPARE_ROWS).map(({ job, queue }): JobRow => {
    const cells: Record<string, JobCell | null> = {};
    for (const p of profiles) cells[p] = outcomes.get(p)?.cell(job) ?? null;
    return { job, queue, cells };
  });
  return {
    scenario: source.name,
    sourceProfile: source.profile,
    profiles: [...profiles],
    columns: mapped.map(({ profile, result }) => ({
      profile,
      expressible: result.ok,
      assumptions: result.assumptions,
      unmapped: result.unmapped,
      unmappedOmitted: result.unmappedOmitted,
      reasons: result.ok ? [] : result.reasons,
      sessions: sessions.get(profile) ?? 0,
    })),
    jobs: rows,
    jobsOmitted: names.length - rows.length,
    firstDivergence,
    differingSessions,
  };
}

/** The scenario's jobs in document order: `jobs`, then those submitted by events. */
function jobNames(s: Scenario): { job: string; queue: string }[] {
  const out = s.jobs.map((j) => ({ job: j.name, queue: j.queue }));
  for (const e of s.events) if (e.kind === 'submit') out.push({ job: e.job.name, queue: e.job.queue });
  return out;
}

/** Jobs whose facts differ between profiles: those with an eviction first, then by name. */
function differingJobs(facts: readonly { byJob: Map<string, JobSessionFacts> }[]): string[] {
  if (facts.length < 2) return [];
  const jobs = new Set<string>();
  for (const f of facts) for (const job of f.byJob.keys()) jobs.add(job);
  const differ = [...jobs].filter((job) => new Set(facts.map((f) => factsKey(f.byJob.get(job)))).size > 1);
  const evicts = (job: string) => facts.some((f) => (f.byJob.get(job)?.counts.evict ?? 0) > 0);
  return differ.sort((a, b) => Number(evicts(b)) - Number(evicts(a)) || (a < b ? -1 : a > b ? 1 : 0));
}

function divergence(
  session: number,
  timeMs: number,
  jobs: readonly string[],
  facts: readonly { profile: Profile; byJob: Map<string, JobSessionFacts> }[],
): ProfileDivergence {
  const listed = jobs.slice(0, MAX_DIVERGENCE_JOBS).map((job) => {
    const did: Record<string, string> = {};
    for (const f of facts) did[f.profile] = factsText(f.byJob.get(job));
    return { job, did };
  });
  const phrases = listed.map(({ job, did }) => {
    // Profiles that did the same are named together: `volcano, kube-batch nothing`.
    const groups = new Map<string, string[]>();
    for (const [profile, text] of Object.entries(did))
      groups.set(text, [...(groups.get(text) ?? []), profile]);
    return `${job}: ${[...groups].map(([text, ps]) => `${ps.join(', ')} ${text}`).join('; ')}`;
  });
  const more = jobs.length > listed.length ? ` (and ${jobs.length - listed.length} more jobs)` : '';
  return {
    session,
    timeMs,
    jobs: listed,
    text: `session ${session} (t=${formatDuration(timeMs)}): ${phrases.join(' | ')}${more}`,
  };
}
