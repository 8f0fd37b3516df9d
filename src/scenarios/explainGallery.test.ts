/**
 * Issue 19 "Done when": the why/what-if answers for every gallery scenario, checked by applying each
 * suggested change and asserting the outcome. For every job that is pending or evicted at some session,
 * the explanation at its first such session and at each of its evictions (at most 3 sessions a job).
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyScenarioChange,
  createSimulation,
  explainJob,
  formatIssue,
  parseScenario,
  type ChangeSuggestion,
  type JobExplanation,
} from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import { BUILTIN_SCENARIOS } from './builtinScenarios';

function load(text: string, fileName: string): Scenario {
  const p = parseScenario(text, { fileName });
  if (!p.ok) throw new Error(p.errors.map(formatIssue).join('\n'));
  return p.scenario;
}

/** Sessions (1-based) where each job waits with pending tasks or is evicted: first wait, then evictions. */
function sessionsToExplain(s: Scenario): Map<string, { session: number; evicted: boolean }[]> {
  const sim = createSimulation(s);
  const out = new Map<string, { session: number; evicted: boolean }[]>();
  const add = (job: string, session: number, evicted: boolean) => {
    const list = out.get(job) ?? [];
    if (list.length < 3 && !list.some((x) => x.session === session)) list.push({ session, evicted });
    out.set(job, list);
  };
  while (sim.step()) {
    const n = sim.sessionCount();
    const snap = sim.snapshot(n);
    for (const d of snap.decisions) if (d.kind === 'evict') add(d.job, n, true);
    for (const p of snap.trace.pending) if (!out.has(p.job)) add(p.job, n, false);
  }
  return out;
}

/**
 * The snapshot of session n of `s` run to n, made once per scenario object and session: many jobs wait at the
 * same session, and the engine is deterministic, so each later call only repeated the first run.
 */
const runsTo = new Map<Scenario, Map<number, ReturnType<typeof runToUncached>>>();
// Let go once the file is done: files of the engine's folders share a module graph (decision 0359).
afterAll(() => runsTo.clear());
function runTo(s: Scenario, n: number) {
  let byN = runsTo.get(s);
  if (byN === undefined) runsTo.set(s, (byN = new Map()));
  let snap = byN.get(n);
  if (snap === undefined) byN.set(n, (snap = runToUncached(s, n)));
  return snap;
}

function runToUncached(s: Scenario, n: number) {
  const sim = createSimulation({
    ...s,
    run: { sessions: n, untilMs: null, maxSessions: n, untilSettled: false },
  });
  while (sim.step()) {
    /* to session n */
  }
  return sim.snapshot(n);
}

function checkSuggestion(s: Scenario, e: JobExplanation, x: ChangeSuggestion): void {
  const snap = runTo(applyScenarioChange(s, x.change), x.startsAtSession);
  expect(snap.timeMs, x.text).toBe(x.startsAtTime);
  const started = snap.decisions.some((d) => d.job === e.job && (d.kind === 'bind' || d.kind === 'pipeline'));
  expect(started, `${e.job} at session ${e.session}: ${x.text}`).toBe(true);
  // A change is made at the next session and lets the job start there; only waiting takes longer.
  if (x.change.kind !== 'wait-until') expect(x.startsAtSession).toBe(e.session + 1);
  else expect(x.startsAtSession).toBeGreaterThan(e.session);
}

let suggestionsChecked = 0;
let protectionsChecked = 0;

describe.each(BUILTIN_SCENARIOS.map((b) => [b.id, b] as const))('explain every job of %s', (_id, entry) => {
  const s = load(entry.text, entry.fileName);
  const targets = sessionsToExplain(s);

  it('has jobs that wait or are evicted', () => {
    expect(targets.size).toBeGreaterThan(0);
  });

  // One test per job: a workshop scenario's jobs together took close to the 30 s test timeout under load.
  it.each([...targets])('explains %s, and every suggestion holds when applied', (job, sessions) => {
    for (const { session, evicted } of sessions) {
      const r = explainJob(s, job, { session });
      if (!r.ok) throw new Error(r.error);
      const e = r.explanation;
      expect(e.headline.length).toBeGreaterThan(0);
      const snap = runTo(s, session);
      if (evicted) {
        const d = snap.decisions.find((x) => x.kind === 'evict' && x.job === job);
        expect(e.state).toBe('evicted');
        expect(e.eviction).toMatchObject({ session, action: d?.action, by: d?.by });
        const story = e.eviction;
        if (story?.protectionProven === true && story.protectingChange !== null) {
          const protectedRun = runTo(applyScenarioChange(s, story.protectingChange), session);
          const again = protectedRun.decisions.some(
            (x) => x.kind === 'evict' && x.job === job && x.action === d?.action,
          );
          expect(again, story.wouldHaveProtected ?? '').toBe(false);
          protectionsChecked++;
        }
      } else {
        const pending = snap.trace.pending.find((p) => p.job === job);
        if (e.state === 'pending') expect(e.blocker?.code).toBe(pending?.code);
      }
      for (const x of e.suggestions) {
        checkSuggestion(s, e, x);
        suggestionsChecked++;
      }
    }
  });
});

describe('across the gallery', () => {
  it('checked suggestions and protections (not an empty sweep)', () => {
    expect(suggestionsChecked).toBeGreaterThan(30);
    expect(protectionsChecked).toBeGreaterThan(5);
  });

  it('kube-batch names the rule that let a victim go, not a min-runtime', () => {
    const entry = BUILTIN_SCENARIOS.find((b) => b.id.startsWith('kube-batch'));
    if (!entry) throw new Error('no kube-batch scenario in the gallery');
    const r = explainJob(load(entry.text, entry.fileName), 'batch-big', { session: 1 });
    if (!r.ok) throw new Error(r.error);
    expect(r.explanation.eviction).toMatchObject({ action: 'preempt', minRuntime: null });
    expect(r.explanation.eviction?.wouldHaveProtected).toContain('kube-batch has no min-runtime');
  });
});
