import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import { runDocument } from '../../simulation/runOutput';
import { importKubernetesYaml } from '../importers/importKubernetesYaml';
import { encodeLabValue, LAB_CONFIGMAP, LAB_PREFIX } from '../importers/labCarrier';
import { formatIssue, parseScenario } from '../parseScenario';
import { exportKubernetesYaml } from './exportKubernetesYaml';
import { formatKubernetesQuantity } from './formatKubernetesQuantity';

type Data = Record<string, unknown>;

function parse(text: string): Scenario {
  const result = parseScenario(text);
  if (!result.ok) throw new Error(result.errors.map(formatIssue).join('\n'));
  return result.scenario;
}

const documents = (text: string): Data[] => parseAllDocuments(text).map((d) => d.toJS() as Data);
const find = (docs: Data[], kind: string, name: string): Data | undefined =>
  docs.find((d) => d.kind === kind && (d.metadata as Data).name === name);

function trace(s: Scenario): string {
  const sim = runScenario(s);
  return JSON.stringify(
    runDocument(
      s,
      Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1)),
    ),
  );
}

function roundTrip(s: Scenario): { back: Scenario; unmapped: unknown[] } {
  const imported = importKubernetesYaml(exportKubernetesYaml(s));
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  return { back: parse(imported.text), unmapped: imported.unmapped };
}

const withoutLines = (s: Scenario): Scenario => ({
  ...s,
  expect: s.expect.map((c) => ({ ...c, line: null })),
});

/** Every field the carrier exists for, on profile kai. */
const KAI = `version: 1
name: "Every field: kai"
description: |
  Lesson text with **markdown**, "quotes" and a colon: here.
profile: kai
x-resolve: {victimQueue: team-a}
priorityClasses:
  - {name: urgent, value: 500, preemptionPolicy: Never}
  - {name: train, value: 40}
scheduler:
  schedulePeriod: 5s
  maxConsolidationPreemptees: 4
  stalenessGracePeriod: 30s
  tiers:
    - plugins:
        - {name: predicates}
        - {name: proportion, arguments: {kValue: "1.5"}}
        - {name: priority}
        - {name: elastic}
        - {name: nodeplacement}
        - {name: minruntime, arguments: {defaultReclaimMinRuntime: 30s, reclaimResolveMethod: lca}}
nodes:
  - {name: a, count: 2, resources: {gpu: 8, cpu: 64, memory: 512Gi, pods: 110}, labels: {zone: z1}}
queues:
  - name: dept
    resources: {gpu: {quota: 16}, cpu: {quota: 0.3, limit: 96}, memory: {quota: 16Gi, limit: 8502340743736}}
  - {name: team-a, parent: dept, priority: 50, preemptMinRuntime: 2m, reclaimMinRuntime: -1s, weight: 3,
     capability: {gpu: 4}, reclaimable: false,
     resources: {gpu: {quota: 8, limit: 12, overQuotaWeight: 2}, memory: {quota: 1.5}}}
  - {name: team-b, parent: dept}
jobs:
  - name: running
    queue: team-a
    priorityClassName: train
    submitAt: -5m
    startedAt: -3m
    runtime: 10m
    annotations: {owner: alice, sla-waiting-time: 1h}
    tasks:
      - {name: r-0, resources: {gpu: 2, cpu: 500m, memory: 3Gi}, status: Running, node: a-0, priority: 7,
         labels: {app: trainer}, nodeSelector: {zone: z1}, preemptionPolicy: Never}
      - {resources: {gpu: 0.25}, status: Running, node: a-1}
  - {name: raw, queue: team-b, priority: 42, preemptibility: non-preemptible, tasks: 3, resources: {gpu: 1}}
  - {name: urgent, queue: team-b, priorityClassName: urgent, priority: 7, minAvailable: 1, tasks: 2}
  - {name: empty, queue: team-b, tasks: 0}
events:
  - {at: 10s, submit: {name: late, queue: team-b, tasks: 1, resources: {gpu: 1}}}
  - {at: 20s, addNode: {name: extra, resources: {gpu: 2}}}
  - {at: 30s, updateQueue: {name: team-b, priority: 10}}
  - {at: 40s, updateConfig: {schedulePeriod: 10s}}
run: {until: 2m, maxSessions: 500}
expect:
  - {session: 1, tasks: {r-0: Running}}
`;

