/**
 * Pods with phase Succeeded (decision 0330): in Kubernetes YAML and in a KAI snapshot, a finished pod of a pod
 * group becomes a `Succeeded` task of its job (before: a Pending task in YAML, left out of a snapshot), and the
 * export writes it back as `status.phase: Succeeded`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario, runScenario } from '../../index';
import { scenarioOf } from '../../testing/scenarioTest';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importKubernetesYaml';

type Json = Record<string, unknown>;

const pod = (name: string, phase: string, node: string | null) =>
  [
    '---',
    'apiVersion: v1',
    'kind: Pod',
    `metadata: {name: ${name}, labels: {kai.scheduler/queue: q}, annotations: {pod-group-name: pg}}`,
    `spec: {schedulerName: kai-scheduler, ${node === null ? '' : `nodeName: ${node}, `}containers: [{name: c, image: x, resources: {limits: {nvidia.com/gpu: 1}}}]}`,
    `status: {phase: ${phase}}`,
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
  '---',
  'apiVersion: scheduling.run.ai/v2alpha2',
  'kind: PodGroup',
  'metadata: {name: pg}',
  'spec: {queue: q, minMember: 3}',
  pod('pg-0', 'Succeeded', 'n0'),
  pod('pg-1', 'Running', 'n0'),
  pod('pg-2', 'Running', 'n0'),
].join('\n');

describe('Kubernetes YAML', () => {
  it('reads a Succeeded pod of a pod group as a Succeeded task, its nodeName set aside', () => {
    const r = importKubernetesYaml(CLUSTER);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.unmapped).toEqual([]);
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    expect(p.warnings).toEqual([]);
    const tasks = p.scenario.jobs[0]?.tasks ?? [];
    expect(tasks.map((t) => [t.name, t.status, t.node])).toEqual([
      ['pg-0', 'Succeeded', null],
      ['pg-1', 'Running', 'n0'],
      ['pg-2', 'Running', 'n0'],
    ]);
    // Only the two Running pods hold the node's GPUs: a 2-GPU node is not overcommitted.
    expect(
      runScenario(p.scenario)
        .snapshot(1)
        .tasks.find((t) => t.name === 'pg-0')?.status,
    ).toBe('Succeeded');
  });

  it('writes a Succeeded task back as status.phase Succeeded with no nodeName, and reads it back the same', () => {
    const s = scenarioOf({
      profile: 'volcano',
      nodes: [{ name: 'n0', resources: { gpu: 2 } }],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'j', queue: 'q', tasks: [{ status: 'Succeeded' }, { status: 'Running', node: 'n0' }] }],
    });
    const yaml = exportKubernetesYaml(s);
    const j0 = yaml.slice(yaml.indexOf('name: j-0'), yaml.indexOf('name: j-1'));
    expect(j0).toContain('phase: Succeeded');
    expect(j0).not.toContain('nodeName');
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    const again = parseScenario(back.text);
    expect(again.ok && again.scenario.jobs).toEqual(s.jobs);
  });
});

describe('KAI snapshot', () => {
  const FIXTURE = join(__dirname, 'cluster', 'fixtures', 'reclaim-min-runtime.snapshot.json');

  function snapshot(): Json {
    const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
    const pods = (s.rawObjects as Record<string, Json[]>).pods as Json[];
    const byName = (name: string) => pods.find((p) => (p.metadata as Json).name === name) as Json;
    const copy = (from: string, name: string, phase: string): Json => {
      const p = structuredClone(byName(from));
      (p.metadata as Json).name = name;
      (p.metadata as Json).uid = `${name}-uid`;
      (p.status as Json).phase = phase;
      return p;
    };
    // sweep-1 keeps its running pod and gains a finished one; sweep-2's only pod has finished.
    pods.push(copy('sweep-1-0', 'sweep-1-1', 'Succeeded'));
    (byName('sweep-2-0').status as Json).phase = 'Succeeded';
    pods.push(copy('sweep-3-0', 'sweep-3-1', 'Failed'));
    return s;
  }

  it('keeps a Succeeded pod of a live pod group as a Succeeded task; a finished group and Failed pods are left out', () => {
    const r = importClusterBytes(strToU8(JSON.stringify(snapshot())), { fileName: 's.json', redact: false });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    const job = (name: string) => p.scenario.jobs.find((j) => j.name === name);
    expect(job('sweep-1')?.tasks.map((t) => [t.name, t.status, t.node])).toEqual([
      ['sweep-1-0', 'Running', 'node-0'],
      ['sweep-1-1', 'Succeeded', null],
    ]);
    expect(job('sweep-2')).toBeUndefined();
    expect(job('sweep-3')?.tasks.map((t) => t.name)).toEqual(['sweep-3-0']);
    const notes = r.notes.join('\n');
    expect(notes).toContain(
      '1 Succeeded pod(s) of pod groups that still have live pods are kept as Succeeded tasks',
    );
    expect(notes).toContain('1 Succeeded pod(s) of no live pod group of the snapshot hold nothing: left out.');
    expect(notes).toContain("1 Failed pod(s) left out: KAI's scheduler does not list Failed pods");
    expect(
      runScenario(p.scenario)
        .snapshot(1)
        .tasks.find((t) => t.name === 'sweep-1-1')?.status,
    ).toBe('Succeeded');
  });
});
