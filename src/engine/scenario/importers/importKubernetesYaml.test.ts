import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../index';
import { parseScenario } from '../parseScenario';
import { importKubernetesYaml, looksLikeKubernetesYaml } from './importKubernetesYaml';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const NODE = `apiVersion: v1
kind: Node
metadata: {name: n0}
status: {allocatable: {nvidia.com/gpu: "8", cpu: "32", memory: 256Gi}}
`;

function imported(text: string) {
  const result = importKubernetesYaml(text);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result;
}

describe('importing KAI Queue CRDs', () => {
  it('maps parentQueue, quota/limit/overQuotaWeight per resource in KAI units, priority and min-runtimes', () => {
    const result = imported(fixture('kai-queues-list.yaml'));
    expect(result.scenario.profile).toBe('kai');
    expect(result.scenario.queues).toEqual([
      {
        name: 'department-1',
        priority: 100,
        resources: {
          gpu: { quota: 8, limit: -1, overQuotaWeight: 1 },
          cpu: { quota: -1, limit: -1, overQuotaWeight: 1 },
          memory: { quota: -1, limit: -1, overQuotaWeight: 1 },
        },
      },
      {
        name: 'team-a',
        parent: 'department-1',
        reclaimMinRuntime: '60s',
        // CPU millicores → cores, memory MB → bytes (reference/kai-scheduler.md §2.1).
        resources: {
          gpu: { quota: 4, limit: -1, overQuotaWeight: 1 },
          cpu: { quota: 16, limit: -1, overQuotaWeight: 1 },
          memory: { quota: 64e9, limit: -1, overQuotaWeight: 1 },
        },
      },
      {
        name: 'team-b',
        parent: 'department-1',
        preemptMinRuntime: '5m',
        resources: {
          gpu: { quota: 4, limit: 0, overQuotaWeight: 1 },
          cpu: { quota: -1, limit: -1, overQuotaWeight: 1 },
          memory: { quota: -1, limit: -1, overQuotaWeight: 1 },
        },
      },
    ]);
  });

  it('applies the CRD’s missing defaults and says so; lists every field it could not map', () => {
    const result = imported(fixture('kai-queues-list.yaml'));
    expect(result.notes).toContain(
      "Queue/team-b: spec.resources.gpu.limit is omitted; the CRD's 0 blocks GPUs for this queue (write -1 for no limit).",
    );
    expect(result.unmapped).toEqual([
      { document: 'Queue/department-1', field: 'metadata.labels.owner' },
      { document: 'Queue/team-a', field: 'status', reason: 'observed state: the simulator computes its own' },
    ]);
    expect(result.text).toContain('# Not mapped: Queue/department-1 metadata.labels.owner');
  });

  it('with nodes, the imported queues form a scenario that parses and runs', () => {
    const result = imported(`${fixture('kai-queues-list.yaml')}\n---\n${NODE}`);
    const parsed = parseScenario(result.text);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
  });
});

describe('importing KAI workloads and scheduler configuration', () => {
  const result = imported(
    `${fixture('kai-workload.yaml')}\n---\n${fixture('kai-queues-list.yaml').replace('limit: -1}\n        cpu: {quota: -1', 'limit: -1}\n        cpu: {quota: -1')}`,
  );

  it('turns a PodGroup and its Pods into one gang job, a lone Pod into a job, GPU fractions from the annotation', () => {
    const jobs = result.scenario.jobs as Record<string, unknown>[];
    expect(jobs.find((j) => j.name === 'pg-train')).toEqual({
      name: 'pg-train',
      namespace: 'research',
      queue: 'team-a',
      minAvailable: 2,
      priorityClassName: 'train',
      tasks: [
        { name: 'train-0', resources: { gpu: 2, cpu: 4, memory: 16 * 2 ** 30 } },
        { name: 'train-1', resources: { gpu: 2, cpu: 4, memory: 16 * 2 ** 30 } },
      ],
    });
    expect(jobs.find((j) => j.name === 'notebook')).toMatchObject({
      queue: 'team-b',
      priorityClassName: 'build',
      tasks: [{ name: 'notebook', resources: { gpu: 0.5 } }],
    });
  });

  it('reads nodes from allocatable and the KAI scheduler ConfigMap’s actions and tiers', () => {
    expect(result.scenario.nodes).toEqual([
      {
        name: 'gpu-node-0',
        resources: { cpu: 63.5, memory: 500 * 2 ** 30, gpu: 8, pods: 110 },
        labels: { 'nvidia.com/gpu.product': 'A100' },
      },
    ]);
    expect(result.scenario.scheduler).toMatchObject({
      actions: 'allocate, consolidation, reclaim, preempt, stalegangeviction',
    });
    expect(result.unmapped).toContainEqual({
      document: 'ConfigMap/scheduler-config',
      field: 'data.config.yaml → queueDepthPerAction',
      reason: 'no simulator equivalent',
    });
    expect(result.unmapped).toContainEqual({
      document: 'Node/gpu-node-0',
      field: 'status',
      reason: 'observed state: the simulator computes its own',
    });
    expect(result.unmapped).toContainEqual({
      document: 'PodGroup/pg-train',
      field: 'spec.markUnschedulable',
    });
    expect(result.unmapped).toContainEqual({ document: 'Pod/train-0', field: 'metadata.labels.app' });
    // The GPU limit is read (it must equal the request, podResources.ts), so it is not listed.
    expect(result.unmapped).not.toContainEqual({
      document: 'Pod/train-0',
      field: 'spec.containers.0.resources.limits.nvidia.com/gpu',
    });
  });

  it('runs', () => {
    const parsed = parseScenario(result.text);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    if (!parsed.ok) return;
    const sim = createSimulation(parsed.scenario);
    sim.step();
    expect(sim.snapshot(1).decisions.filter((d) => d.kind === 'bind').length).toBeGreaterThan(0);
  });
});

