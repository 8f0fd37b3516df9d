/**
 * Metrics over time (docs/scenario-format.md §16) on small scenarios whose numbers are worked out by hand
 * below each scenario. Every figure asserted is derived in the comment next to it.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runMetrics, runScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import { metricsCsv } from './metricsCsv';
import { nearestRank } from './percentile';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;
function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

/*
 * WAITS: two 4-GPU nodes, one queue. j1 (3 GPUs) fits and binds on n0 in session 1. j2 and j3 ask for
 * 8 GPUs in one pod: no node has 8, so they wait for ever. j2 was submitted at 0, j3 at -5s.
 *   capacity 8; running 3 → utilisation 3/8 = 0.375 every session.
 *   fragmentation: n0 holds 3 of 4 → 1 idle GPU on a partly used node; n1 is empty (not partly used) → 1.
 *   waits at session k (time (k-1)s): j2 = (k-1)s, j3 = (k-1)s + 5s. Nearest rank of 2 values:
 *   p50 = the ⌈1⌉st = j2's, p95 = the ⌈1.9⌉ = 2nd = j3's. Session 3 (t=2s): 2000 and 7000.
 *   fair share: the only queue (quota 0, weight 1) gets the cluster up to its request (3+8+8 = 19): 8.
 *   allocated 3 < 8 from session 1 and never reached: one open episode, 0 → 2000 ms (last session).
 */
const WAITS = yaml(
  'version: 1',
  'nodes: [{name: n0, resources: {gpu: 4}}, {name: n1, resources: {gpu: 4}}]',
  'queues: [{name: q}]',
  'jobs:',
  '  - {name: j1, queue: q, resources: {gpu: 3}}',
  '  - {name: j2, queue: q, resources: {gpu: 8}}',
  '  - {name: j3, queue: q, submitAt: -5s, resources: {gpu: 8}}',
  'run: {sessions: 3}',
);

/*
 * RECLAIM: one 2-GPU node. Queue a (quota 1) runs va1 (since -10s) and va2 (since -4s), one GPU each;
 * queue b (quota 1) submits rb (1 GPU) at 0. Session 1 (t=0): b is below its quota, a above it, so reclaim
 * evicts one task of a: the newest, va2-0, which had run 0 - (-4s) = 4 s on 1 GPU → 4000 GPU·ms lost;
 * rb is pipelined onto the capacity va2 releases. Session 2 (t=1s): rb binds.
 *   b: fair share 1, allocated 0 at the end of session 1 (pipelined is not allocated) → an episode opens
 *   at 0 and closes at session 2 (allocated 1): time to fair share 1000 ms.
 *   va2 waits from when its run stopped (t=0): 1000 ms at session 2, 2000 ms at session 3; in session 1
 *   it is Releasing, not waiting. rb waits 0 ms in session 1 (submitted at 0, pipelined).
 *   utilisation: 1/2 in session 1 (va1 only), 2/2 after → mean (0.5 + 1 + 1) / 3.
 */
const RECLAIM = yaml(
  'version: 1',
  'scheduler: {actions: [allocate, reclaim]}',
  'nodes: [{name: n0, resources: {gpu: 2}}]',
  'queues:',
  '  - {name: a, resources: {gpu: {quota: 1}}}',
  '  - {name: b, resources: {gpu: {quota: 1}}}',
  'jobs:',
  '  - {name: va1, queue: a, submitAt: -20s, startedAt: -10s, resources: {gpu: 1}, tasks: [{status: Running, node: n0}]}',
  '  - {name: va2, queue: a, submitAt: -20s, startedAt: -4s, resources: {gpu: 1}, tasks: [{status: Running, node: n0}]}',
  '  - {name: rb, queue: b, resources: {gpu: 1}}',
  'run: {sessions: 3}',
);

