/**
 * Pods with phase Failed (decision 0345): KAI's scheduler never lists them (its pod informer filters
 * status.phase!=Failed, pkg/scheduler/cache/cache.go:86-112 @d5bc503), so an import leaves them out, as absent
 * for every purpose, and says how many. Before, Kubernetes YAML made a Failed pod a Pending task that ran again.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../index';
import { importKubernetesYaml } from './importKubernetesYaml';

const pod = (name: string, group: string, phase: string, node: string | null) =>
  [
    '---',
    'apiVersion: v1',
    'kind: Pod',
    `metadata: {name: ${name}, labels: {kai.scheduler/queue: q}, annotations: {pod-group-name: ${group}}}`,
    `spec: {schedulerName: kai-scheduler, ${node === null ? '' : `nodeName: ${node}, `}containers: [{name: c, image: x, resources: {limits: {nvidia.com/gpu: 1}}}]}`,
    `status: {phase: ${phase}}`,
  ].join('\n');

const group = (name: string, minMember: number) =>
  [
    '---',
    'apiVersion: scheduling.run.ai/v2alpha2',
    'kind: PodGroup',
    `metadata: {name: ${name}}`,
    `spec: {queue: q, minMember: ${minMember}}`,
  ].join('\n');

const CLUSTER = [
  'apiVersion: scheduling.run.ai/v2',
  'kind: Queue',
  'metadata: {name: q}',
  'spec: {resources: {gpu: {quota: -1, limit: -1, overQuotaWeight: 1}}}',
  '---',
  'apiVersion: v1',
  'kind: Node',
  'metadata: {name: n0}',
  'status: {allocatable: {nvidia.com/gpu: 2}}',
  group('pg', 1),
  pod('pg-0', 'pg', 'Running', 'n0'),
  pod('pg-1', 'pg', 'Failed', 'n0'),
  group('gone', 1),
  pod('gone-0', 'gone', 'Failed', 'n0'),
].join('\n');

describe('Kubernetes YAML', () => {
  it('leaves a Failed pod out of its job, and a group whose pods all failed out of the scenario', () => {
    const r = importKubernetesYaml(CLUSTER);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    expect(p.scenario.jobs.map((j) => [j.name, j.tasks.map((t) => [t.name, t.status])])).toEqual([
      ['pg', [['pg-0', 'Running']]],
    ]);
    expect(r.notes).toContain(
      "2 Failed pod(s) left out: KAI's scheduler does not list Failed pods (cache.go:86-112 @d5bc503), so they hold nothing and count in no gang, queue or node.",
    );
    expect(r.notes).toContain('gone: every pod of the pod group has failed; the job is left out.');
  });

  it('a Failed pod no longer runs again: the free GPU stays free', () => {
    const r = importKubernetesYaml(CLUSTER);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    const snap = runScenario(p.scenario).snapshot(1);
    expect(snap.tasks.map((t) => [t.name, t.status])).toEqual([['pg-0', 'Running']]);
  });
});