/** Every field the carrier exists for, on profile volcano. */
const VOLCANO = `version: 1
name: Every field, volcano
profile: volcano
priorityClasses: [{name: high, value: 1000}]
nodes: [{name: n, resources: {gpu: 4, cpu: 16, memory: 64Gi}}]
queues:
  - {name: q1, weight: 2, priority: 5, capability: {gpu: 4, cpu: 8}, deserved: {gpu: 2}, guarantee: {gpu: 1},
     reclaimable: false}
  - {name: q2, state: Closed}
jobs:
  - {name: j1, queue: q1, priorityClassName: high, phase: Inqueue, minResources: {gpu: 2, cpu: 1},
     annotations: {sla-waiting-time: 5m, volcano.sh/sla-waiting-time: 6m},
     tasks: [{name: j1-a, resources: {gpu: 1}, preemptable: false}, {name: j1-b, resources: {gpu: 1}, priority: 3}]}
  - {name: j2, queue: q2, tasks: 1, resources: {cpu: 1}}
run: {sessions: 3}
`;

describe('exporting a kai scenario', () => {
  const original = parse(KAI);
  const text = exportKubernetesYaml(original);
  const docs = documents(text);

  it('writes KAI Queues in KAI units, with every resource in full (the CRD has no defaults)', () => {
    const dept = find(docs, 'Queue', 'dept');
    expect(dept).toMatchObject({ apiVersion: 'scheduling.run.ai/v2' });
    expect((dept?.spec as Data).resources).toEqual({
      gpu: { quota: 16, limit: -1, overQuotaWeight: 1 },
      // 0.3 cores = 300 millicores; 16Gi = 17179.869184 MB.
      cpu: { quota: 300, limit: 96000, overQuotaWeight: 1 },
      memory: { quota: 17179.869184, limit: 8502340743736 / 1e6, overQuotaWeight: 1 },
    });
    // 8502340.743736 MB is not exactly 8502340743736 bytes in floating point: the exact amounts travel too.
    expect(
      JSON.parse(
        (dept?.metadata as { annotations: Data }).annotations['preemption-lab.dev/resources'] as string,
      ),
    ).toMatchObject({
      memory: { quota: 16 * 2 ** 30, limit: 8502340743736 },
    });
    expect(find(docs, 'Queue', 'team-a')).toMatchObject({
      spec: { parentQueue: 'dept', priority: 50, preemptMinRuntime: '2m0s', reclaimMinRuntime: '-1s' },
      metadata: {
        annotations: {
          'preemption-lab.dev/weight': '3',
          'preemption-lab.dev/capability': '{"gpu":4}',
          'preemption-lab.dev/reclaimable': 'false',
        },
      },
    });
  });

  it('writes the scheduler ConfigMap, the custom PriorityClasses, Nodes, PodGroups and Pods', () => {
    const config = find(docs, 'ConfigMap', 'scheduler-config');
    expect(config?.metadata).toMatchObject({
      annotations: {
        'preemption-lab.dev/schedulePeriod': '5s',
        'preemption-lab.dev/maxConsolidationPreemptees': '4',
        'preemption-lab.dev/stalenessGracePeriod': '30s',
      },
    });
    expect((config?.data as Data)['config.yaml']).toContain(
      'actions: "allocate, consolidation, reclaim, preempt, stalegangeviction"',
    );
    expect((config?.data as Data)['config.yaml']).toContain('reclaimResolveMethod: lca');
    expect(docs.filter((d) => d.kind === 'PriorityClass')).toEqual([
      expect.objectContaining({ metadata: { name: 'train' }, value: 40 }),
      expect.objectContaining({ metadata: { name: 'urgent' }, value: 500, preemptionPolicy: 'Never' }),
    ]);
    expect(find(docs, 'Node', 'a-1')).toMatchObject({
      metadata: { labels: { zone: 'z1' } },
      status: { allocatable: { 'nvidia.com/gpu': '8', cpu: '64', memory: '512Gi', pods: '110' } },
    });
    expect(find(docs, 'PodGroup', 'running')).toMatchObject({
      apiVersion: 'scheduling.run.ai/v2alpha2',
      metadata: {
        annotations: {
          'sla-waiting-time': '1h',
          'preemption-lab.dev/submitAt': '-5m0s',
          'preemption-lab.dev/startedAt': '-3m0s',
          'preemption-lab.dev/runtime': '10m0s',
        },
      },
      spec: { queue: 'team-a', minMember: 2, priorityClassName: 'train' },
    });
    expect(find(docs, 'PodGroup', 'raw')).toMatchObject({
      metadata: { annotations: { 'preemption-lab.dev/priority': '42' } },
      spec: { preemptibility: 'non-preemptible' },
    });
    expect(find(docs, 'Pod', 'r-0')).toMatchObject({
      metadata: {
        labels: { 'kai.scheduler/queue': 'team-a', 'kai.scheduler/task-priority': '7' },
        annotations: { 'pod-group-name': 'running', 'preemption-lab.dev/labels': '{"app":"trainer"}' },
      },
      spec: {
        nodeName: 'a-0',
        priorityClassName: 'train',
        preemptionPolicy: 'Never',
        nodeSelector: { zone: 'z1' },
        containers: [{ resources: { requests: { 'nvidia.com/gpu': '2', cpu: '500m', memory: '3Gi' } } }],
      },
      status: { phase: 'Running' },
    });
    // KAI reads the task's own priority from its label; the pod's priority comes from its class.
    expect((find(docs, 'Pod', 'r-0')?.spec as Data).priority).toBeUndefined();
    expect(find(docs, 'Pod', 'running-1')).toMatchObject({
      metadata: { annotations: { 'gpu-fraction': '0.25' } },
    });
  });

  it('imports back with nothing unmapped, to the same scenario and the same trace', () => {
    const { back, unmapped } = roundTrip(original);
    expect(unmapped).toEqual([]);
    expect(withoutLines(back)).toEqual(withoutLines(original));
    expect(trace(back)).toBe(trace(original));
  });

  it('still imports and runs as a real cluster would hand it over: without the carrier', () => {
    const stripped = docs
      .filter((d) => (d.metadata as Data).name !== LAB_CONFIGMAP)
      .map((d) => {
        const metadata = d.metadata as Data;
        const annotations = metadata.annotations as Data | undefined;
        if (annotations !== undefined)
          for (const key of Object.keys(annotations)) if (key.startsWith(LAB_PREFIX)) delete annotations[key];
        if (annotations !== undefined && Object.keys(annotations).length === 0) delete metadata.annotations;
        return d;
      });
    const imported = importKubernetesYaml(stripped.map((d) => JSON.stringify(d)).join('\n---\n'));
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    expect(imported.unmapped).toEqual([]);
    expect(imported.scenario.name).toBe('Imported from Kubernetes YAML');
    const back = parse(imported.text);
    expect(back.queues.map((q) => q.name)).toEqual(['dept', 'team-a', 'team-b']);
    expect(back.jobs.find((j) => j.name === 'running')?.tasks.map((t) => t.status)).toEqual([
      'Running',
      'Running',
    ]);
    expect(runScenario(back).sessionCount()).toBeGreaterThan(0);
  });
});

