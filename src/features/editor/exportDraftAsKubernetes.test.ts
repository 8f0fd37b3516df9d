import { describe, expect, it } from 'vitest';
import { importKubernetesYaml } from '../../engine/scenario/importers/importKubernetesYaml';
import { exportDraftAsKubernetes } from './exportDraftAsKubernetes';

const DRAFT = `version: 1
name: My team's cluster
nodes: [{name: n0, resources: {gpu: 8}}]
queues: [{name: team, resources: {gpu: {quota: 8}}}]
jobs: [{name: j, queue: team, resources: {gpu: 2}, tasks: 2}]
`;

describe('Export as Kubernetes YAML', () => {
  it('names the file after the scenario and exports text that converts back', () => {
    const result = exportDraftAsKubernetes(DRAFT);
    if (!result.ok) throw new Error(result.error);
    expect(result.fileName).toBe('my-team-s-cluster-kubernetes.yaml');
    expect(result.text).toContain('kind: Queue');
    const back = importKubernetesYaml(result.text);
    expect(back.ok && back.scenario.name).toBe("My team's cluster");
  });

  it('refuses a scenario with problems, naming the first one, and text that is already Kubernetes YAML', () => {
    expect(exportDraftAsKubernetes(DRAFT.replace('queue: team', 'queue: nobody'))).toEqual({
      ok: false,
      error: expect.stringContaining('jobs[0].queue'),
    });
    const exported = exportDraftAsKubernetes(DRAFT);
    expect(exported.ok && exportDraftAsKubernetes(exported.text)).toEqual({
      ok: false,
      error: 'This is already Kubernetes YAML: convert it to a scenario first.',
    });
  });

  it('exports a kueue scenario as its ClusterQueue, LocalQueue and Workload, which converts back', () => {
    const kueue = `version: 1
name: Kueue draft
profile: kueue
nodes: [{name: n0, resources: {gpu: 8}}]
kueue:
  resourceFlavors: [{name: default}]
  clusterQueues:
    - name: team
      resourceGroups: [{coveredResources: [gpu], flavors: [{name: default, resources: [{name: gpu, nominalQuota: 8}]}]}]
jobs: [{name: j, queue: team, resources: {gpu: 2}, tasks: 2}]
`;
    const result = exportDraftAsKubernetes(kueue);
    if (!result.ok) throw new Error(result.error);
    expect(result.text).toContain('kind: ClusterQueue');
    expect(result.text).toContain('kind: LocalQueue');
    expect(result.text).toContain('kind: Workload');
    const back = importKubernetesYaml(result.text);
    expect(back.ok && [back.scenario.profile, back.scenario.name]).toEqual(['kueue', 'Kueue draft']);
  });
});
