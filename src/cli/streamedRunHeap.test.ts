/**
 * The streamed run's heap bound (decision 0125, issue 18), measured in this process's V8 heap: its own file,
 * run in a module graph of its own (vite.config.ts ISOLATED), so that no other test file's modules or data
 * count toward the bound. The rest of the streamed runner's tests are in streamedRun.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario } from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import { longRunScenario } from './longRunScenario';
import { RUN_HEAP_BOUND_BYTES, runLongRun } from './runLongRun';

function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

describe('sim run streams its document', () => {
  it('holds a 2,000-task × 300-session run under the stated heap bound, its document never whole', () => {
    let chunks = 0;
    let largest = 0;
    const r = runLongRun(parse(longRunScenario({ tasks: 2000, sessions: 1 })), 300, (c) => {
      chunks++;
      largest = Math.max(largest, c.length);
    });
    expect(r.sessions).toBe(300);
    expect(chunks).toBe(302);
    // One session of 2,000 tasks is about 290 KB of text; the whole document about 90 MB.
    expect(largest).toBeLessThan(r.chars / 100);
    expect(r.peakHeapUsedBytes).toBeLessThan(RUN_HEAP_BOUND_BYTES);
  }, 120_000);
});