describe('exporting a volcano and a kube-batch scenario', () => {
  it('writes Volcano Queues, PodGroup phase and minResources, the preemptable label; round-trips', () => {
    const original = parse(VOLCANO);
    const text = exportKubernetesYaml(original);
    const docs = documents(text);
    expect(find(docs, 'Queue', 'q1')).toMatchObject({
      apiVersion: 'scheduling.volcano.sh/v1beta1',
      spec: {
        weight: 2,
        priority: 5,
        reclaimable: false,
        capability: { 'nvidia.com/gpu': '4', cpu: '8' },
        deserved: { 'nvidia.com/gpu': '2' },
        guarantee: { resource: { 'nvidia.com/gpu': '1' } },
      },
    });
    // KAI's min-runtimes and quotas are refused on Volcano (decision 0222), so nothing is carried for them.
    expect(JSON.stringify(find(docs, 'Queue', 'q1'))).not.toContain('MinRuntime');
    expect(find(docs, 'Queue', 'q2')).toMatchObject({ status: { state: 'Closed' } });
    expect(find(docs, 'PodGroup', 'j1')).toMatchObject({
      metadata: { annotations: { 'sla-waiting-time': '5m', 'volcano.sh/sla-waiting-time': '6m' } },
      spec: { minResources: { 'nvidia.com/gpu': '2', cpu: '1' } },
      status: { phase: 'Inqueue' },
    });
    expect(find(docs, 'Pod', 'j1-a')).toMatchObject({
      metadata: {
        labels: { 'volcano.sh/preemptable': 'false' },
        annotations: { 'scheduling.k8s.io/group-name': 'j1' },
      },
      spec: { schedulerName: 'volcano', priorityClassName: 'high' },
    });
    expect(find(docs, 'Pod', 'j1-b')).toMatchObject({ spec: { priority: 3 } });
    expect(
      (find(docs, 'ConfigMap', 'volcano-scheduler-configmap')?.data as Data)['volcano-scheduler.conf'],
    ).toContain('actions: "enqueue, allocate, backfill"');
    const { back, unmapped } = roundTrip(original);
    expect(unmapped).toEqual([]);
    expect(withoutLines(back)).toEqual(withoutLines(original));
    expect(trace(back)).toBe(trace(original));
  });

  it('kube-batch uses the Volcano shapes; the carrier keeps the profile', () => {
    // kube-batch reads a queue's weight only; the other Volcano queue fields are refused (decision 0250).
    const original = parse(
      VOLCANO.replace('profile: volcano', 'profile: kube-batch')
        .replace(/phase: Inqueue, /, '')
        .replace(/queues:\n[\s\S]*?\njobs:/, 'queues:\n  - {name: q1, weight: 2}\n  - {name: q2}\njobs:'),
    );
    const { back } = roundTrip(original);
    expect(back.profile).toBe('kube-batch');
    expect(withoutLines(back)).toEqual(withoutLines(original));
    expect(trace(back)).toBe(trace(original));
  });
});

