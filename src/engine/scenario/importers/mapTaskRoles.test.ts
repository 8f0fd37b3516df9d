/** Task roles through Kubernetes YAML (docs §26, decision 0230). */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../parseScenario';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importKubernetesYaml';

const VOLCANO_JOB = `apiVersion: batch.volcano.sh/v1alpha1
kind: Job
metadata: {name: tf}
spec:
  queue: q
  minAvailable: 2
  tasks:
    - name: ps
      replicas: 1
      template: {spec: {containers: [{name: c, resources: {requests: {cpu: 1}}}]}}
    - name: worker
      replicas: 3
      minAvailable: 1
      template: {spec: {containers: [{name: c, resources: {requests: {cpu: 1}}}]}}
`;

describe('task roles in Kubernetes YAML', () => {
  it('a Volcano Job: each task template is a role, its minAvailable (else replicas) the role minimum', () => {
    const r = importKubernetesYaml(VOLCANO_JOB);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const parsed = parseScenario(r.text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const job = parsed.scenario.jobs[0];
    expect(job?.minTaskMember).toEqual({ ps: 1, worker: 1 });
    expect(job?.tasks.map((t) => [t.name, t.role])).toEqual([
      ['tf-ps-0', 'ps'],
      ['tf-worker-0', 'worker'],
      ['tf-worker-1', 'worker'],
      ['tf-worker-2', 'worker'],
    ]);
  });

  it('a task minAvailable above its replicas is refused, naming the field', () => {
    const r = importKubernetesYaml(VOLCANO_JOB.replace('minAvailable: 1', 'minAvailable: 4'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join('\n')).toContain('Job/tf: spec.tasks.1.minAvailable must be a whole number from 0');
  });

  it('export writes the pod annotation and PodGroup minTaskMember; import gives the roles back', () => {
    const text = [
      'version: 1',
      'profile: volcano',
      'nodes: [{name: n, resources: {cpu: 4}}]',
      'queues: [{name: q}]',
      'jobs:',
      '  - name: j',
      '    queue: q',
      '    minAvailable: 2',
      '    minTaskMember: {m: 1, w: 1}',
      '    tasks: [{name: a, role: m}, {name: b, role: w}, {name: c, labels: {volcano.sh/task-spec: w}}]',
      '',
    ].join('\n');
    const s = parseScenario(text);
    if (!s.ok) throw new Error('fixture');
    const yaml = exportKubernetesYaml(s.scenario);
    expect(yaml).toContain('volcano.sh/task-spec: m');
    expect(yaml).toContain('minTaskMember:');
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    const again = parseScenario(back.text);
    expect(again.ok && again.scenario.jobs).toEqual(s.scenario.jobs);
  });

  it('into a KAI scenario the roles are left out with a note', () => {
    const r = importKubernetesYaml(
      `apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: g}
spec: {queue: q, minMember: 1, minTaskMember: {a: 1}}
---
apiVersion: v1
kind: Pod
metadata: {name: p, annotations: {pod-group-name: g, volcano.sh/task-spec: a}}
spec: {containers: [{name: c}]}
`,
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(parseScenario(r.text).ok).toBe(true);
    expect(r.notes.join('\n')).toContain('Volcano task roles');
  });
});
