/**
 * Every Volcano queue field survives export (§13) then import (§12): parent (root and depth 2),
 * capability, deserved, guarantee, weight, reclaimable, state and priority.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../model/scenario';
import { importKubernetesYaml } from '../importers/importKubernetesYaml';
import { formatIssue, parseScenario } from '../parseScenario';
import { exportKubernetesYaml } from './exportKubernetesYaml';

const TREE = `version: 1
name: volcano queue round trip
profile: volcano
nodes:
  - name: n1
    resources: {cpu: 8, memory: 8Gi, pods: 20}
queues:
  - name: root
    capability: {cpu: 8, memory: 8Gi}
  - name: research
    parent: root
    weight: 3
    priority: 7
    reclaimable: false
    deserved: {cpu: 4, memory: 4Gi, pods: 10}
    capability: {cpu: 6, memory: 6Gi, gpu: 2}
    guarantee: {cpu: 1, memory: 1Gi}
  - name: vision
    parent: research
    state: Closed
    deserved: {cpu: 2}
  - name: nlp
    parent: vision
    weight: 2
  - name: ops
jobs:
  - name: j1
    queue: nlp
    minAvailable: 1
    tasks:
      - {name: t1, resources: {cpu: 1, memory: 1Gi}}
scheduler:
  actions: [enqueue, allocate]
  tiers:
    - plugins:
        - name: capacity
          enableHierarchy: true
        - name: predicates
run: {sessions: 1}
`;

function parse(text: string): Scenario {
  const result = parseScenario(text, { fileName: 'tree.yaml' });
  if (!result.ok) throw new Error(result.errors.map(formatIssue).join('\n'));
  return result.scenario;
}

describe('Volcano queue fields through export and import', () => {
  it('keeps parent root, deeper parents and every queue figure', () => {
    const original = parse(TREE);
    const imported = importKubernetesYaml(exportKubernetesYaml(original));
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    expect(imported.unmapped).toEqual([]);
    const back = parse(imported.text);
    expect(back.queues).toEqual(original.queues);
    const research = back.queues.find((q) => q.name === 'research');
    expect(research?.parent).toBe('root');
    expect(back.queues.find((q) => q.name === 'nlp')?.parent).toBe('vision');
    expect(back.queues.find((q) => q.name === 'ops')?.parent).toBeNull();
  });

  it('drops parent root where nothing reads it, as a real cluster writes it on every queue', () => {
    const dump = (plugins: string) => `apiVersion: v1
kind: ConfigMap
metadata: {name: volcano-scheduler-configmap}
data:
  volcano-scheduler.conf: |
    actions: "enqueue, allocate"
    tiers:
    - plugins:
${plugins}
---
apiVersion: scheduling.volcano.sh/v1beta1
kind: Queue
metadata: {name: root}
spec: {weight: 1}
---
apiVersion: scheduling.volcano.sh/v1beta1
kind: Queue
metadata: {name: research}
spec: {weight: 2, parent: root}
`;
    const proportion = importKubernetesYaml(dump('      - name: proportion'));
    if (!proportion.ok) throw new Error(proportion.errors.join('\n'));
    expect(parse(proportion.text).queues.map((q) => q.parent)).toEqual([null, null]);
    const tree = importKubernetesYaml(dump('      - name: capacity\n        enableHierarchy: true'));
    if (!tree.ok) throw new Error(tree.errors.join('\n'));
    expect(parse(tree.text).queues.map((q) => q.parent)).toEqual([null, 'root']);
  });
});
