/**
 * The queue-capability checker reports a subtree over an ancestor's capability where work was placed, and
 * nothing on the engine's own run of the same tree (capacity refuses the placement that would break it).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../index';
import type { SessionSnapshot } from '../../../model/snapshot';
import { scenarioOf } from '../../../testing/scenarioTest';
import { capacityConfigured, checkVolcanoCapability } from './checkVolcanoCapability';
import type { Violation } from '../../../testing/property/invariants';
import { scenarioFacts } from '../../../testing/property/sessionFacts';

const tree = {
  profile: 'volcano',
  nodes: [{ name: 'n1', resources: { cpu: 8, memory: '8Gi', pods: 20 } }],
  queues: [
    { name: 'root' },
    { name: 'team', capability: { cpu: 3 } },
    { name: 'a', parent: 'team', deserved: { cpu: 2 } },
    { name: 'b', parent: 'team', deserved: { cpu: 2 } },
  ],
  jobs: [
    { name: 'ja', queue: 'a', minAvailable: 1, resources: { cpu: 1 }, tasks: 2 },
    { name: 'jb', queue: 'b', minAvailable: 1, resources: { cpu: 1 }, tasks: 2 },
  ],
  scheduler: {
    actions: ['enqueue', 'allocate'],
    tiers: [
      { plugins: [{ name: 'priority' }, { name: 'gang' }] },
      { plugins: [{ name: 'predicates' }, { name: 'capacity', enableHierarchy: true }] },
    ],
  },
  run: { sessions: 1 },
};

function firstSession(doc: Record<string, unknown>) {
  const scenario = scenarioOf(doc);
  const sim = createSimulation(scenario);
  sim.step();
  return { scenario, snap: sim.snapshot(1) };
}

describe('checkVolcanoCapability', () => {
  it('finds nothing in the engine’s run: the parent’s capability holds the children to 3 CPU', () => {
    const { scenario, snap } = firstSession(tree);
    expect(capacityConfigured(scenario, snap)).toBe(true);
    const running = snap.tasks.filter((t) => t.status === 'Running').length;
    expect(running).toBe(3);
    const out: Violation[] = [];
    checkVolcanoCapability(snap, scenarioFacts(scenario), out);
    expect(out).toEqual([]);
  });

  it('reports the ancestor whose capability a placement broke', () => {
    const { scenario, snap } = firstSession(tree);
    const pending = snap.tasks.find((t) => t.status === 'Pending');
    expect(pending).toBeDefined();
    const broken: SessionSnapshot = {
      ...snap,
      tasks: snap.tasks.map((t) => (t === pending ? { ...t, status: 'Running', node: 'n1' } : t)),
    };
    const out: Violation[] = [];
    checkVolcanoCapability(broken, scenarioFacts(scenario), out);
    expect(out).toHaveLength(1);
    expect(out[0]?.invariant).toBe('queue-capability');
    expect(out[0]?.message).toBe('queue team: Running+Pipelined cpu 4 of its subtree > capability 3');
  });

  it('judges only queues where work was placed, and only Volcano runs with capacity', () => {
    const { scenario, snap } = firstSession(tree);
    const over: SessionSnapshot = {
      ...snap,
      decisions: [],
      tasks: snap.tasks.map((t) => ({ ...t, status: 'Running', node: 'n1' })),
    };
    const out: Violation[] = [];
    checkVolcanoCapability(over, scenarioFacts(scenario), out);
    expect(out).toEqual([]);
    const proportion = firstSession({
      ...tree,
      queues: [{ name: 'q', capability: { cpu: 1 } }],
      jobs: [{ name: 'j', queue: 'q', resources: { cpu: 1 }, tasks: 1 }],
      scheduler: { actions: ['enqueue', 'allocate'], tiers: [{ plugins: [{ name: 'proportion' }] }] },
    });
    expect(capacityConfigured(proportion.scenario, proportion.snap)).toBe(false);
  });
});
