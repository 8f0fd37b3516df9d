/**
 * Nodes without GPUs (decision 0345). A real Node that lists its resources without nvidia.com/gpu has none
 * (KAI's NodeInfo takes status.allocatable as it is, node_info.go:105 @d5bc503): imported, it is `gpu: 0`,
 * no longer a node of unbounded GPUs (§3) that took every GPU job. A Running GPU-memory task on such a node
 * cannot happen upstream and is refused at its `node` with the line.
 */
import { describe, expect, it } from 'vitest';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { parseScenario, runScenario } from '../../index';
import { scenarioOf } from '../../testing/scenarioTest';
import { importKubernetesYaml } from './importKubernetesYaml';

const CLUSTER = [
  'apiVersion: scheduling.run.ai/v2',
  'kind: Queue',
  'metadata: {name: q}',
  'spec: {resources: {gpu: {quota: -1, limit: -1, overQuotaWeight: 1}}}',
  '---',
  'apiVersion: v1',
  'kind: Node',
  'metadata: {name: cpu0}',
  'status: {allocatable: {cpu: 8, memory: 32Gi, pods: 110}}',
  '---',
  'apiVersion: v1',
  'kind: Pod',
  'metadata: {name: p0, labels: {kai.scheduler/queue: q}}',
  'spec: {schedulerName: kai-scheduler, containers: [{name: c, image: x, resources: {limits: {nvidia.com/gpu: 1}}}]}',
  'status: {phase: Pending}',
].join('\n');

describe('importing a node without nvidia.com/gpu', () => {
  it('gives it no GPUs, so a GPU pod stays pending (before: placed on the CPU node)', () => {
    const r = importKubernetesYaml(CLUSTER);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    expect(p.scenario.nodes.map((n) => [n.name, n.resources.gpu, n.resources.cpu])).toEqual([['cpu0', 0, 8]]);
    expect(r.notes).toContain(
      '1 node(s) list their resources without nvidia.com/gpu: they have no GPUs (gpu: 0).',
    );
    const tasks = runScenario(p.scenario).snapshot(1).tasks;
    expect(tasks.map((t) => [t.name, t.status])).toEqual([['p0', 'Pending']]);
  });

  it("keeps a lab export's unbounded gpu unbounded: the round trip stays exact", () => {
    const s = scenarioOf({
      profile: 'kai',
      nodes: [{ name: 'n0', resources: { cpu: 8 } }],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'j', queue: 'q', resources: { gpu: 3 }, tasks: [{ status: 'Running', node: 'n0' }] }],
    });
    const back = importKubernetesYaml(exportKubernetesYaml(s));
    if (!back.ok) throw new Error(back.errors.join('\n'));
    const again = parseScenario(back.text);
    if (!again.ok) throw new Error(again.errors.map((e) => e.message).join('\n'));
    expect(again.scenario.nodes).toEqual(s.nodes);
    expect(again.scenario.nodes[0]?.resources.gpu).toBe(Infinity);
  });
});

describe('a Running GPU-memory task on a node with no GPUs', () => {
  it("is refused at the task's node, with its line", () => {
    const text = [
      'version: 1',
      'name: gpuless',
      'profile: kai',
      'nodes:',
      '  - {name: a, resources: {gpu: 2, gpuMemory: 40000}}',
      '  - {name: b, resources: {gpu: 0, cpu: 8}}',
      'queues:',
      '  - {name: q}',
      'jobs:',
      '  - {name: j, queue: q, tasks: [{status: Running, node: b, resources: {gpuMemory: 1000}}]}',
    ].join('\n');
    const p = parseScenario(text);
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.errors.map((e) => [e.path, e.line])).toEqual([['jobs[0].tasks[0].node', 10]]);
    expect(p.errors[0]?.message).toContain('need 0.025 GPU but the node has 0 GPU');
  });
});
