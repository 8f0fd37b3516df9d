import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../testing/scenarioTest';
import { ClusterState } from './ClusterState';
import { Simulator } from './Simulator';
import { historyBeforeStart, usageMetricSample } from './usageMetric';

const doc = {
  scheduler: { usageDBConfig: { usageParams: { windowSize: '1h' } } },
  nodes: [{ name: 'n', resources: { gpu: 8, cpu: 64 } }],
  queues: [{ name: 'org' }, { name: 'a', parent: 'org' }, { name: 'b', parent: 'org' }],
  jobs: [
    {
      name: 'old',
      queue: 'a',
      startedAt: '-50m',
      submitAt: '-60m',
      resources: { gpu: 4 },
      tasks: [{ status: 'Running', node: 'n' }],
    },
    {
      name: 'newer',
      queue: 'b',
      startedAt: '-10m',
      submitAt: '-10m',
      resources: { gpu: 2 },
      tasks: [{ status: 'Running', node: 'n' }],
    },
    { name: 'waiting', queue: 'b', resources: { gpu: 2 } },
  ],
};

describe('the simulated Prometheus series (KAI queue metrics)', () => {
  it('states the history before t=0 from startedAt: one step per start, rolled up to the parent', () => {
    const h = historyBeforeStart(scenarioOf(doc));
    expect(h.map((s) => s.timeMs)).toEqual([-3_000_000, -600_000]);
    expect(h[0]?.allocated.get('a')?.gpu).toBe(4);
    expect(h[0]?.allocated.get('b')).toBeUndefined();
    expect(h[1]?.allocated.get('org')?.gpu).toBe(6);
    expect(h[1]?.capacity).toEqual({ gpu: 8, cpu: 64, memory: Infinity });
  });

  it('counts a terminating (Releasing) pod as allocated, as the queue metric does; not a Pipelined one', () => {
    const state = new ClusterState(scenarioOf(doc));
    state.applyEventsUntil(0);
    const old = state.tasks.find((t) => t.job.spec.name === 'old');
    const waiting = state.tasks.find((t) => t.job.spec.name === 'waiting');
    if (!old || !waiting) throw new Error('tasks missing');
    old.status = 'Releasing';
    waiting.status = 'Pipelined';
    const s = usageMetricSample(state, 0);
    expect(s.allocated.get('a')?.gpu).toBe(4);
    expect(s.allocated.get('b')?.gpu).toBe(2);
  });

  it('a job started 50 minutes ago weighs from its start at the first fetch (t=0)', () => {
    const sim = new Simulator(scenarioOf(doc));
    sim.step();
    const a = sim.snapshot(1).queues.find((q) => q.name === 'a')?.timeAware;
    // 1h window at t=0: steps −59m…0; a held 4 of 8 GPUs for the 50 steps −49m…0, out of 50 with data.
    expect(a?.usage.gpu).toBeCloseTo(0.5, 12);
    expect(a?.asOfMs).toBe(0);
  });

  it('on a cluster without GPUs, says that upstream’s fetch would fail (and computes the usage anyway)', () => {
    const cpu = scenarioOf({
      ...doc,
      nodes: [{ name: 'n', resources: { cpu: 64, memory: '256Gi' } }],
      jobs: [
        {
          name: 'old',
          queue: 'a',
          startedAt: '-50m',
          submitAt: '-60m',
          resources: { cpu: 32 },
          tasks: [{ status: 'Running', node: 'n' }],
        },
      ],
    });
    const sim = new Simulator(cpu);
    sim.step();
    const a = sim.snapshot(1).queues.find((q) => q.name === 'a')?.timeAware;
    expect(a?.noGpuCapacity).toBe(true);
    expect(a?.usage.cpu).toBeCloseTo(0.5, 12);
  });
});
