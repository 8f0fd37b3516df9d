/**
 * The shared importers ask the profiles (decision 0295): which profile a document, a scheduler ConfigMap
 * key or a cluster snapshot belongs to is each module's answer, in registry order, never a name written in
 * the importer.
 */
import { describe, expect, it } from 'vitest';
import { clusterImportProfile, profileClaiming, profileReadingConfig } from '../../registry';
import { importKubernetesYaml } from './importKubernetesYaml';

describe('profiles claim their documents', () => {
  it('by API group, Volcano before kube-batch, Kueue also by the LocalQueue label', () => {
    const queueLabel = { 'kueue.x-k8s.io/queue-name': 'lq' };
    expect(profileClaiming('scheduling.run.ai/v2', 'Queue', {})).toBe('kai');
    expect(profileClaiming('kai.scheduler/v1alpha1', 'Topology', {})).toBe('kai');
    expect(profileClaiming('scheduling.volcano.sh/v1beta1', 'Queue', {})).toBe('volcano');
    expect(profileClaiming('batch.volcano.sh/v1alpha1', 'Job', {})).toBe('volcano');
    expect(profileClaiming('kueue.x-k8s.io/v1beta2', 'ClusterQueue', {})).toBe('kueue');
    expect(profileClaiming('batch/v1', 'Job', queueLabel)).toBe('kueue');
    expect(profileClaiming('v1', 'Pod', queueLabel)).toBe('kueue');
    expect(profileClaiming('batch/v1', 'Job', {})).toBeNull();
    expect(profileClaiming('v1', 'Pod', {})).toBeNull();
    expect(profileClaiming('v1', 'Node', {})).toBeNull();
  });

  it('by scheduler ConfigMap key, and the snapshot import writes KAI scenarios', () => {
    expect(profileReadingConfig('config.yaml')).toBe('kai');
    expect(profileReadingConfig('scheduler-config.yaml')).toBe('kai');
    expect(profileReadingConfig('volcano-scheduler.conf')).toBe('volcano');
    expect(profileReadingConfig('controller_manager_config.yaml')).toBe('kueue');
    expect(profileReadingConfig('other.yaml')).toBeNull();
    expect(clusterImportProfile()).toBe('kai');
  });

  it('reads Kueue’s manager ConfigMap as the kueue profile’s: its settings are listed, not its apiVersion', () => {
    const r = importKubernetesYaml(`apiVersion: v1
kind: ConfigMap
metadata: { name: kueue-manager-config, namespace: kueue-system }
data:
  controller_manager_config.yaml: |
    apiVersion: config.kueue.x-k8s.io/v1beta2
    kind: Configuration
    waitForPodsReady: { enable: true }
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: { name: cq }
spec: { namespaceSelector: {} }
`);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.scenario.profile).toBe('kueue');
    expect(r.unmapped.map((u) => u.field)).toEqual([
      'data.controller_manager_config.yaml → waitForPodsReady',
    ]);
  });
});
