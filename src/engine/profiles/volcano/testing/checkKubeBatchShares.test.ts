/**
 * The kube-batch-shares checker reports shares that hand out more than the cluster or are not finite, and
 * nothing on the engine's own kube-batch session.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../index';
import type { SessionSnapshot } from '../../../model/snapshot';
import { scenarioOf } from '../../../testing/scenarioTest';
import { checkKubeBatchShares } from './checkKubeBatchShares';
import type { Violation } from '../../../testing/property/invariants';

const doc = {
  profile: 'kube-batch',
  nodes: [{ name: 'n1', resources: { cpu: 10, memory: '10Gi', pods: 20 } }],
  queues: [
    { name: 'a', weight: 1 },
    { name: 'b', weight: 3 },
  ],
  jobs: [
    { name: 'ja', queue: 'a', resources: { cpu: 2, memory: '8Gi' }, tasks: 2 },
    { name: 'jb', queue: 'b', resources: { cpu: 1, memory: '1Gi' }, tasks: 3 },
  ],
  scheduler: {
    actions: ['allocate'],
    tiers: [{ plugins: [{ name: 'gang' }] }, { plugins: [{ name: 'proportion' }] }],
  },
  run: { sessions: 1 },
};

function firstSession(): SessionSnapshot {
  const sim = createSimulation(scenarioOf(doc));
  sim.step();
  return sim.snapshot(1);
}

function check(snap: SessionSnapshot): Violation[] {
  const out: Violation[] = [];
  checkKubeBatchShares(snap, out);
  return out;
}

describe('checkKubeBatchShares', () => {
  it("finds nothing in the engine's own session, whose shares are not all zero", () => {
    const snap = firstSession();
    expect(snap.queues.some((q) => q.fairShare.cpu > 0)).toBe(true);
    expect(check(snap)).toEqual([]);
  });

  it('reports shares summing to more than the cluster, and a non-finite share', () => {
    const snap = firstSession();
    const queues = snap.queues.map((q) => ({ ...q, fairShare: { ...q.fairShare, cpu: 6 } }));
    expect(check({ ...snap, queues }).map((v) => v.message)).toEqual([
      "fair shares sum to 12 cpu, more than the cluster's 10",
    ]);
    const broken = snap.queues.map((q, i) =>
      i === 0 ? { ...q, fairShare: { ...q.fairShare, memory: Infinity } } : q,
    );
    expect(check({ ...snap, queues: broken }).map((v) => v.invariant)).toEqual(['kube-batch-shares']);
  });
});
