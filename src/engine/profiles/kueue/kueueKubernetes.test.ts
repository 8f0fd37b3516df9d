/**
 * Kueue's Kubernetes import and export (docs/scenario-format.md §12.2/§13, decision 0294): upstream's
 * objects become a `profile: kueue` scenario with its `kueue:` block, whatever is not modelled is listed,
 * bad values are errors naming document and field, and import(export(s)) gives back every kueue scenario
 * of the gallery and of conformance/kueue, running to the same trace.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import { exportKubernetesYaml } from '../../scenario/exporters/exportKubernetesYaml';
import { importKubernetesYaml } from '../../scenario/importers/importKubernetesYaml';
import { runDocument } from '../../simulation/runOutput';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURE = readFileSync(new URL('./fixtures/kueue-single-clusterqueue.yaml', import.meta.url), 'utf8');

function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

function imported(text: string) {
  const r = importKubernetesYaml(text);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

describe('Kueue objects import as a kueue scenario', () => {
  it('reads upstream’s single-ClusterQueue setup, its sample Job and a WorkloadPriorityClass', () => {
    const r = imported(FIXTURE);
    const s = parse(r.text);
    expect(s.profile).toBe('kueue');
    expect(s.queues.map((q) => q.name)).toEqual(['cluster-queue']);
    // The Job's LocalQueue user-queue is ClusterQueue cluster-queue; 3 pods of 1 CPU and 200Mi.
    expect(s.jobs.map((j) => [j.name, j.queue, j.priority, j.tasks.length])).toEqual([
      ['sample-job-x7k2p', 'cluster-queue', 1000, 3],
    ]);
    expect(s.jobs[0]?.tasks[0]?.resources.memory).toBe(200 * 2 ** 20);
    expect(r.notes.some((n) => n.includes('LocalQueue/user-queue') && n.includes('cluster-queue'))).toBe(
      true,
    );
    // What the profile has no input for is listed, with the ClusterQueue's observed status.
    expect(r.unmapped.map((u) => `${u.document} ${u.field}`)).toEqual([
      'ClusterQueue/cluster-queue status',
      'Job/sample-job-x7k2p metadata.generateName',
      'Job/sample-job-x7k2p spec.template.spec.containers.0.command',
      'Job/sample-job-x7k2p spec.template.spec.containers.0.args',
      'Job/sample-job-x7k2p spec.template.spec.restartPolicy',
    ]);
    // The run admits the Job: 3 CPUs of the 9 nominal.
    const sim = runScenario(s);
    expect(sim.snapshot(1).tasks.filter((t) => t.status === 'Running')).toHaveLength(3);
  });

  it('lists the fields Kueue has and the profile does not model, with the reason', () => {
    const text = `apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: { name: spot }
spec:
  nodeLabels: { node-type: spot }
  nodeTaints: [{ key: spot, value: "true", effect: NoSchedule }]
---
apiVersion: kueue.x-k8s.io/v1beta1
kind: ClusterQueue
metadata: { name: team }
spec:
  cohort: org
  namespaceSelector: { matchLabels: { team: a } }
  fairSharing: { weight: 2 }
  admissionScope: { admissionMode: UsageBasedAdmissionFairSharing }
  resourceGroups:
    - coveredResources: [nvidia.com/gpu]
      flavors: [{ name: spot, resources: [{ name: nvidia.com/gpu, nominalQuota: 4, borrowingLimit: 2 }] }]
`;
    const r = imported(text);
    const s = parse(r.text);
    expect(s.queues.map((q) => [q.name, q.parent])).toEqual([
      ['org', null],
      ['team', 'org'],
    ]);
    const listed = r.unmapped.map((u) => `${u.document} ${u.field}: ${u.reason ?? ''}`);
    expect(listed).toEqual([
      'ResourceFlavor/spot spec.nodeTaints: taints, tolerations and topology of a flavor are not modelled',
      'ClusterQueue/team spec.namespaceSelector: only `{}` (every namespace) is modelled: a job names its ClusterQueue through its LocalQueue',
      'ClusterQueue/team spec.admissionScope: admission fair sharing is not implemented for profile kueue',
    ]);
    // Fair sharing's weight is read (fairsharing_types.go:25-40).
    const block = s.profileBlock?.data as { clusterQueues: { fairWeight: number }[] };
    expect(block.clusterQueues.map((q) => q.fairWeight)).toEqual([2]);
  });

  const CONFIG = (apiVersion: string, fairSharing: string) => `apiVersion: v1
kind: ConfigMap
metadata: { name: kueue-manager-config, namespace: kueue-system }
data:
  controller_manager_config.yaml: |
    apiVersion: ${apiVersion}
    kind: Configuration
    fairSharing: ${fairSharing}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: { name: default }
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: { name: org }
spec: { fairSharing: { weight: 500m } }
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: { name: cq }
spec:
  cohortName: org
  namespaceSelector: {}
  resourceGroups:
    - coveredResources: [cpu]
      flavors: [{ name: default, resources: [{ name: cpu, nominalQuota: 4 }] }]
`;
  const fairOf = (text: string) => {
    const block = parse(imported(text).text).profileBlock?.data as {
      fairSharing: unknown;
      cohorts: { fairWeight: number }[];
    };
    return [block.fairSharing, block.cohorts.map((c) => c.fairWeight)];
  };

  it('reads the Configuration’s fairSharing into the block, v1beta1’s enable included', () => {
    const on = { preemptionStrategies: ['LessThanInitialShare'] };
    expect(
      fairOf(CONFIG('config.kueue.x-k8s.io/v1beta2', '{ preemptionStrategies: [LessThanInitialShare] }')),
    ).toEqual([on, [0.5]]);
    expect(
      fairOf(
        CONFIG(
          'config.kueue.x-k8s.io/v1beta1',
          '{ enable: true, preemptionStrategies: [LessThanInitialShare] }',
        ),
      ),
    ).toEqual([on, [0.5]]);
    // v1beta1 `enable: false` (v1beta1/configuration_types.go:612-615): fair sharing stays off.
    expect(fairOf(CONFIG('config.kueue.x-k8s.io/v1beta1', '{ enable: false }'))).toEqual([null, [0.5]]);
  });

  it('lists the Configuration’s admissionFairSharing as not mapped, with the reason (decision 0324)', () => {
    const text = CONFIG(
      'config.kueue.x-k8s.io/v1beta2',
      '{ preemptionStrategies: [LessThanInitialShare] }',
    ).replace(
      '    fairSharing:',
      '    admissionFairSharing: { usageHalfLifeTime: 168h, usageSamplingInterval: 5m }\n    fairSharing:',
    );
    const r = imported(text);
    expect(r.unmapped.map((u) => `${u.document} ${u.field}`)).toContain(
      'ConfigMap/kueue-manager-config data.controller_manager_config.yaml → admissionFairSharing',
    );
    const reason = r.unmapped.find((u) => u.field.endsWith('admissionFairSharing'))?.reason ?? '';
    expect(reason).toContain('no LocalQueues');
    // Fair sharing beside it is still read.
    expect(fairOf(text)[0]).toEqual({ preemptionStrategies: ['LessThanInitialShare'] });
  });

  it('names the ConfigMap and field of a bad preemptionStrategies list', () => {
    const r = importKubernetesYaml(
      CONFIG('config.kueue.x-k8s.io/v1beta2', '{ preemptionStrategies: [LessThanInitialShare, Sometimes] }'),
    );
    const errors = r.ok ? [] : r.errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^ConfigMap\/kueue-manager-config: data\.controller_manager_config\.yaml → fairSharing\.preemptionStrategies: expected one of/,
    );
  });

  it('reads a Workload as upstream writes it, pod sets and admission', () => {
    const text = `apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: { name: default }
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: { name: cq }
spec:
  namespaceSelector: {}
  resourceGroups:
    - coveredResources: [cpu]
      flavors: [{ name: default, resources: [{ name: cpu, nominalQuota: 4 }] }]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: { name: lq, namespace: team-a }
spec: { clusterQueue: cq }
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: { name: job-sample-1a2b3, namespace: team-a }
spec:
  queueName: lq
  priority: 7
  podSets:
    - name: main
      count: 2
      template: { spec: { containers: [{ name: c, resources: { requests: { cpu: 500m } } }] } }
status:
  admission:
    clusterQueue: cq
    podSetAssignments: [{ name: main, flavors: { cpu: default }, count: 2 }]
`;
    const r = imported(text);
    const s = parse(r.text);
    expect(
      s.jobs.map((j) => [j.name, j.namespace, j.queue, j.priority, j.tasks.map((t) => t.resources.cpu)]),
    ).toEqual([['job-sample-1a2b3', 'team-a', 'cq', 7, [0.5, 0.5]]]);
    expect(r.notes.some((n) => n.startsWith('Workload/job-sample-1a2b3: admitted to ClusterQueue cq'))).toBe(
      true,
    );
  });

  it('names the document and field of a bad quota, and of a LocalQueue without its ClusterQueue', () => {
    const r = importKubernetesYaml(`apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: { name: cq }
spec:
  resourceGroups:
    - coveredResources: [cpu]
      flavors: [{ name: default, resources: [{ name: cpu, nominalQuota: lots }] }]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: { name: lq }
spec: {}
`);
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors).toContain('LocalQueue/lq: spec.clusterQueue is missing');
    expect(
      errors.some((e) =>
        e.startsWith('ClusterQueue/cq: spec.resourceGroups.0.flavors.0.resources.0.nominalQuota'),
      ),
    ).toBe(true);
  });
});

/** `expect[].line` and lesson lines record where they sit in the text; the written block is its spelling. */
function comparable(s: Scenario): unknown {
  return {
    ...s,
    expect: s.expect.map((c) => ({ ...c, line: null })),
    lesson: s.lesson.map((step) => ({ ...step, line: null, ask: null })),
    profileBlock: s.profileBlock === undefined ? undefined : { ...s.profileBlock, written: null },
  };
}

function trace(s: Scenario): string {
  const sim = runScenario(s);
  const snapshots = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
  return JSON.stringify(runDocument(s, snapshots));
}

const KUEUE_FILES = [
  ...readdirSync(join(ROOT, 'src/scenarios'))
    .filter((f) => f.startsWith('kueue-') && f.endsWith('.yaml'))
    .map((f) => `src/scenarios/${f}`),
  ...readdirSync(join(ROOT, 'conformance/kueue'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `conformance/kueue/${f}`),
].sort();

describe('import(export(s)) for every kueue scenario', () => {
  it('finds them', () => {
    expect(KUEUE_FILES.length).toBeGreaterThanOrEqual(10);
  });

  it.each(KUEUE_FILES)('%s maps every field, reads back the same scenario and trace', (file) => {
    const original = parse(readFileSync(join(ROOT, file), 'utf8'));
    const exported = exportKubernetesYaml(original);
    expect(exported).toContain('kind: ClusterQueue');
    const r = imported(exported);
    expect(r.unmapped).toEqual([]);
    const back = parse(r.text);
    expect(comparable(back)).toEqual(comparable(original));
    expect(back.profileBlock?.data).toEqual(original.profileBlock?.data);
    expect(trace(back)).toBe(trace(original));
  });
});
