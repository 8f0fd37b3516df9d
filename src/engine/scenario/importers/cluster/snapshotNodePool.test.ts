/**
 * A snapshot is one scheduling shard's view (§17.1, §24): its partition becomes the scenario's node pool, and
 * objects the shard's selector does not match are left out, as KAI's lister and the snapshot tool do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario, streamRunDocument } from '../../../index';
import type { Scenario } from '../../../model/scenario';

type Json = Record<string, unknown>;
const POOL = 'kai.scheduler/node-pool';

function fixture(): Json {
  const text = readFileSync(join(__dirname, 'fixtures', 'reclaim-min-runtime.snapshot.json'), 'utf8');
  return JSON.parse(text) as Json;
}
const raw = (s: Json) => s.rawObjects as Record<string, Json[]>;
const meta = (o: Json) => o.metadata as Json;

/** Labels every node, queue and pod group of the fixture with `value`, and adds one of each in `other`. */
function shardSnapshot(key: string, value: string, other: string): Json {
  const s = fixture();
  s.schedulerParams = {
    ...(s.schedulerParams as Json),
    partitionParams: { NodePoolLabelKey: key, NodePoolLabelValue: value },
  };
  const r = raw(s);
  const labelKey = key === '' ? POOL : key;
  for (const list of ['nodes', 'queues', 'podGroups'])
    for (const o of r[list] ?? []) {
      const m = meta(o);
      m.labels = {
        ...((m.labels as Json | undefined) ?? {}),
        ...(value === '' ? {} : { [labelKey]: value }),
      };
    }
  const node = structuredClone(r.nodes?.[0]) as Json;
  meta(node).name = 'h100-node';
  meta(node).labels = { [labelKey]: other };
  const queue = { metadata: { name: 'vision', labels: { [labelKey]: other } }, spec: { resources: {} } };
  const group = structuredClone(r.podGroups?.[0]) as Json;
  meta(group).name = 'vision-job';
  meta(group).labels = { [labelKey]: other };
  (group.spec as Json).queue = 'vision';
  const pod = structuredClone(r.pods?.[0]) as Json;
  meta(pod).name = 'vision-job-0';
  meta(pod).annotations = { ...(meta(pod).annotations as Json), 'pod-group-name': 'vision-job' };
  (pod.spec as Json).nodeName = 'h100-node';
  r.nodes?.push(node);
  r.queues?.push(queue);
  r.podGroups?.push(group);
  r.pods?.push(pod);
  return s;
}

function importJson(s: Json, redact = false) {
  const r = importClusterBytes(strToU8(JSON.stringify(s)), { fileName: 'snapshot.json', redact });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return p.scenario;
}

describe('a snapshot of one shard', () => {
  it('becomes one node pool holding the shard’s nodes, queues and jobs; the rest is left out', () => {
    const r = importJson(shardSnapshot(POOL, 'a100', 'h100'));
    const scenario = parsed(r.text);
    expect(scenario.nodePools?.map((p) => [p.name, p.labelValue])).toEqual([['a100', 'a100']]);
    expect(r.imported).toEqual({ nodes: 2, queues: 3, jobs: 5, tasks: 6 });
    expect(scenario.nodes.map((n) => [n.name, n.labels[POOL]])).toEqual([
      ['node-0', 'a100'],
      ['node-1', 'a100'],
    ]);
    expect(new Set(scenario.queues.map((q) => q.nodePool))).toEqual(new Set(['a100']));
    expect(new Set(scenario.jobs.map((j) => j.nodePool))).toEqual(new Set(['a100']));
    expect(r.notes.join('\n')).toContain(
      '1 node(s), 1 queue(s) and 1 pod group(s) are outside the shard with kai.scheduler/node-pool=a100',
    );
    expect(r.notes.join('\n')).toContain('1 pod(s) of pod groups outside the shard');
    expect(r.unmapped.map((g) => g.what)).not.toContain('schedulerParams.partitionParams');
    // The pool runs: the fixture's reclaim happens in it, and every decision names it.
    const doc = [...streamRunDocument(scenario)].join('');
    expect(doc).toContain('"kind": "evict"');
    expect(doc).toContain('"pool": "a100"');
  });

  it('decides what the same cluster decides without pools (one shard is the whole scheduler)', () => {
    const pooled = parsed(importJson(shardSnapshot(POOL, 'a100', 'h100')).text);
    const plain = parsed(importJson(fixture()).text);
    const kinds = (s: Scenario) =>
      [...streamRunDocument(s)]
        .join('')
        .split('\n')
        .filter((l) => /"(kind|job|task|node)":/.test(l))
        .join('\n');
    expect(kinds({ ...pooled, name: plain.name })).toBe(kinds(plain));
  });

  it('the default shard (no value) lists only unlabelled objects and needs no pool', () => {
    const r = importJson(shardSnapshot(POOL, '', 'h100'));
    const scenario = parsed(r.text);
    expect(scenario.nodePools ?? []).toEqual([]);
    expect(r.imported.nodes).toBe(2);
    expect(scenario.queues.map((q) => q.name)).not.toContain('vision');
    expect(r.notes.join('\n')).toContain(
      'outside the shard of objects without the label kai.scheduler/node-pool',
    );
  });

  it('a custom node-pool label key filters the same way but is listed as not mapped', () => {
    const r = importJson(shardSnapshot('example.com/pool', 'a100', 'h100'));
    const scenario = parsed(r.text);
    expect(scenario.nodePools ?? []).toEqual([]);
    expect(r.imported.nodes).toBe(2);
    const group = r.unmapped.find((g) => g.what === 'schedulerParams.partitionParams');
    expect(group?.reason).toContain('not example.com/pool');
  });

  it('without a partition, a node-pool label on queues and pod groups is an ordinary label', () => {
    const s = shardSnapshot('', '', 'h100');
    for (const list of ['queues', 'podGroups'])
      for (const o of raw(s)[list] ?? []) meta(o).labels = { ...(meta(o).labels as Json), [POOL]: 'a100' };
    const r = importJson(s);
    const scenario = parsed(r.text);
    expect(scenario.nodePools ?? []).toEqual([]);
    expect(scenario.queues.every((q) => q.nodePool === undefined)).toBe(true);
    expect(r.imported.nodes).toBe(3);
    expect(r.notes.join('\n')).toContain('the label is not a node pool here');
  });

  it('redaction pseudonymises the pool like any label value', () => {
    const r = importJson(shardSnapshot(POOL, 'a100', 'h100'), true);
    expect(r.text).not.toContain('a100');
    expect(r.notes.join('\n')).not.toContain('a100');
    const scenario = parsed(r.text);
    const pseudonym = scenario.nodePools?.[0]?.name;
    expect(pseudonym).toMatch(/^value-\d+$/);
    expect(r.redaction).toContainEqual({ kind: 'label', original: 'a100', pseudonym });
    expect(new Set(scenario.jobs.map((j) => j.nodePool))).toEqual(new Set([pseudonym]));
  });
});
