/**
 * "Why?" for one job at one session (docs §18): its state, the main blocker with its numbers, who evicted
 * it and under which min-runtime, and the smallest changes that let it start in the next session, each
 * proven by re-running the engine. Facts come from the engine's snapshot and trace of that session
 * (trace.pending: KAI profiles/kai/explainPending.ts, Volcano profiles/volcano/closeSession.ts).
 */
import { formatDuration } from '../../model/duration';
import type { Scenario } from '../../model/scenario';
import type { JobState, SessionSnapshot } from '../../model/snapshot';
import type { PendingExplanation } from '../../model/trace';
import { MAX_SESSIONS } from '../../scenario/limits';
import { Simulator } from '../Simulator';
import { applyScenarioChange } from './applyScenarioChange';
import { describeBlocker } from './blockerFacts';
import { candidateChanges } from './candidates';
import { evictionStory, latestEviction } from './evictionStory';
import { findJobSpec, neededTasks } from './jobFacts';
import { firstStart, refusal, RerunBudget, runAtMost, runExactly } from './rerun';
import { terminatingClause } from './terminatingFacts';
import {
  MAX_CANDIDATES,
  MAX_LOOKAHEAD_SESSIONS,
  MAX_SUGGESTIONS,
  type ChangeSuggestion,
  type ExplainResult,
  type JobExplanation,
  type JobExplanationState,
} from './types';

export function explainJob(
  scenario: Scenario,
  job: string,
  options: { session?: number } = {},
): ExplainResult {
  try {
    return explain(scenario, job, options.session);
  } catch (e) {
    const answer = refusal(e);
    if (answer === null) throw e;
    return { ok: false, error: answer };
  }
}

function explain(scenario: Scenario, job: string, asked: number | undefined): ExplainResult {
  const spec = findJobSpec(scenario, job);
  if (spec === null) {
    const names = scenario.jobs.map((j) => j.name).slice(0, 10);
    return {
      ok: false,
      error: `job ${JSON.stringify(job.length > 253 ? `${job.slice(0, 60)}…` : job)} does not exist in the scenario${names.length > 0 ? ` (jobs: ${names.join(', ')}${scenario.jobs.length > 10 ? ', …' : ''})` : ''}`,
    };
  }
  if (asked !== undefined && (!Number.isInteger(asked) || asked < 1 || asked > MAX_SESSIONS))
    return {
      ok: false,
      error: `session must be a whole number from 1 to ${MAX_SESSIONS}, got ${String(asked)}`,
    };
  const sim = new Simulator(scenario);
  const session = runTo(sim, job, asked);
  if (session === null) {
    const ran = `${sim.sessionCount()} session${sim.sessionCount() === 1 ? '' : 's'}`;
    return {
      ok: false,
      error:
        asked === undefined
          ? 'the run has no session to explain'
          : `session ${asked} is past the end of the run (${ran})`,
    };
  }
  const snap = sim.snapshot(session);
  const budget = new RerunBudget(scenario);
  const state = snap.jobs.find((j) => j.name === job);
  const base: JobExplanation = {
    job,
    queue: spec.queue,
    session,
    time: snap.timeMs,
    state: 'not-submitted',
    headline: '',
    blocker: null,
    eviction: null,
    suggestions: [],
  };
  if (state === undefined) {
    const deleted = spec.submitAtMs <= snap.timeMs;
    base.headline = deleted
      ? `${job} is no longer in the cluster at session ${session} (${fmt(snap.timeMs)}): it was deleted.`
      : `${job} is not submitted yet at session ${session} (${fmt(snap.timeMs)}); it is submitted at ${fmt(spec.submitAtMs)}.`;
    return { ok: true, explanation: base };
  }
  const pending = snap.trace.pending.find((p) => p.job === job) ?? null;
  const kind = stateOf(snap, state);
  const out: JobExplanation = { ...base, queue: state.queue, state: kind };
  if (pending !== null) out.blocker = { code: pending.code, message: pending.message };
  // A pipelined job is told the eviction that made room for it; any other, its own latest eviction.
  const story = latestEviction(sim, job, session, kind === 'pipelined');
  if (story !== null && (kind !== 'running' || story.session === session))
    out.eviction = evictionStory(scenario, sim, story, budget);
  const later = kind === 'pending' || kind === 'pipelined' ? lookAhead(scenario, job, session, budget) : null;
  out.headline = headline(scenario, snap, state, kind, pending, out, later);
  if (kind === 'pending' && pending !== null)
    out.suggestions = suggest(scenario, sim, snap, state, pending, session, later, budget);
  return { ok: true, explanation: out };
}

/**
 * Runs to the session asked; without one, to the first session where the job waits (pending or pipelined
 * tasks) or is evicted, else to the end of the run. Null when the run ends before the session asked.
 */
function runTo(sim: Simulator, job: string, asked: number | undefined): number | null {
  while (asked === undefined || sim.sessionCount() < asked) {
    if (!sim.step()) break;
    if (asked !== undefined) continue;
    const record = sim.state.jobs.get(job);
    const entry = sim.history.entries.at(-1);
    const waits = record?.tasks.some((t) => t.status === 'Pending' || t.status === 'Pipelined') ?? false;
    if (waits || entry?.decisions.some((d) => d.kind === 'evict' && d.job === job)) return sim.sessionCount();
  }
  if (asked !== undefined) return sim.sessionCount() === asked ? asked : null;
  return sim.sessionCount() === 0 ? null : sim.sessionCount();
}

