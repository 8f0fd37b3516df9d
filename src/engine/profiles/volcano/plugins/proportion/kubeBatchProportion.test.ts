import { describe, expect, it } from 'vitest';
import { runVolcano } from '../../testing';

const Gi = 2 ** 30;

/** q-a runs 2 CPU and 10Gi on a 10-CPU, 10Gi node; q-b waits with 1 CPU and 1Gi. */
function doc(profile: 'volcano' | 'kube-batch') {
  return {
    profile,
    nodes: [{ name: 'n1', resources: { cpu: 10, memory: '10Gi', pods: 110 } }],
    queues: [
      { name: 'q-a', weight: 1 },
      { name: 'q-b', weight: 1 },
    ],
    jobs: [
      {
        name: 'a',
        queue: 'q-a',
        phase: 'Running',
        tasks: [
          { status: 'Running', node: 'n1', resources: { cpu: 1, memory: '5Gi' } },
          { status: 'Running', node: 'n1', resources: { cpu: 1, memory: '5Gi' } },
        ],
      },
      { name: 'b', queue: 'q-b', phase: 'Inqueue', resources: { cpu: 1, memory: '1Gi' } },
    ],
    scheduler: {
      actions: ['allocate'],
      tiers: [{ plugins: [{ name: 'gang' }] }, { plugins: [{ name: 'proportion' }] }],
    },
  };
}

function fairShares(profile: 'volcano' | 'kube-batch'): Record<string, unknown> {
  const s = runVolcano(doc(profile)).snapshot(1);
  return Object.fromEntries(s.queues.map((q) => [q.name, q.fairShare]));
}

describe('proportion deserved share by dialect', () => {
  it("kube-batch: q-a's request (2 CPU, 10Gi) is never below its share in memory, so it keeps 9 CPU (proportion.go:133)", () => {
    // Round 1: 5 CPU, 5Gi each; q-b is met and cut to 1 CPU, 1Gi; round 2: q-a gets the 4 CPU, 4Gi back.
    expect(fairShares('kube-batch')).toEqual({
      'q-a': { gpu: 0, cpu: 9, memory: 9 * Gi },
      'q-b': { gpu: 0, cpu: 1, memory: Gi },
    });
  });

  it("volcano: q-a's deserved is clamped to its request per dimension", () => {
    const v = fairShares('volcano') as Record<string, { cpu: number; memory: number }>;
    expect(v['q-a']?.cpu).toBeCloseTo(2, 9);
    expect(v['q-a']?.memory).toBeCloseTo(9 * Gi, 0);
    expect(v['q-b']).toEqual({ gpu: 0, cpu: 1, memory: Gi });
  });
});

describe('kube-batch GPU total', () => {
  it('counts only the nodes that give a GPU number (a node that omits gpu lists none)', () => {
    const d = {
      profile: 'kube-batch',
      nodes: [
        { name: 'cpu-node', resources: { cpu: 10, memory: '10Gi', pods: 110 } },
        { name: 'gpu-node', resources: { gpu: 8, cpu: 10, memory: '10Gi', pods: 110 } },
      ],
      queues: [
        { name: 'q-a', weight: 1 },
        { name: 'q-b', weight: 1 },
      ],
      jobs: [
        { name: 'a', queue: 'q-a', phase: 'Inqueue', resources: { gpu: 8, cpu: 1, memory: '1Gi' } },
        { name: 'b', queue: 'q-b', phase: 'Inqueue', resources: { cpu: 1, memory: '1Gi' } },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'proportion' }] }] },
    };
    const s = runVolcano(d).snapshot(1);
    // Round 1: q-b is met (4 GPUs of share dropped by Min, never charged); q-a gets 10 CPU, 10Gi, 4 GPUs
    // and is not met (8 GPUs asked). Round 2: q-a alone gets 9 CPU, 9Gi and the 4 GPUs left: 8 = 8, so
    // still not met, and remaining is empty.
    const share = Object.fromEntries(s.queues.map((q) => [q.name, q.fairShare]));
    expect(share['q-a']).toEqual({ gpu: 8, cpu: 19, memory: 19 * Gi });
    expect(share['q-b']).toEqual({ gpu: 0, cpu: 1, memory: Gi });
  });
});
