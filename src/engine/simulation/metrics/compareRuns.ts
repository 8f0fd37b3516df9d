/**
 * Where two runs of variants of one scenario part ways: per session (by index), the committed decisions
 * only one side made, and the first session where there are any. Decisions are compared on what they
 * did (action, kind, task, node, preemptor), not on their wording.
 */
import type { Decision, SessionTrace } from '../../model/trace';
import type { RunSummary } from './RunMetrics';

/** The recorded sessions of one run, as a comparison reads them. */
export interface ComparedSession {
  index: number;
  timeMs: number;
  decisions: readonly Decision[];
  trace: SessionTrace;
}

/** A decision as compared and printed. */
export interface DecisionFact {
  action: string;
  kind: Decision['kind'];
  task: string;
  job: string;
  node: string | null;
  by: string | null;
}

export interface SessionDiff {
  session: number;
  /** The session's time in A (B's when A did not run that session). */
  timeMs: number;
  onlyA: DecisionFact[];
  onlyB: DecisionFact[];
  /** One line per job that differs, e.g. `sweep-2 evicted in A, protected in B`. */
  differences: string[];
}

export interface RunComparison {
  sessionsA: number;
  sessionsB: number;
  firstDivergence: SessionDiff | null;
  /** Every session that differs, in order (at most {@link MAX_LISTED_DIFFS}). */
  diffs: SessionDiff[];
  /** How many sessions differ in all (may exceed `diffs.length`). */
  differingSessions: number;
}

/** Differing sessions listed in full; a run of 100,000 sessions must not make a 100,000-entry answer. */
export const MAX_LISTED_DIFFS = 1000;

/** Compares the sessions of two runs, index by index; a session only one run has compares to nothing. */
export function compareRuns(a: readonly ComparedSession[], b: readonly ComparedSession[]): RunComparison {
  const diffs: SessionDiff[] = [];
  let differing = 0;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const sa = a[i];
    const sb = b[i];
    const diff = diffSession(sa, sb);
    if (diff === null) continue;
    differing++;
    if (diffs.length < MAX_LISTED_DIFFS) diffs.push(diff);
  }
  return {
    sessionsA: a.length,
    sessionsB: b.length,
    firstDivergence: diffs[0] ?? null,
    diffs,
    differingSessions: differing,
  };
}

/** The sentence a person reads: `first divergence: session 4, sweep-2 evicted in A, protected in B`. */
export function describeDivergence(c: RunComparison): string {
  const d = c.firstDivergence;
  if (d === null) return 'no divergence: both runs commit the same decisions in every session';
  return `first divergence: session ${d.session}, ${d.differences.join('; ')}`;
}

/** The summary difference B − A of every numeric figure (null where either side has none). */
export function summaryDelta(a: RunSummary, b: RunSummary): Record<keyof RunSummary, number | null> {
  const out = {} as Record<keyof RunSummary, number | null>;
  for (const key of Object.keys(a) as (keyof RunSummary)[]) {
    const x = a[key];
    const y = b[key];
    out[key] = x === null || y === null ? null : y - x;
  }
  return out;
}

function fact(d: Decision): DecisionFact {
  return { action: d.action, kind: d.kind, task: d.task, job: d.job, node: d.node, by: d.by };
}

function keyOf(f: DecisionFact): string {
  return JSON.stringify([f.action, f.kind, f.task, f.node, f.by]);
}

function diffSession(sa: ComparedSession | undefined, sb: ComparedSession | undefined): SessionDiff | null {
  const fa = (sa?.decisions ?? []).map(fact);
  const fb = (sb?.decisions ?? []).map(fact);
  const inA = new Set(fa.map(keyOf));
  const inB = new Set(fb.map(keyOf));
  const onlyA = fa.filter((f) => !inB.has(keyOf(f)));
  const onlyB = fb.filter((f) => !inA.has(keyOf(f)));
  if (onlyA.length === 0 && onlyB.length === 0) return null;
  const session = (sa ?? sb)?.index ?? 0;
  return {
    session,
    timeMs: (sa ?? sb)?.timeMs ?? 0,
    onlyA,
    onlyB,
    differences: describe(onlyA, onlyB, fa, fb, sa?.trace ?? null, sb?.trace ?? null),
  };
}

const VERB: Record<Decision['kind'], string> = {
  evict: 'evicted',
  bind: 'bound',
  pipeline: 'pipelined',
  complete: 'completed',
};

const KIND_ORDER: Record<Decision['kind'], number> = { evict: 0, bind: 1, pipeline: 2, complete: 3 };

/** One phrase per (job, kind) that only one side did, saying what the other side did instead. */
function describe(
  onlyA: readonly DecisionFact[],
  onlyB: readonly DecisionFact[],
  allA: readonly DecisionFact[],
  allB: readonly DecisionFact[],
  traceA: SessionTrace | null,
  traceB: SessionTrace | null,
): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const phrase = (f: DecisionFact, side: 'A' | 'B') => {
    const key = `${f.job}\u0000${f.kind}`;
    if (seen.has(key)) return;
    seen.add(key);
    const other = side === 'A' ? 'B' : 'A';
    const otherAll = side === 'A' ? allB : allA;
    const otherTrace = side === 'A' ? traceB : traceA;
    const mine = `${f.job} ${VERB[f.kind]}${f.node !== null && f.kind !== 'evict' ? ` on ${f.node}` : ''} in ${side}`;
    const theirs = otherAll.find((g) => g.job === f.job && g.kind === f.kind);
    if (theirs !== undefined && theirs.node !== f.node && f.kind !== 'evict') {
      lines.push(`${mine}, on ${theirs.node ?? 'no node'} in ${other}`);
    } else if (f.kind === 'evict') {
      lines.push(`${mine}, ${isProtected(otherTrace, f.job) ? 'protected' : 'kept'} in ${other}`);
    } else {
      lines.push(`${mine}, not in ${other}`);
    }
  };
  // Evictions first (what a comparison of protection policies is about), then by job name, so the sentence
  // is the same whichever order the sessions listed them in.
  const byJob = (x: DecisionFact, y: DecisionFact) =>
    KIND_ORDER[x.kind] - KIND_ORDER[y.kind] || (x.job < y.job ? -1 : x.job > y.job ? 1 : 0);
  for (const f of [...onlyA].sort(byJob)) phrase(f, 'A');
  for (const f of [...onlyB].sort(byJob)) phrase(f, 'B');
  return lines;
}

/** Whether the session's trace shows min-runtime protection keeping the job from being a victim. */
function isProtected(trace: SessionTrace | null, job: string): boolean {
  if (trace === null) return false;
  return trace.attempts.some((a) =>
    a.victims.some(
      (v) =>
        v.job === job &&
        v.outcome === 'filtered' &&
        v.verdicts.some((x) => x.plugin === 'minruntime' && !x.allowed),
    ),
  );
}
