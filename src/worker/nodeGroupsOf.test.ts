import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine/scenario/parseScenario';
import type { Scenario } from '../engine/model/scenario';
import { jobPlacementsOf } from './jobPlacementsOf';
import { nodeGroupsOf } from './nodeGroupsOf';

function load(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.scenario;
}

const QUEUE = `queues:
  - { name: research, resources: { gpu: { quota: -1, limit: -1, overQuotaWeight: 1 } } }
`;

describe('nodeGroupsOf', () => {
  it('is null without pools or topologies (the map stays a plain grid)', () => {
    const s = load(`version: 1\nprofile: kai\nnodes:\n  - { name: n, resources: { gpu: 1 } }\n${QUEUE}`);
    expect(nodeGroupsOf(s)).toBeNull();
    expect(jobPlacementsOf(s)).toEqual({});
  });

  it('groups by the first topology above hostname, aliases as captions, null where a label is missing', () => {
    const s = load(`version: 1
profile: kai
topologies:
  - name: t
    levels:
      - { nodeLabel: zone }
      - { nodeLabel: rack, alias: r }
      - { nodeLabel: kubernetes.io/hostname }
nodes:
  - { name: n1, resources: { gpu: 1 }, labels: { zone: z1, rack: a } }
  - { name: n2, resources: { gpu: 1 }, labels: { zone: z1 } }
${QUEUE}jobs:
  - { name: j, queue: research, resources: { gpu: 1 }, topologyConstraint: { topology: t, requiredTopologyLevel: zone, preferredTopologyLevel: r } }
`);
    expect(nodeGroupsOf(s)).toEqual({
      captions: ['zone', 'r'],
      byNode: { n1: ['z1', 'a'], n2: ['z1', null] },
    });
    expect(jobPlacementsOf(s)).toEqual({
      j: { pool: null, topology: { name: 't', required: 'zone', preferred: 'r' } },
    });
  });

  it('groups by pool first, the unlabelled nodes in the implicit default pool', () => {
    const s = load(`version: 1
profile: kai
nodePools:
  - { name: big, partitionLabelValue: big }
nodes:
  - { name: n1, resources: { gpu: 1 }, labels: { kai.scheduler/node-pool: big } }
  - { name: n2, resources: { gpu: 1 } }
queues:
  - { name: research, nodePool: big, resources: { gpu: { quota: -1, limit: -1, overQuotaWeight: 1 } } }
jobs:
  - { name: j, queue: research, nodePool: big, resources: { gpu: 1 } }
`);
    expect(nodeGroupsOf(s)).toEqual({ captions: ['pool'], byNode: { n1: ['big'], n2: ['default'] } });
    expect(jobPlacementsOf(s)).toEqual({ j: { pool: 'big', topology: null } });
  });
});
