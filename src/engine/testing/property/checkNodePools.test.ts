/** The node-pool placement check reports a task on another pool's node, and only that. */
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../model/snapshot';
import { scenarioOf } from '../scenarioTest';
import { checkNodePoolPlacement, nodePoolIndex } from './checkNodePools';
import type { Violation } from './invariants';

const scenario = scenarioOf({
  nodePools: [{ name: 'a', partitionLabelValue: 'a' }],
  nodes: [
    { name: 'na', resources: { gpu: 1 }, labels: { 'kai.scheduler/node-pool': 'a' } },
    { name: 'nd', resources: { gpu: 1 } },
  ],
  queues: [{ name: 'qa', nodePool: 'a' }, { name: 'qd' }],
  jobs: [
    { name: 'ja', queue: 'qa', nodePool: 'a', resources: { gpu: 1 } },
    { name: 'jd', queue: 'qd', resources: { gpu: 1 } },
  ],
});

function snapshot(places: Record<string, string | null>): SessionSnapshot {
  return {
    index: 1,
    tasks: Object.entries(places).map(([name, node]) => ({
      name,
      job: name.slice(0, 2),
      status: node === null ? 'Pending' : 'Running',
      node,
      gpus: [],
    })),
  } as unknown as SessionSnapshot;
}

describe('node-pool-placement', () => {
  const index = nodePoolIndex(scenario);

  it('accepts tasks on nodes of their own pool', () => {
    const v: Violation[] = [];
    checkNodePoolPlacement(index, snapshot({ 'ja-0': 'na', 'jd-0': 'nd' }), v);
    expect(v).toEqual([]);
  });

  it('reports a task on a node of another pool', () => {
    const v: Violation[] = [];
    checkNodePoolPlacement(index, snapshot({ 'ja-0': 'nd', 'jd-0': null }), v);
    expect(v.map((x) => x.invariant)).toEqual(['node-pool-placement']);
    expect(v[0]?.message).toContain('ja-0');
  });

  it('has nothing to check without pools', () => {
    expect(nodePoolIndex(scenarioOf({ nodes: [], queues: [{ name: 'q' }] }))).toBeNull();
  });
});