describe('the carrier’s pieces', () => {
  it('writes a value plainly when it reads back as itself, as JSON otherwise', () => {
    expect(encodeLabValue('5m0s')).toBe('5m0s');
    expect(encodeLabValue('-1s')).toBe('-1s');
    expect(encodeLabValue(42)).toBe('42');
    expect(encodeLabValue('42')).toBe('"42"');
    expect(encodeLabValue('true')).toBe('"true"');
    expect(encodeLabValue({ a: 'b: c' })).toBe('{"a":"b: c"}');
  });

  it('spells quantities the Kubernetes way, always reading back exactly', () => {
    expect(formatKubernetesQuantity('cpu', 0.5)).toBe('500m');
    expect(formatKubernetesQuantity('cpu', 1 / 3)).toBe(String(1 / 3));
    expect(formatKubernetesQuantity('memory', 16 * 2 ** 30)).toBe('16Gi');
    expect(formatKubernetesQuantity('memory', 1536 * 2 ** 20)).toBe('1536Mi');
    expect(formatKubernetesQuantity('memory', 1e9)).toBe('1000000000');
    expect(formatKubernetesQuantity('gpu', 8)).toBe('8');
  });

  it('keeps a carried field named __proto__ as data: the parser reports it, nothing is polluted', () => {
    const result = importKubernetesYaml(`apiVersion: scheduling.run.ai/v2
kind: Queue
metadata:
  name: q
  annotations: {preemption-lab.dev/__proto__: '{"polluted": true}', preemption-lab.dev/weight: "2"}
spec: {resources: {gpu: {quota: 1, limit: -1, overQuotaWeight: 1}}}
`);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const [queue] = result.scenario.queues as Data[];
    expect(Object.hasOwn(queue ?? {}, '__proto__')).toBe(true);
    expect(queue?.weight).toBe(2);
    expect(({} as Data).polluted).toBeUndefined();
    const parsed = parseScenario(result.text);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.path)).toContain('queues[0].__proto__');
  });

  it('reports a carried annotation that is not YAML by document and annotation', () => {
    const result = importKubernetesYaml(`apiVersion: scheduling.run.ai/v2
kind: Queue
metadata:
  name: q
  annotations: {preemption-lab.dev/weight: "[1"}
spec: {resources: {gpu: {quota: 1, limit: -1, overQuotaWeight: 1}}}
`);
    expect(result).toMatchObject({
      ok: false,
      errors: [
        expect.stringMatching(/^Queue\/q: metadata\.annotations\.preemption-lab\.dev\/weight is not YAML/),
      ],
    });
  });
});
