/**
 * The long-run fuzz (issue 18): `runs` small generated scenarios run for thousands of sessions (and now and
 * then a wide one: hundreds of tasks), each through the runner's `run` path in a child process with a
 * bounded heap (MutationRunner, WORKER_HEAP_MB). Counts exit codes: 0/1/2/4 are fine; 3 (internal failure)
 * is a crash; a child that dies (V8 "heap out of memory", exit 134) is an abort; and a run whose peak
 * resident memory passes LONG_RUN_RSS_MB is a violation (memory must stay bounded at any `run` length).
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { rawScenario } from '../../engine/testing/arbitraries/rawScenario';
import { buildScenarioDocument } from '../../engine/testing/arbitraries/scenarioDocument';
import { MutationRunner, WORKER_HEAP_MB } from './MutationRunner';

/** Peak resident memory a run may reach (the child's heap is capped at WORKER_HEAP_MB). */
export const LONG_RUN_RSS_MB = WORKER_HEAP_MB + 256;
/** A long run over this much CPU is a hang; one that never answers is abandoned. */
const LONG_HANG_MS = 120_000;
const LONG_ABANDON_MS = 180_000;
// Mostly 1,000 sessions (a long run costs about a millisecond per session), every fourth 2,000.
const SESSIONS = [1000, 1000, 1000, 2000];

export type LongOutcome = 'ok' | 'refused' | 'crash' | 'abort' | 'hang' | 'memory';

export interface LongStats {
  runs: number;
  counts: Record<LongOutcome, number>;
  sessionsAsked: number;
  peakRssMb: number;
  slowestMs: number;
  problems: { outcome: LongOutcome; detail: string; text: string }[];
}

/** The long-run scenario: a generated one with `run: {sessions}`; every 100th also has a 500-task job. */
export function longRunText(raw: Parameters<typeof buildScenarioDocument>[0], i: number): string {
  const doc = buildScenarioDocument({ ...raw, variants: [], emptyExpect: false });
  doc['run'] = { sessions: SESSIONS[i % SESSIONS.length] };
  if (i % 100 === 99) {
    const queue = ((doc['queues'] as { name: string }[])[0] as { name: string }).name;
    const queues = doc['queues'] as { name: string; parent?: string }[];
    const leaf = queues.find((q) => !queues.some((c) => c.parent === q.name))?.name ?? queue;
    doc['jobs'] = [
      ...((doc['jobs'] as unknown[] | undefined) ?? []),
      { name: 'wide', queue: leaf, priority: 60, resources: { gpu: 0, cpu: '10m' }, tasks: 500 },
    ];
    doc['run'] = { sessions: 2000 };
  }
  return stringify(doc);
}

export async function runLongFuzz(
  runs: number,
  seed: number,
  options: { onCase?: (done: number) => void } = {},
): Promise<LongStats> {
  const runner = new MutationRunner(LONG_HANG_MS, LONG_ABANDON_MS, './longRunWorker.ts');
  const counts: Record<LongOutcome, number> = { ok: 0, refused: 0, crash: 0, abort: 0, hang: 0, memory: 0 };
  const stats: LongStats = { runs: 0, counts, sessionsAsked: 0, peakRssMb: 0, slowestMs: 0, problems: [] };
  const CHUNK = 200;
  try {
    for (let done = 0, chunk = 0; done < runs; chunk++) {
      const n = Math.min(CHUNK, runs - done);
      const sample = fc.sample(rawScenario, { seed: seed + 31 + chunk * 7919, numRuns: n });
      for (const [k, raw] of sample.entries()) {
        const i = done + k;
        const text = longRunText(raw, i);
        stats.sessionsAsked += i % 100 === 99 ? 2000 : (SESSIONS[i % SESSIONS.length] as number);
        runner.resetPeakRss();
        const r = await runner.check(text);
        const rss = runner.peakRssMb();
        let outcome: LongOutcome;
        if (r.outcome === 'hang') outcome = 'hang';
        else if (r.outcome === 'crash')
          outcome = /^worker (exited|died)/.test(r.detail ?? '') ? 'abort' : 'crash';
        else if (rss !== null && rss > LONG_RUN_RSS_MB) outcome = 'memory';
        else outcome = r.outcome === 'accepted' ? 'ok' : 'refused';
        counts[outcome]++;
        stats.runs++;
        stats.slowestMs = Math.max(stats.slowestMs, r.ms);
        if (rss !== null) stats.peakRssMb = Math.max(stats.peakRssMb, rss);
        if (
          outcome !== 'ok' &&
          outcome !== 'refused' &&
          stats.problems.filter((p) => p.outcome === outcome).length < 3
        )
          stats.problems.push({
            outcome,
            detail: `${r.detail ?? ''}${rss === null ? '' : `, peak RSS ${Math.round(rss)} MiB`}`,
            text,
          });
        options.onCase?.(stats.runs);
      }
      done += n;
    }
  } finally {
    await runner.close();
  }
  return stats;
}
