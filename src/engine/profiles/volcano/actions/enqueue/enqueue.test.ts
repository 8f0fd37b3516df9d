import { describe, expect, it } from 'vitest';
import type { EnqueueGateDetail } from '../../trace';
import { attemptsOf, phaseOf, runVolcano } from '../../testing';

const cluster = {
  nodes: [{ name: 'n1', resources: { cpu: 4, memory: '16Gi', pods: 10 } }],
  queues: [{ name: 'q' }],
};

describe('enqueue', () => {
  it('overcommit admits while inqueue + minResources fits total × 1.2 − used, and counts each admitted job', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [
        { name: 'a', queue: 'q', submitAt: '-2s', minResources: { cpu: 3 }, resources: { cpu: 3 } },
        { name: 'b', queue: 'q', submitAt: '-1s', minResources: { cpu: 3 }, resources: { cpu: 3 } },
      ],
      scheduler: { actions: ['enqueue'], tiers: [{ plugins: [{ name: 'overcommit' }] }] },
    }).snapshot(1);
    expect(phaseOf(s, 'a')).toBe('Inqueue');
    expect(phaseOf(s, 'b')).toBe('Pending');
    const gate = attemptsOf(s, 'b')[0]!.verdicts.find((v) => v.plugin === 'overcommit')
      ?.profileDetail as EnqueueGateDetail;
    expect(gate).toMatchObject({
      factor: 1.2,
      admitted: false,
      minResources: { cpu: 3 },
      alreadyCounted: { cpu: 3 },
    });
    expect(gate.limit.cpu).toBeCloseTo(4.8);
    expect(attemptsOf(s, 'b')[0]!.code).toBe('no-capacity');
  });

  it('overcommit-factor below 1 falls back to 1.2', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [{ name: 'a', queue: 'q', minResources: { cpu: 4.5 }, resources: { cpu: 1 } }],
      scheduler: {
        actions: ['enqueue'],
        tiers: [{ plugins: [{ name: 'overcommit', arguments: { 'overcommit-factor': 0.5 } }] }],
      },
    }).snapshot(1);
    expect(phaseOf(s, 'a')).toBe('Inqueue');
  });

  it('proportion rejects a job whose minResources exceed the queue real capability', () => {
    const s = runVolcano({
      nodes: cluster.nodes,
      queues: [{ name: 'q', capability: { cpu: 2 } }],
      jobs: [{ name: 'a', queue: 'q', minResources: { cpu: 3 }, resources: { cpu: 3 } }],
      scheduler: { actions: ['enqueue'], tiers: [{ plugins: [{ name: 'proportion' }] }] },
    }).snapshot(1);
    expect(phaseOf(s, 'a')).toBe('Pending');
    const a = attemptsOf(s, 'a')[0]!;
    expect(a.code).toBe('over-limit');
    expect(
      (a.verdicts.find((v) => v.plugin === 'proportion')?.profileDetail as EnqueueGateDetail).limit.cpu,
    ).toBe(2);
  });

  it('a rejected job stays Pending and is tried again next session; the phase persists', () => {
    const sim = runVolcano({
      ...cluster,
      jobs: [
        {
          name: 'r',
          queue: 'q',
          phase: 'Running',
          runtime: '1500ms',
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 4 } }],
        },
        { name: 'a', queue: 'q', minResources: { cpu: 4 }, resources: { cpu: 4 } },
      ],
      scheduler: {
        actions: ['enqueue', 'allocate'],
        tiers: [{ plugins: [{ name: 'gang' }, { name: 'overcommit' }] }],
      },
      run: { sessions: 3 },
    });
    expect(phaseOf(sim.snapshot(1), 'a')).toBe('Pending');
    expect(phaseOf(sim.snapshot(2), 'a')).toBe('Pending');
    // r completes at 1.5 s, so at t=2s the node is free: a is admitted and bound.
    expect(phaseOf(sim.snapshot(3), 'a')).toBe('Running');
    expect(phaseOf(sim.snapshot(3), 'r')).toBe('Completed');
  });
});
