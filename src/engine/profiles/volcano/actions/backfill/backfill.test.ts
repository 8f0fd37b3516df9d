import { describe, expect, it } from 'vitest';
import { runVolcano } from '../../testing';

describe('backfill', () => {
  it('places BestEffort tasks (no cpu, memory or GPU request) that allocate leaves out, without a statement', () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 1, memory: '1Gi', pods: 3 } }],
      queues: [{ name: 'q' }],
      jobs: [
        { name: 'be', queue: 'q', phase: 'Inqueue', minAvailable: 1, tasks: 2 },
        { name: 'full', queue: 'q', phase: 'Inqueue', resources: { cpu: 1 } },
      ],
      scheduler: {
        actions: ['allocate', 'backfill'],
        tiers: [{ plugins: [{ name: 'gang' }, { name: 'predicates' }] }],
      },
    }).snapshot(1);
    expect(s.decisions.map((d) => `${d.action}:${d.task}`)).toEqual([
      'allocate:full-0',
      'backfill:be-0',
      'backfill:be-1',
    ]);
  });

  it('still needs a pod slot: the pods scalar counts for BestEffort tasks too', () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 1, memory: '1Gi', pods: 1 } }],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'be', queue: 'q', phase: 'Inqueue', minAvailable: 1, tasks: 2 }],
      scheduler: { actions: ['backfill'], tiers: [{ plugins: [{ name: 'gang' }, { name: 'predicates' }] }] },
    }).snapshot(1);
    expect(s.decisions.map((d) => d.task)).toEqual(['be-0']);
  });
});