describe('importing Volcano documents', () => {
  const result = imported(fixture('volcano-scheduler-configmap.yaml'));

  it('maps the ConfigMap’s actions string and tiers with flags, the Queue and the Job with replicas', () => {
    expect(result.scenario.profile).toBe('volcano');
    expect(result.scenario.scheduler).toMatchObject({ actions: 'enqueue, allocate, backfill' });
    expect(result.scenario.queues).toEqual([
      {
        name: 'research',
        weight: 2,
        reclaimable: true,
        capability: { cpu: 32, memory: 128 * 2 ** 30, gpu: 8 },
        guarantee: { gpu: 2 },
      },
    ]);
    const [job] = result.scenario.jobs as Record<string, unknown>[];
    expect(job).toMatchObject({
      name: 'mpi',
      queue: 'research',
      minAvailable: 3,
      annotations: { 'sla-waiting-time': '1h' },
    });
    expect((job?.tasks as { name: string }[]).map((t) => t.name)).toEqual([
      'mpi-master-0',
      'mpi-worker-0',
      'mpi-worker-1',
    ]);
    expect(result.unmapped).toContainEqual({
      document: 'Queue/research',
      field: 'spec.affinity.nodeGroupAffinity.requiredDuringSchedulingIgnoredDuringExecution',
    });
    expect(result.unmapped).toContainEqual({ document: 'Job/mpi', field: 'spec.plugins.ssh' });
  });

  it('parses as a volcano scenario (whether it runs depends on the engine’s volcano profile)', () => {
    const parsed = parseScenario(result.text);
    expect(parsed.ok ? [] : parsed.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  });
});

describe('what is not Kubernetes YAML', () => {
  it('is told apart from a scenario', () => {
    expect(looksLikeKubernetesYaml(fixture('kai-queues-list.yaml'))).toBe(true);
    expect(looksLikeKubernetesYaml('version: 1\nnodes: []\nqueues: []\n')).toBe(false);
  });

  it('gives clear errors for broken YAML, nameless objects and unknown kinds', () => {
    expect(importKubernetesYaml('apiVersion: v1\nkind: Pod\nmetadata: {name: [}\n')).toMatchObject({
      ok: false,
    });
    expect(importKubernetesYaml('apiVersion: v1\nkind: Pod\nspec: {}\n')).toEqual({
      ok: false,
      errors: ['document 1: metadata.name is missing'],
    });
    expect(
      importKubernetesYaml('apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n'),
    ).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('No document could be imported')],
    });
  });
});

describe('importing the fields the exporter also writes (as a cluster holds them)', () => {
  const result = imported(`apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch-low}
value: 10
preemptionPolicy: Never
description: background work
---
apiVersion: scheduling.volcano.sh/v1beta1
kind: Queue
metadata: {name: closed}
spec: {weight: 1, priority: 3}
status: {state: Closed}
---
apiVersion: scheduling.volcano.sh/v1beta1
kind: PodGroup
metadata: {name: pg, annotations: {sla-waiting-time: 10m}}
spec: {queue: closed, minMember: 1, priorityClassName: batch-low}
status: {phase: Inqueue}
---
apiVersion: v1
kind: Pod
metadata:
  name: p0
  labels: {volcano.sh/preemptable: "false", kai.scheduler/task-priority: "4"}
  annotations: {scheduling.k8s.io/group-name: pg}
spec:
  priority: 10
  preemptionPolicy: Never
  containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]
status: {phase: Pending}
`);

  it('maps PriorityClass, the queue’s priority and state, the PodGroup’s phase and sla annotation, pod policies', () => {
    expect(result.scenario.priorityClasses).toEqual([
      { name: 'batch-low', value: 10, preemptionPolicy: 'Never' },
    ]);
    expect(result.scenario.queues).toEqual([{ name: 'closed', weight: 1, priority: 3, state: 'Closed' }]);
    expect(result.scenario.jobs).toEqual([
      {
        name: 'pg',
        queue: 'closed',
        minAvailable: 1,
        priorityClassName: 'batch-low',
        annotations: { 'sla-waiting-time': '10m' },
        phase: 'Inqueue',
        tasks: [
          {
            name: 'p0',
            resources: { cpu: 1 },
            priority: 4,
            preemptionPolicy: 'Never',
            preemptable: false,
          },
        ],
      },
    ]);
    // Fields read from status count as mapped; nothing else was left out.
    expect(result.unmapped).toEqual([]);
    const parsed = parseScenario(result.text);
    expect(parsed.ok ? [] : parsed.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  });
});

describe('what is listed as not mapped', () => {
  it('an empty top-level section (a Node’s spec: {}) is not listed; an empty mapping deeper down is', () => {
    const result = importKubernetesYaml(
      [
        'apiVersion: v1',
        'kind: Node',
        'metadata: {name: n0}',
        'spec: {}',
        'status: {allocatable: {nvidia.com/gpu: "8"}}',
        'extra: {volume: {emptyDir: {}}}',
      ].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.unmapped).toEqual([{ document: 'Node/n0', field: 'extra.volume.emptyDir' }]);
  });
});