function stateOf(snap: SessionSnapshot, s: JobState): JobExplanationState {
  if (snap.decisions.some((d) => d.kind === 'evict' && d.job === s.name)) return 'evicted';
  if (s.pipelined > 0) return 'pipelined';
  if (s.pending > 0 && s.running < Math.max(1, s.minAvailable)) return 'pending';
  if (s.taskCount > 0 && s.succeeded === s.taskCount) return 'completed';
  return 'running';
}

/** The job's first start after `session` with nothing changed (bounded look-ahead). */
function lookAhead(scenario: Scenario, job: string, session: number, budget: RerunBudget) {
  // At most a quarter of the budget: the rest is for proving changes.
  const ahead = Math.min(MAX_LOOKAHEAD_SESSIONS, Math.floor(budget.remaining() / 4) - session);
  if (ahead < 1) return null;
  const last = Math.min(session + ahead, MAX_SESSIONS);
  if (!budget.take(last)) return null;
  return firstStart(scenario, job, session, runAtMost(last));
}

function headline(
  scenario: Scenario,
  snap: SessionSnapshot,
  state: JobState,
  kind: JobExplanationState,
  pending: PendingExplanation | null,
  out: JobExplanation,
  later: { session: number; time: number } | null,
): string {
  const at = `at session ${snap.index} (${fmt(snap.timeMs)})`;
  switch (kind) {
    case 'pending':
      return `${state.name} is pending ${at}: ${pending === null ? 'no action placed it' : describeBlocker(scenario, snap, state, pending)}.`;
    case 'pipelined': {
      const e = out.eviction;
      const evictions = e === null ? '' : `; ${e.action} evicted room for it at session ${e.session}`;
      const binds = later === null ? '' : `; it binds at session ${later.session} (${fmt(later.time)})`;
      return `${state.name} is pipelined ${at}: ${state.pipelined === 1 ? '1 task waits' : `${state.pipelined} tasks wait`} for evicted tasks to release their node${evictions}${binds}.`;
    }
    case 'evicted': {
      const e = out.eviction;
      // stalegangeviction evicts a job for itself (no preemptor, KAI stalegangeviction.go:73-76 @d5bc503).
      const by = e?.by && e.by !== state.name ? ` by ${e.by}${e.byQueue ? ` (queue ${e.byQueue})` : ''}` : '';
      const mr =
        e?.victimElastic === true
          ? '; it is elastic: min-runtime does not protect its tasks above minAvailable'
          : e?.minRuntime
            ? `; min-runtime ${formatDuration(e.minRuntime.applied)} from ${e.minRuntime.source} had passed`
            : '';
      return `${state.name} is evicted ${at}${by} in ${e?.action ?? 'an action'}${mr}.`;
    }
    case 'completed':
      return `${state.name} has completed ${at}.`;
    case 'running':
      return `${state.name} is running ${at}: ${state.running} of ${state.taskCount} task${state.taskCount === 1 ? '' : 's'} running${terminatingClause(snap, state)}.`;
    default:
      return `${state.name} ${at}.`;
  }
}

/**
 * Proven changes for a pending job. With nothing changed, the job's own start when it comes within the
 * look-ahead (wait-until); if that is the next session, no change is needed and none is tried. Otherwise
 * each candidate (at most MAX_CANDIDATES) is made at the next session's time and re-run to that session.
 */
function suggest(
  scenario: Scenario,
  sim: Simulator,
  snap: SessionSnapshot,
  state: JobState,
  pending: PendingExplanation,
  session: number,
  later: { session: number; time: number } | null,
  budget: RerunBudget,
): ChangeSuggestion[] {
  const out: ChangeSuggestion[] = [];
  if (later !== null)
    out.push({
      change: { kind: 'wait-until', time: later.time },
      text: `No change: wait until ${fmt(later.time)}; ${state.name} starts at session ${later.session} as the run goes on.`,
      startsAtSession: later.session,
      startsAtTime: later.time,
    });
  const next = session + 1;
  if (later !== null && later.session === next) return out;
  const spec = findJobSpec(scenario, state.name);
  if (spec === null) return out;
  // The simulator stopped at `session`: its next session is the one the changes are made for.
  const atMs = sim.nextSessionTimeMs();
  const candidates = candidateChanges({
    scenario,
    snap,
    spec,
    state,
    pending,
    needed: neededTasks(snap, spec, state),
    atMs,
  }).slice(0, MAX_CANDIDATES);
  const proven = new Set<string>();
  for (const c of candidates) {
    if (out.length >= MAX_SUGGESTIONS) break;
    if (c.ladder !== undefined && proven.has(c.ladder)) continue;
    if (!budget.take(next)) break;
    const start = firstStart(applyScenarioChange(scenario, c.change), state.name, session, runExactly(next));
    if (start === null) continue;
    if (c.ladder !== undefined) proven.add(c.ladder);
    out.push({ change: c.change, text: c.text, startsAtSession: start.session, startsAtTime: start.time });
  }
  return out;
}

function fmt(ms: number): string {
  return `t=${formatDuration(ms)}`;
}
