/**
 * One long run of the runner's `run`, for the fuzzer's long-runs mode and the long-run tests (issue 18):
 * the document is streamed to a sink a session at a time, as `sim run` writes it, and the V8 heap in use
 * is sampled after every chunk, so a caller can hold the run to the stated bound (decision 0125,
 * docs/scenario-format.md §10: {@link RUN_HEAP_BOUND_BYTES}).
 */
import { getHeapStatistics } from 'node:v8';
import { streamRunDocument } from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import { sessionRowsRefusal, usageHistorySessions } from './sessionRowsBound';

/**
 * The V8 heap in use (garbage not yet collected included) that `sim run` stays under at any number of
 * sessions, for a scenario within the limits of §10: measured 1.3 GiB at its peak for 200,000 tasks ×
 * 60 sessions, 97 MiB live after it (decision 0125); half of Node's default 4 GiB heap on 64-bit.
 */
export const RUN_HEAP_BOUND_BYTES = 2 * 1024 * 1024 * 1024;

export interface LongRunResult {
  /** Sessions run. */
  sessions: number;
  /** UTF-16 characters of the document written (its length as a string). */
  chars: number;
  /** Highest V8 heap in use seen after a chunk was written (bytes; includes garbage not yet collected). */
  peakHeapUsedBytes: number;
}

/**
 * Runs `scenario` for exactly `sessions` sessions (as `sim run --sessions N`), handing each chunk of the
 * document to `sink` and dropping it; returns what ran and the peak heap seen. Throws a RangeError with
 * the runner's one-line refusal (what `sim run` exits 2 with) when the scenario's usage history would
 * pass the runner's bound (sessionRowsBound.ts).
 */
export function runLongRun(
  scenario: Scenario,
  sessions: number,
  sink: (chunk: string) => void = () => {},
): LongRunResult {
  const run = { ...scenario, run: { ...scenario.run, sessions } };
  const kept = usageHistorySessions(run);
  const refusal = kept && sessionRowsRefusal(run, 'the usage history (usageDBConfig) keeps', kept);
  if (refusal) throw new RangeError(refusal);
  let chars = 0;
  let peak = getHeapStatistics().used_heap_size;
  const chunks = streamRunDocument(run);
  for (;;) {
    const next = chunks.next();
    if (next.done) return { sessions: next.value, chars, peakHeapUsedBytes: peak };
    sink(next.value);
    chars += next.value.length;
    peak = Math.max(peak, getHeapStatistics().used_heap_size);
  }
}
