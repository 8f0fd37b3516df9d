/**
 * A GPU-memory task in the topology plugin counts no GPU (KAI pkg/scheduler/plugins/topology/job_filtering.go
 * :118-129, :455-467, :578 sum and compare `ResReqVector`, whose GPU entry is GpuRequirement.GPUs() = 0 for a
 * `gpu-memory` request, pod_info/pod_info.go:521-524, :576-577 @d5bc503): domains are ordered and fitted on
 * the other resources, and the node predicates decide the GPU.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runScenario } from '../../../../index';

const HEAD = `version: 1
name: memory task in topology
profile: kai
scheduler:
  actions: [allocate]
  tiers:
    - plugins: [{name: predicates}, {name: proportion}, {name: priority}, {name: elastic}, {name: nodeplacement}, {name: minruntime}, {name: topology}]
topologies:
  - name: t
    levels: [{nodeLabel: rack}]
queues:
  - name: q
    resources: {gpu: {quota: 8, limit: -1, overQuotaWeight: 1}}
run: {sessions: 1}
`;

function placed(body: string): Record<string, string | null> {
  const parsed = parseScenario(HEAD + body);
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  const session = runScenario(parsed.scenario).snapshot(1);
  return Object.fromEntries(session.tasks.map((t) => [t.name, t.status === 'Pending' ? null : t.node]));
}

describe('topology: a GPU-memory request counts no GPU', () => {
  // rack-a: 2 GPUs, 16 CPUs; rack-b: 4 GPUs, 8 CPUs. Counting only the CPU (1 of 16 vs 1 of 8), rack-b is
  // the fuller domain and bin-packing tries it first; counting 0.5 GPU too would make rack-a (0.5 of 2) fuller.
  const NODES = `nodes:
  - {name: node-a, resources: {gpu: 2, cpu: 16, gpuMemory: 1000}, labels: {rack: a}}
  - {name: node-b, resources: {gpu: 4, cpu: 8, gpuMemory: 1000}, labels: {rack: b}}
`;

  it('orders domains by the non-GPU resources of a memory task', () => {
    const got = placed(`${NODES}jobs:
  - name: j
    queue: q
    resources: {gpuMemory: 500, cpu: 1}
    topologyConstraint: {topology: t, requiredTopologyLevel: rack}
    tasks: 1
`);
    expect(Object.values(got)).toEqual(['node-b']);
  });

  it('still counts the GPU of a task requesting a GPU fraction (control)', () => {
    const got = placed(`${NODES}jobs:
  - name: j
    queue: q
    resources: {gpu: 0.5, cpu: 1}
    topologyConstraint: {topology: t, requiredTopologyLevel: rack}
    tasks: 1
`);
    expect(Object.values(got)).toEqual(['node-a']);
  });
});
