import { describe, expect, it } from 'vitest';
import { importKubernetesYaml } from './importKubernetesYaml';

const pod = (containers: string, extra = '') => `apiVersion: v1
kind: Pod
metadata: {name: p, labels: {kai.scheduler/queue: q}}
spec:
${extra}  containers:
${containers}`;

function tasks(text: string): unknown[] {
  const result = importKubernetesYaml(text);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return (result.scenario.jobs as { tasks: unknown[] }[]).flatMap((j) => j.tasks);
}

describe('container resources as Kubernetes reads them (requests default to limits)', () => {
  it('imports GPUs written only under limits, the usual way to ask for GPUs, with nothing unmapped', () => {
    const text = pod(`  - name: c\n    resources: {limits: {nvidia.com/gpu: 2}}\n`);
    expect(tasks(text)).toEqual([{ name: 'p', resources: { gpu: 2 } }]);
    const result = importKubernetesYaml(text);
    expect(result.ok && result.unmapped).toEqual([]);
  });

  it('takes a cpu or memory request from its limit when the request is left out, and keeps a request that is given', () => {
    const text = pod(
      `  - name: c\n    resources:\n      requests: {cpu: 500m}\n      limits: {cpu: "2", memory: 1Gi, nvidia.com/gpu: 1}\n`,
    );
    expect(tasks(text)).toEqual([{ name: 'p', resources: { cpu: 0.5, memory: 2 ** 30, gpu: 1 } }]);
  });

  it('refuses a GPU request that differs from its limit, as the API server does, naming the container', () => {
    const result = importKubernetesYaml(
      pod(`  - name: c\n    resources: {requests: {nvidia.com/gpu: 1}, limits: {nvidia.com/gpu: 2}}\n`),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toContain(
      'Pod/p: spec.containers.0.resources: the GPU request (1) and limit (2) differ',
    );
  });

  it('sums the app containers, and takes the largest init container when it asks for more', () => {
    const containers = `  - name: a\n    resources: {limits: {nvidia.com/gpu: 1, cpu: "1"}}\n  - name: b\n    resources: {requests: {cpu: "2"}, limits: {nvidia.com/gpu: 1}}\n`;
    const init = `  initContainers:\n  - name: warm\n    resources: {limits: {cpu: "8"}}\n  - name: small\n    resources: {limits: {nvidia.com/gpu: 1}}\n`;
    expect(tasks(pod(containers, init))).toEqual([{ name: 'p', resources: { gpu: 2, cpu: 8 } }]);
  });

  it('adds a sidecar (an init container with restartPolicy: Always) to the app containers and to the init containers after it', () => {
    const containers = `  - name: a\n    resources: {limits: {cpu: "1"}}\n`;
    const init = `  initContainers:\n  - name: proxy\n    restartPolicy: Always\n    resources: {limits: {cpu: "1"}}\n  - name: setup\n    resources: {limits: {cpu: "3"}}\n`;
    // App: 1 + sidecar 1 = 2; init: setup 3 + the sidecar started before it 1 = 4.
    expect(tasks(pod(containers, init))).toEqual([{ name: 'p', resources: { cpu: 4 } }]);
  });

  it('reads limits in Volcano Job task templates too', () => {
    const result = importKubernetesYaml(`apiVersion: batch.volcano.sh/v1alpha1
kind: Job
metadata: {name: j}
spec:
  queue: q
  tasks:
  - name: w
    replicas: 2
    template:
      spec:
        containers:
        - name: c
          resources: {limits: {nvidia.com/gpu: 4}}
`);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect((result.scenario.jobs as { tasks: unknown[] }[])[0]?.tasks).toEqual([
      { name: 'j-w-0', resources: { gpu: 4 }, role: 'w' },
      { name: 'j-w-1', resources: { gpu: 4 }, role: 'w' },
    ]);
  });
});
