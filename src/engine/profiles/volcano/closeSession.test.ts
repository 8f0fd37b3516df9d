import { describe, expect, it } from 'vitest';
import { phaseOf, runVolcano } from './testing';

describe('PodGroup phases persist across sessions', () => {
  it('Pending → Inqueue (enqueue, after allocate ran) → Running (next session)', () => {
    const sim = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 2, memory: '4Gi', pods: 10 } }],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'j', queue: 'q', minAvailable: 1, resources: { cpu: 1 } }],
      scheduler: { actions: ['allocate', 'enqueue'], tiers: [{ plugins: [{ name: 'gang' }] }] },
      run: { sessions: 2 },
    });
    expect(phaseOf(sim.snapshot(1), 'j')).toBe('Inqueue');
    expect(phaseOf(sim.snapshot(2), 'j')).toBe('Running');
  });

  it('a running job that gang finds not ready becomes Unknown', () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 1, memory: '4Gi', pods: 10 } }],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          phase: 'Running',
          minAvailable: 2,
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 1 } }, { resources: { cpu: 1 } }],
        },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'gang' }] }] },
    }).snapshot(1);
    expect(phaseOf(s, 'j')).toBe('Unknown');
  });

  it('the runner reports jobs[].phase and expectations check it', () => {
    const sim = runVolcano({
      nodes: [],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'j', queue: 'q', phase: 'Inqueue' }],
      scheduler: { actions: ['enqueue'], tiers: [{ plugins: [{ name: 'gang' }] }] },
    });
    expect(sim.snapshot(1).jobs.map((j) => [j.name, j.phase])).toEqual([['j', 'Inqueue']]);
  });
});
