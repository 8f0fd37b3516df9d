import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../index';

describe('runProfileSession (Volcano, kube-batch)', () => {
  it('a job whose first task runs in a session started at that session’s time (the jobs table reads it)', () => {
    const text = readFileSync(
      resolve(__dirname, '../../scenarios/kube-batch-preempt-walkthrough.yaml'),
      'utf8',
    );
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error('scenario does not parse');
    const sim = runScenario(parsed.scenario);
    const startOf = (session: number, name: string) =>
      sim.snapshot(session).jobs.find((j) => j.name === name)?.startedAtMs;
    // serving's two tasks are pipelined at t=0 (onto batch-big's releasing GPUs) and bound at t=10s.
    expect(startOf(1, 'serving')).toBeNull();
    expect(startOf(2, 'serving')).toBe(10_000);
    // A job that kept running tasks keeps its start time from the scenario.
    expect(startOf(2, 'kube-dns')).toBe(-3_600_000);
  });
});
