/**
 * Jobs of a queue that has child queues (decision 0345): KAI never schedules them (input_jobs.go:70-73
 * @d5bc503) but its cache still puts their pods on their nodes (cluster_info.go:359-390), so an import leaves
 * the jobs out and keeps their running pods' requests taken on their nodes, in a snapshot and in YAML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario } from '../../index';
import { importKubernetesYaml } from './importKubernetesYaml';

type Json = Record<string, unknown>;
const FIXTURE = join(__dirname, 'cluster', 'fixtures', 'reclaim-min-runtime.snapshot.json');

/** The fixture with a child queue under `research`: sweep-1 and sweep-2 (node-0) and sweep-3 (node-1) run there. */
function snapshotWithChildQueue(): Json {
  const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
  const queues = (s.rawObjects as Record<string, Json[]>).queues as Json[];
  queues.push({ metadata: { name: 'research-a' }, spec: { parentQueue: 'research', resources: {} } });
  return s;
}

describe('KAI snapshot', () => {
  it("leaves out a parent queue's jobs and holds their running pods on their nodes", () => {
    const r = importClusterBytes(strToU8(JSON.stringify(snapshotWithChildQueue())), {
      fileName: 's.json',
      redact: false,
    });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    const s = p.scenario;
    expect(s.jobs.map((j) => j.name)).toEqual(['serving-a', 'train-b']);
    expect(s.queues.map((q) => [q.name, q.parent])).toEqual([
      ['org', null],
      ['research', 'org'],
      ['product', 'org'],
      ['research-a', 'research'],
    ]);
    // node-0 ran sweep-1 and sweep-2 (2 GPUs each) and node-1 sweep-3: those GPUs and pod slots stay taken.
    expect(s.nodes.map((n) => [n.name, n.resources.gpu, n.resources.pods])).toEqual([
      ['node-0', 0, 108],
      ['node-1', 2, 109],
    ]);
    expect(r.notes).toContain(
      "3 job(s) are in a queue with child queues: KAI schedules only leaf queues' jobs (input_jobs.go:70-73 @d5bc503), so they are left out; their 3 running pod(s) still hold their requests on their nodes.",
    );
  });

  it('without the child queue, the same jobs are imported and the nodes keep their capacity', () => {
    const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
    const r = importClusterBytes(strToU8(JSON.stringify(s)), { fileName: 's.json', redact: false });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    expect(p.scenario.jobs.map((j) => j.name)).toEqual(['sweep-1', 'sweep-2', 'sweep-3', 'serving-a', 'train-b']);
    expect(p.scenario.nodes.map((n) => n.resources.gpu)).toEqual([4, 4]);
  });
});

const pod = (name: string, group: string, node: string | null, gpu: number) =>
  [
    '---',
    'apiVersion: v1',
    'kind: Pod',
    `metadata: {name: ${name}, annotations: {pod-group-name: ${group}}}`,
    `spec: {schedulerName: kai-scheduler, ${node === null ? '' : `nodeName: ${node}, `}containers: [{name: c, image: x, resources: {limits: {nvidia.com/gpu: ${gpu}}}}]}`,
    `status: {phase: ${node === null ? 'Pending' : 'Running'}}`,
  ].join('\n');

const queue = (name: string, parent: string | null) =>
  [
    '---',
    'apiVersion: scheduling.run.ai/v2',
    'kind: Queue',
    `metadata: {name: ${name}}`,
    `spec: {${parent === null ? '' : `parentQueue: ${parent}, `}resources: {gpu: {quota: -1, limit: -1, overQuotaWeight: 1}}}`,
  ].join('\n');

const group = (name: string, queueName: string) =>
  [
    '---',
    'apiVersion: scheduling.run.ai/v2alpha2',
    'kind: PodGroup',
    `metadata: {name: ${name}}`,
    `spec: {queue: ${queueName}, minMember: 1}`,
  ].join('\n');

describe('Kubernetes YAML', () => {
  const yaml = [
    queue('org', null),
    queue('team', 'org'),
    '---',
    'apiVersion: v1',
    'kind: Node',
    'metadata: {name: n0}',
    'status: {allocatable: {nvidia.com/gpu: 4, pods: 10}}',
    group('old', 'org'),
    pod('old-0', 'old', 'n0', 3),
    pod('old-1', 'old', null, 1),
    group('new', 'team'),
    pod('new-0', 'new', null, 2),
  ].join('\n');

  it("leaves out a parent queue's job and holds its running pod on its node (before: job-in-non-leaf-queue)", () => {
    const r = importKubernetesYaml(yaml);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    expect(p.scenario.jobs.map((j) => j.name)).toEqual(['new']);
    expect(p.scenario.nodes.map((n) => [n.name, n.resources.gpu, n.resources.pods])).toEqual([['n0', 1, 9]]);
    expect(r.notes).toContain(
      "1 job(s) are in a queue with child queues: kai schedules only leaf queues' jobs (KAI input_jobs.go:70-73 @d5bc503), so they are left out; their 1 running pod(s) still hold their requests on their nodes.",
    );
  });
});
