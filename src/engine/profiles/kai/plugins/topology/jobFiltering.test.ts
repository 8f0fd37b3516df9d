/**
 * Domains above the lowest common domain (KAI pkg/scheduler/plugins/topology/job_filtering.go:55-61, :369-387,
 * :505-538 @d5bc503): upstream counts free resources only from the lowest domain holding every node down, so a
 * required level above it has nothing free and the job waits; a job requesting nothing still fits there.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runScenario } from '../../../../index';

const HEAD = `version: 1
name: one rack
profile: kai
scheduler:
  actions: [allocate]
  tiers:
    - plugins: [{name: predicates}, {name: proportion}, {name: priority}, {name: elastic}, {name: nodeplacement}, {name: minruntime}, {name: topology}]
topologies:
  - name: t
    levels: [{nodeLabel: zone}, {nodeLabel: rack}]
nodes:
  - {name: node0, resources: {gpu: 2, cpu: 8}, labels: {zone: zone1, rack: rack1}}
  - {name: node1, resources: {gpu: 2, cpu: 8}, labels: {zone: zone1, rack: rack1}}
queues:
  - name: q
    resources: {gpu: {quota: 4, limit: -1, overQuotaWeight: 1}}
run: {sessions: 1}
jobs:
  - name: j
    queue: q
`;

function run(job: string) {
  const parsed = parseScenario(HEAD + job);
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  return runScenario(parsed.scenario).snapshot(1);
}

function statuses(job: string): string[] {
  const session = run(job);
  return session.tasks.filter((t) => t.job === 'j').map((t) => t.status);
}

describe('topology: a required level above the lowest common domain', () => {
  it('keeps a GPU gang requiring a zone pending when every node is in one rack, and says why', () => {
    const job = `    resources: {gpu: 1}
    topologyConstraint: {topology: t, requiredTopologyLevel: zone}
    tasks: 2
`;
    expect(statuses(job)).toEqual(['Pending', 'Pending']);
    const text = JSON.stringify(run(job).trace);
    expect(text).toContain(
      'zone \\"zone1\\" cannot hold the 2 tasks: it lies above rack \\"zone1.rack1\\", the lowest domain holding every node it may use',
    );
  });

  it('keeps a gang of GPU and CPU-only tasks pending too (the ratio test, not the pod count)', () => {
    const job = `    topologyConstraint: {topology: t, requiredTopologyLevel: zone}
    tasks: [{resources: {gpu: 1}}, {resources: {cpu: 1}}]
`;
    expect(statuses(job)).toEqual(['Pending', 'Pending']);
  });

  it('places the same gang when it requires the rack, the lowest common domain itself', () => {
    const job = `    resources: {gpu: 1}
    topologyConstraint: {topology: t, requiredTopologyLevel: rack}
    tasks: 2
`;
    expect(statuses(job)).toEqual(['Running', 'Running']);
  });

  it('places the gang when a preferred rack stops the common domain at the rack', () => {
    const job = `    resources: {gpu: 1}
    topologyConstraint: {topology: t, requiredTopologyLevel: zone, preferredTopologyLevel: rack}
    tasks: 2
`;
    expect(statuses(job)).toEqual(['Running', 'Running']);
  });

  it('places a gang that requests nothing (a ratio of 0 fits any domain)', () => {
    const job = `    topologyConstraint: {topology: t, requiredTopologyLevel: zone}
    tasks: 2
`;
    expect(statuses(job)).toEqual(['Running', 'Running']);
  });
});
