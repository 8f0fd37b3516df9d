/**
 * Gang's releasing-pod rule in a whole session (decision 0229): a running job that loses a pod to preempt
 * has that pod Releasing on its node at session close; with nothing Pending it keeps its phase instead of
 * getting the Unschedulable condition (which turns a running PodGroup Unknown).
 */
import { describe, expect, it } from 'vitest';
import { evicted, phaseOf, runVolcano } from '../../testing';

describe('gang: a releasing pod still counts toward minAvailable at session close', () => {
  it('the victim job stays Running, not Unknown, while its evicted pod terminates', () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 2, memory: '4Gi', pods: 10 } }],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'low',
          queue: 'q',
          priority: 1,
          phase: 'Running',
          minAvailable: 2,
          resources: { cpu: 1 },
          tasks: [
            { name: 'low-0', status: 'Running', node: 'n1' },
            { name: 'low-1', status: 'Running', node: 'n1' },
          ],
        },
        { name: 'high', queue: 'q', priority: 100, phase: 'Inqueue', resources: { cpu: 1 } },
      ],
      scheduler: {
        actions: ['allocate', 'preempt'],
        tiers: [
          { plugins: [{ name: 'priority' }, { name: 'gang', enablePreemptable: false }] },
          { plugins: [{ name: 'predicates' }, { name: 'proportion' }, { name: 'nodeorder' }] },
        ],
      },
    }).snapshot(1);
    expect(evicted(s)).toHaveLength(1);
    expect(phaseOf(s, 'low')).toBe('Running');
  });
});
