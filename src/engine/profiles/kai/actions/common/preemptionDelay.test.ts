/**
 * KAI's preemption delay (#1886): the anchor (creation or last eviction), the trace sentence, and how the
 * field is read, refused and written back. The action cases are the conformance files HD-PD1..5.
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument, parseScenario, serialiseScenario } from '../../../../index';
import { run, scenarioOf } from '../../../../testing/scenarioTest';
import { settleHorizonMs } from '../../../../simulation/Simulator';
import { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import { preemptionDelayEndMs } from './preemptionDelay';

/** A JobInfo with only what the delay reads (as KAI's job_info_test builds a bare PodGroupInfo). */
function jobWith(delay: string | null, submitAt: string, lastEvictedAtMs: number | null): JobInfo {
  const scenario = scenarioOf({
    nodes: [],
    queues: [{ name: 'q' }],
    jobs: [{ name: 'j', queue: 'q', submitAt, ...(delay === null ? {} : { preemptionDelay: delay }) }],
  });
  const job = new JobInfo(scenario.jobs[0]!, {} as QueueInfo, null);
  job.lastEvictedAtMs = lastEvictedAtMs;
  return job;
}

describe('preemption delay end (KAI job_info_test.go TestPreemptionDelayEnd @d5bc503)', () => {
  it('no delay configured: no end', () => {
    expect(preemptionDelayEndMs(jobWith(null, '0s', null))).toBeNull();
  });
  it('zero delay: no end', () => {
    expect(preemptionDelayEndMs(jobWith('0s', '0s', null))).toBeNull();
  });
  it('anchored at creation', () => {
    expect(preemptionDelayEndMs(jobWith('5m', '-1m', null))).toBe(4 * 60_000);
  });
  it('anchored at a later eviction', () => {
    expect(preemptionDelayEndMs(jobWith('5m', '-1m', 30_000))).toBe(30_000 + 5 * 60_000);
  });
  it('an eviction before creation is ignored', () => {
    expect(preemptionDelayEndMs(jobWith('5m', '0s', -90_000))).toBe(5 * 60_000);
  });
});

describe('preemption delay in a run', () => {
  // mid runs at t=0 with a 30s delay; high arrives at 10s and preempts it, so mid waits afresh from 10s.
  const doc = {
    scheduler: { actions: ['allocate', 'preempt'] },
    nodes: [{ name: 'n0', resources: { gpu: 1 } }],
    queues: [{ name: 'q', resources: { gpu: { quota: 1 } } }],
    jobs: [
      {
        name: 'mid',
        queue: 'q',
        priority: 75,
        preemptionDelay: '30s',
        resources: { gpu: 1 },
        tasks: [{ status: 'Running', node: 'n0' }],
      },
    ],
    events: [{ at: '10s', submit: { name: 'high', queue: 'q', priority: 100, resources: { gpu: 1 } } }],
    run: { until: '45s' },
  };
  const sim = run(doc);
  const delayOf = (session: number) =>
    sim
      .snapshot(session)
      .trace.attempts.filter((a) => a.job === 'mid' && a.code === 'preemption-delay')
      .map((a) => a.message);

  it('a delay on a running job does not protect it (high preempts mid at 10s)', () => {
    expect(
      sim
        .snapshot(11)
        .decisions.filter((d) => d.kind === 'evict')
        .map((d) => d.task),
    ).toEqual(['mid-0']);
  });
  it('re-arms from the last eviction and says how long is left', () => {
    expect(delayOf(16)).toEqual([
      'mid waits 25s more before it may evict: its preemption delay of 30s counts from its last eviction at 10s, so it may trigger evictions from 40s. It can still be placed into free room.',
    ]);
    expect(sim.snapshot(16).trace.pending.find((p) => p.job === 'mid')?.code).toBe('preemption-delay');
  });
  it('ends exactly at last eviction + delay', () => {
    expect(delayOf(40)).toHaveLength(1);
    expect(delayOf(41)).toEqual([]);
  });
  it('counts toward the settle horizon', () => {
    expect(settleHorizonMs(scenarioOf({ ...doc, jobs: [{ ...doc.jobs[0], preemptionDelay: '7m' }] }))).toBe(
      7 * 60_000,
    );
  });
});

describe('preemptionDelay field', () => {
  const base = { version: 1, name: 't', nodes: [], queues: [{ name: 'q' }] };
  it('is refused outside the kai profile, naming the field', () => {
    const r = normaliseScenarioDocument({
      ...base,
      profile: 'volcano',
      jobs: [{ name: 'j', queue: 'q', preemptionDelay: '1m' }],
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toContain('jobs[0].preemptionDelay');
  });
  it('is a non-negative duration within the format bound, with its line', () => {
    const r = parseScenario(
      'version: 1\nnodes: []\nqueues: [{name: q}]\njobs:\n  - {name: j, queue: q, preemptionDelay: -1s}\n',
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0]?.path).toBe('jobs[0].preemptionDelay');
      expect(r.errors[0]?.line).toBe(5);
    }
    const big = parseScenario(
      'version: 1\nnodes: []\nqueues: [{name: q}]\njobs: [{name: j, queue: q, preemptionDelay: 10001h}]\n',
    );
    expect(big.ok).toBe(false);
  });
  it('round-trips through the serialiser', () => {
    const s = scenarioOf({ ...base, jobs: [{ name: 'j', queue: 'q', preemptionDelay: '2m30s' }] });
    expect(s.jobs[0]?.preemptionDelayMs).toBe(150_000);
    const again = parseScenario(serialiseScenario(s));
    expect(again.ok && again.scenario.jobs[0]?.preemptionDelayMs).toBe(150_000);
  });
});