describe('metrics over time', () => {
  it('waits, utilisation, fragmentation and an unreached fair share (WAITS)', () => {
    const m = runMetrics(runScenario(parse(WAITS)));
    expect(m.sessions.map((s) => [s.index, s.timeMs])).toEqual([
      [1, 0],
      [2, 1000],
      [3, 2000],
    ]);
    for (const s of m.sessions) {
      expect(s.cluster).toMatchObject({
        capacityGpu: 8,
        runningGpu: 3,
        utilisation: 0.375,
        fragmentedGpus: 1,
      });
      expect(s.queues).toEqual([
        expect.objectContaining({
          queue: 'q',
          allocatedGpu: 3,
          fairShareGpu: 8,
          requestedGpu: 19,
          pendingJobs: 2,
        }),
      ]);
    }
    expect(m.sessions.map((s) => [s.cluster.waitP50Ms, s.cluster.waitP95Ms])).toEqual([
      [0, 5000],
      [1000, 6000],
      [2000, 7000],
    ]);
    expect(m.episodes).toEqual([
      { queue: 'q', fromSession: 1, fromMs: 0, toSession: null, waitMs: 2000, reached: false },
    ]);
    expect(m.summary).toEqual({
      sessions: 3,
      evictions: 0,
      gpuMsLost: 0,
      meanUtilisation: 0.375,
      maxWaitP95Ms: 7000,
      meanTimeToFairShareMs: 2000,
      maxTimeToFairShareMs: 2000,
      unreachedFairShare: 1,
      meanFragmentedGpus: 1,
      // Waits to first start: j1 0 (binds at t=0), j2 0 → 2000 and j3 -5s → 2000 (never start: the last
      // session) → [0, 2000, 7000]; nearest rank ⌈0.95·3⌉ = 3rd = 7000.
      jobWaitP95Ms: 7000,
      // One leaf queue with a fair share: J = x²/(1·x²) = 1 in every session.
      meanJainIndex: 1,
    });
  });

  it('evictions, GPU time lost and time to fair share (RECLAIM)', () => {
    const m = runMetrics(runScenario(parse(RECLAIM)));
    const [s1, s2, s3] = m.sessions;
    expect(s1?.cluster).toMatchObject({ evictions: 1, gpuMsLost: 4000, utilisation: 0.5, pendingJobs: 1 });
    expect(
      s1?.queues.map((q) => [q.queue, q.evictions, q.gpuMsLost, q.allocatedGpu, q.fairShareGpu]),
    ).toEqual([
      ['a', 1, 4000, 1, 1],
      ['b', 0, 0, 0, 1],
    ]);
    expect(s1?.queues[1]).toMatchObject({ pendingJobs: 1, waitP50Ms: 0 });
    expect(s2?.cluster).toMatchObject({ evictions: 0, gpuMsLost: 0, utilisation: 1 });
    expect(s2?.queues[0]).toMatchObject({ queue: 'a', pendingJobs: 1, waitP50Ms: 1000, waitP95Ms: 1000 });
    expect(s3?.queues[0]).toMatchObject({ waitP95Ms: 2000 });
    expect(m.episodes).toEqual([
      { queue: 'b', fromSession: 1, fromMs: 0, toSession: 2, waitMs: 1000, reached: true },
    ]);
    expect(m.summary).toMatchObject({
      evictions: 1,
      gpuMsLost: 4000,
      meanTimeToFairShareMs: 1000,
      maxTimeToFairShareMs: 1000,
      unreachedFairShare: 0,
    });
    expect(m.summary.meanUtilisation).toBeCloseTo(2.5 / 3, 12);
    // Waits to first start: va1 -20s → -10s = 10000, va2 -20s → -4s = 16000 (running when the run starts),
    // rb 0 → 1000 (binds in session 2) → [1000, 10000, 16000]; ⌈0.95·3⌉ = 3rd = 16000.
    expect(m.summary.jobWaitP95Ms).toBe(16000);
    // Jain's index over a and b (fair share 1 each): session 1 x = (1, 0) → 1²/(2·1) = 0.5; sessions 2 and
    // 3 x = (1, 1) → 4/(2·2) = 1; mean (0.5 + 1 + 1)/3.
    expect(m.summary.meanJainIndex).toBeCloseTo(2.5 / 3, 12);
  });

  it('a parent queue counts its subtree', () => {
    const text = RECLAIM.replace(
      '  - {name: a, resources: {gpu: {quota: 1}}}',
      '  - {name: top}\n  - {name: a, parent: top, resources: {gpu: {quota: 1}}}',
    ).replace('  - {name: b, resources', '  - {name: b, parent: top, resources');
    const s1 = runMetrics(runScenario(parse(text))).sessions[0];
    // top = a + b: 1 eviction, 4000 GPU·ms, b's rb waiting.
    expect(s1?.queues.find((q) => q.queue === 'top')).toMatchObject({
      evictions: 1,
      gpuMsLost: 4000,
      pendingJobs: 1,
    });
  });

  it('CSV: KAI simulator columns first, one row per session and queue', () => {
    const csv = metricsCsv(runMetrics(runScenario(parse(RECLAIM))));
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Time,QueueID,Allocation,FairShare,Seconds,Requested,PendingJobs,WaitP50S,WaitP95S,Evictions,GpuSecondsLost,ClusterUtilisation,ClusterFragmentedGpus',
    );
    // Seconds = session time ÷ 1000; waits in s; va2-0's 4000 GPU·ms lost = 4 GPU·s.
    expect(lines.slice(1)).toEqual([
      '1,a,1,1,0,2,0,,,1,4,0.5,0',
      '1,b,0,1,0,1,1,0,0,0,0,0.5,0',
      '2,a,1,1,1,2,1,1,1,0,0,1,0',
      '2,b,1,1,1,1,0,,,0,0,1,0',
      '3,a,1,1,2,2,1,2,2,0,0,1,0',
      '3,b,1,1,2,1,0,,,0,0,1,0',
    ]);
  });

  it('nearest-rank percentiles', () => {
    expect(nearestRank([], 0.5)).toBeNull();
    expect(nearestRank([7], 0.95)).toBe(7);
    // 20 values 1..20: p50 is the 10th, p95 the 19th.
    const v = Array.from({ length: 20 }, (_, i) => i + 1);
    expect([nearestRank(v, 0.5), nearestRank(v, 0.95)]).toEqual([10, 19]);
  });
});
