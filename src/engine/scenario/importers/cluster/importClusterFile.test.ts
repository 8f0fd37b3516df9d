/**
 * Issue 19 "Done when": snapshots of four shapes, built from upstream's object shapes (fixtures/), run as
 * the hand-written scenarios beside them do (byte-identical runner documents, §9); an unsupported-feature
 * snapshot is reported, not silently changed; redaction leaks no name; every bound gives a clear error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, looksLikeClusterFile, parseScenario, streamRunDocument } from '../../../index';
import type { Scenario } from '../../../model/scenario';
import { SHAPES } from './fixtures/shapes';
import { SnapshotJsonSplitter, type SnapshotJsonSink } from './splitSnapshotJson';

const FIXTURES = join(__dirname, 'fixtures');
const snapshotText = (shape: string) => readFileSync(join(FIXTURES, `${shape}.snapshot.json`), 'utf8');

type Json = Record<string, unknown>;
const snapshotOf = (shape: string) => JSON.parse(snapshotText(shape)) as Json;
const bytesOf = (value: unknown) => strToU8(JSON.stringify(value));
const raw = (s: Json) => s.rawObjects as Record<string, Json[]>;

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
  return p.scenario;
}

function imported(bytes: Uint8Array, redact = false) {
  const r = importClusterBytes(bytes, { fileName: 'snapshot.zip', redact });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

/** The runner document (§9) of `a`, run for as long as the hand-written `b` runs, under `b`'s name. */
function runnerDocument(a: Scenario, b: Scenario): string {
  return [...streamRunDocument({ ...a, name: b.name, run: b.run })].join('');
}

describe('KAI snapshots run as the same scenario written by hand', () => {
  for (const shape of SHAPES) {
    it(`${shape}: byte-identical runner documents`, () => {
      const hand = parsed(readFileSync(join(FIXTURES, `${shape}.scenario.yaml`), 'utf8'));
      const fromSnapshot = parsed(imported(strToU8(snapshotText(shape))).text);
      const expected = [...streamRunDocument(hand)].join('');
      expect(runnerDocument(fromSnapshot, hand)).toBe(expected);
      // The shape did happen: every scenario here evicts someone.
      expect(expected).toContain('"kind": "evict"');
    });
  }

  it('reads snapshot.zip (the /get-snapshot reply) as the bare snapshot.json', () => {
    const text = snapshotText('lca-cousin-subtree');
    const zip = zipSync({ 'snapshot.json': strToU8(text) });
    const fromZip = imported(zip);
    expect(fromZip.source).toBe('kai-snapshot');
    expect(fromZip.text).toBe(imported(strToU8(text)).text);
  });

  it('takes "now" from the latest timestamp and says which field', () => {
    const r = imported(strToU8(snapshotText('reclaim-min-runtime')));
    expect(r.now).toEqual({
      iso: '2026-03-02T09:30:00.000Z',
      field: 'Pod/product/train-b-0: metadata.creationTimestamp',
    });
    expect(r.imported).toEqual({ nodes: 2, queues: 3, jobs: 5, tasks: 6 });
  });

  it('lists the config plugins the engine does not simulate, by name', () => {
    const r = imported(strToU8(snapshotText('gang-consolidation')));
    const what = r.unmapped.map((g) => g.what);
    // topology is simulated since KAI's topology-aware scheduling is (§21): it stays in the tiers.
    expect(what).not.toContain('config plugin topology');
    expect(what).toContain('config plugin gpupack');
    // The snapshot plugin only serves /get-snapshot: set aside (documented allow-list).
    expect(what).not.toContain('config plugin snapshot');
  });
});

describe('what the engine does not model is reported, not silently changed', () => {
  const base = snapshotOf('reclaim-min-runtime');
  const withFeatures = structuredClone(base);
  const objects = raw(withFeatures);
  const pod = objects.pods?.[5] as Json;
  (pod.spec as Json).affinity = {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }],
      },
    },
  };
  (pod.spec as Json).resourceClaims = [{ name: 'gpu', resourceClaimName: 'train-b-gpu' }];
  objects.resourceClaims = [{ metadata: { name: 'train-b-gpu', namespace: 'product' }, spec: {} }];
  // A list a newer KAI may write: reported whole.
  objects.futureThings = [{ anything: 1 }, 'two'] as unknown as Json[];

  it('lists each feature with its count and object path', () => {
    const r = imported(bytesOf(withFeatures));
    const byWhat = new Map(r.unmapped.map((g) => [g.what, g]));
    // Topologies and constraints are read since §21 (see the test below).
    expect(byWhat.get('PodGroup spec.topologyConstraint')).toBeUndefined();
    expect(byWhat.get('Pod spec.affinity')?.paths[0]).toMatch(/^Pod\/product\/train-b-1: spec\.affinity\./);
    expect(byWhat.get('Pod spec.resourceClaims')).toMatchObject({ count: 1 });
    expect(byWhat.get('rawObjects.resourceClaims')).toMatchObject({
      count: 1,
      reason: 'DRA resource claims are not modelled',
      paths: ['ResourceClaim/product/train-b-gpu'],
    });
    expect(byWhat.get('rawObjects.topologies')).toBeUndefined();
    expect(byWhat.get('rawObjects.futureThings')).toMatchObject({
      count: 2,
      reason: 'a list this version does not read',
    });
    // Also written into the scenario's header, so the text says it too.
    expect(r.text).toContain('# Not mapped: Pod spec.affinity (1): node and pod affinity are not modelled');
  });

  it('leaves the scenario as it was: the engine runs it as without those fields', () => {
    const plain = parsed(imported(bytesOf(base)).text);
    const featured = parsed(imported(bytesOf(withFeatures)).text);
    expect(runnerDocument(featured, plain)).toBe([...streamRunDocument(plain)].join(''));
  });

  // Topology-aware scheduling is modelled (§21): a constraint changes the run, so it is not among the
  // features above that must leave it unchanged.
  const withTopology = structuredClone(base);
  const topologyObjects = raw(withTopology);
  const group = topologyObjects.podGroups?.[4] as Json;
  (group.spec as Json).topologyConstraint = { requiredTopologyLevel: 'rack', topology: 'cluster-topology' };
  topologyObjects.topologies = [
    { metadata: { name: 'cluster-topology' }, spec: { levels: [{ nodeLabel: 'rack' }] } },
  ];

  it('reads Topology objects and PodGroup topology constraints (§21)', () => {
    const scenario = parsed(imported(bytesOf(withTopology)).text);
    expect(scenario.topologies).toEqual([{ name: 'cluster-topology', levels: [{ nodeLabel: 'rack' }] }]);
    const constrained = [
      ...scenario.jobs,
      ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : [])),
    ].filter((j) => j.topologyConstraint !== undefined);
    expect(constrained.map((j) => j.name)).toEqual([constrained[0]?.name]);
    expect(constrained[0]?.topologyConstraint).toEqual({
      topology: 'cluster-topology',
      requiredLevel: 'rack',
      preferredLevel: null,
    });
  });

  it('lists a constraint that names a topology the snapshot lacks, and leaves it out', () => {
    const lacking = structuredClone(withTopology);
    raw(lacking).topologies = [];
    const r = imported(bytesOf(lacking));
    const group = r.unmapped.find((g) => g.what === 'PodGroup spec.topologyConstraint');
    expect(group?.reason).toBe('names a topology the snapshot does not hold (KAI keeps such a job pending)');
    expect(parsed(r.text).jobs.every((j) => j.topologyConstraint === undefined)).toBe(true);
  });

  it('sets aside only what the allow-list names: default tolerations, images, status', () => {
    const r = imported(bytesOf(base));
    const what = r.unmapped.map((g) => g.what);
    expect(what.filter((w) => w.startsWith('Pod '))).toEqual([]);
    expect(what.filter((w) => w.startsWith('Node '))).toEqual([]);
  });
});

describe('pods as the cache of KAI sees them', () => {
  const s = snapshotOf('gang-consolidation');
  const objects = raw(s);
  const pods = objects.pods as Json[];
  // A DaemonSet pod of the default scheduler on node-0: its requests come off node-0.
  pods.push({
    metadata: {
      name: 'dcgm-exporter-x1',
      namespace: 'gpu-operator',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    spec: {
      nodeName: 'node-0',
      schedulerName: 'default-scheduler',
      containers: [{ name: 'e', resources: { requests: { cpu: '500m', memory: '1Gi' } } }],
    },
    status: { phase: 'Running' },
  });
  // A finished pod holds nothing.
  pods.push({
    metadata: { name: 'old-run-0', namespace: 'team', annotations: { 'pod-group-name': 'old-run' } },
    spec: { schedulerName: 'kai-scheduler', nodeName: 'node-2', containers: [] },
    status: { phase: 'Succeeded' },
  });
  // Without small-b, node-1 is free; the gang's first pod has a bind request in flight to it.
  objects.podGroups = (objects.podGroups as Json[]).filter((g) => (g.metadata as Json).name !== 'small-b');
  objects.pods = pods.filter((p) => (p.metadata as Json).name !== 'small-b-0');
  objects.bindRequests = [
    {
      metadata: { name: 'gang-0-bind', namespace: 'team' },
      spec: { podName: 'gang-0', selectedNode: 'node-1', receivedResourceType: 'Regular' },
      status: { phase: 'Pending' },
    },
  ];

  it('takes other schedulers\u2019 pods off their node, drops finished pods, binds in-flight requests', () => {
    const r = imported(bytesOf(s));
    const scenario = parsed(r.text);
    const node0 = scenario.nodes.find((n) => n.name === 'node-0');
    expect(node0?.resources).toMatchObject({ cpu: 63.5, pods: 109, gpu: 4 });
    expect(scenario.jobs.map((j) => j.name)).toEqual(['small-a', 'small-c', 'gang']);
    const gang = scenario.jobs.find((j) => j.name === 'gang');
    expect(gang?.tasks.map((t) => [t.name, t.status, t.node])).toEqual([
      ['gang-0', 'Running', 'node-1'],
      ['gang-1', 'Pending', null],
    ]);
    expect(r.notes.join('\n')).toMatch(/1 pod\(s\) of other schedulers/);
    expect(r.notes.join('\n')).toMatch(/1 pod\(s\) with a bind request in flight/);
  });
});

describe('redaction', () => {
  const bytes = strToU8(snapshotText('reclaim-min-runtime'));
  const r = imported(bytes, true);

  it('replaces every namespace, queue, job, task, node and label value, deterministically', () => {
    // (The fixture's nodes are already named node-0 and node-1, as their pseudonyms node-1 and node-2.)
    const originals = ['sweep-1', 'serving-a', 'train-b', 'research', 'product', 'org'];
    const shown = JSON.stringify({ text: r.text, notes: r.notes, unmapped: r.unmapped, now: r.now });
    for (const name of originals) expect(shown).not.toContain(name);
    expect(r.redaction).toContainEqual({ kind: 'queue', original: 'org', pseudonym: 'queue-1' });
    expect(r.redaction).toContainEqual({ kind: 'node', original: 'node-1', pseudonym: 'node-2' });
    expect(importClusterBytes(bytes, { redact: true })).toEqual(importClusterBytes(bytes, { redact: true }));
  });

  it('gives a scenario that runs as the original, names apart', () => {
    const plain = parsed(imported(bytes).text);
    const redacted = parsed(r.text);
    const rename = new Map((r.redaction ?? []).map((row) => [row.pseudonym, row.original]));
    const back = runnerDocument(redacted, plain).replace(/"([^"]+)"/g, (m, name: string) =>
      rename.has(name) ? `"${rename.get(name) ?? ''}"` : m,
    );
    // Task names inside decisions' reasons are not quoted; compare the structured fields only.
    const strip = (doc: string) =>
      JSON.stringify(JSON.parse(doc), (k, v: unknown) => (k === 'reason' ? '' : v));
    expect(strip(back)).toBe(strip([...streamRunDocument(plain)].join('')));
  });
});

describe('bounds and errors name the object path or zip entry', () => {
  const errorsOf = (bytes: Uint8Array) => {
    const r = importClusterBytes(bytes, { fileName: 's.zip' });
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.errors.join('\n');
  };

  it('a zip without snapshot.json', () => {
    expect(errorsOf(zipSync({ 'notes.txt': strToU8('hello') }))).toMatch(
      /the zip holds no snapshot\.json \(entries: notes\.txt\)/,
    );
  });

  it('a damaged zip and a file that is nothing known', () => {
    const zip = zipSync({ 'snapshot.json': strToU8(snapshotText('lca-cousin-subtree')) });
    expect(errorsOf(zip.subarray(0, 2000))).toMatch(/snapshot\.json|zip/);
    expect(errorsOf(strToU8('\u0000\u0001 binary'))).toMatch(/not a Kubernetes object/);
  });

  it('a zip bomb: snapshot.json expanding past the compression-ratio bound', () => {
    const padding = ' '.repeat(17 * 1024 * 1024);
    const bomb = zipSync(
      { 'snapshot.json': strToU8(`{"rawObjects": {"pods": [${padding}]}}`) },
      { level: 9 },
    );
    expect(errorsOf(bomb)).toMatch(/zip entry snapshot\.json: expands more than 200 times.*zip bomb/);
  });

  it('an unknown apiVersion, a missing name, a wrongly typed spec', () => {
    const s = snapshotOf('lca-cousin-subtree');
    const pods = raw(s).pods as Json[];
    (pods[0] as Json).apiVersion = 'v2';
    delete ((pods[1] as Json).metadata as Json).name;
    (pods[2] as Json).spec = 'none';
    const errors = errorsOf(bytesOf(s));
    expect(errors).toContain(
      'rawObjects.pods[0].apiVersion: "v2" is not known for rawObjects.pods (expected v1)',
    );
    expect(errors).toContain('rawObjects.pods[1].metadata.name: missing or not a string');
    expect(errors).toContain('rawObjects.pods[2].spec: expected an object, got a string');
  });

  it('a cut file and broken JSON inside an object', () => {
    const text = snapshotText('lca-cousin-subtree');
    expect(errorsOf(strToU8(text.slice(0, text.length / 2)))).toMatch(/snapshot\.json ends early/);
    expect(errorsOf(strToU8(text.replace('"minMember": 1', '"minMember": 1,,')))).toMatch(
      /rawObjects\.podGroups\[0\]: not valid JSON/,
    );
  });

  it('JSON that is no snapshot', () => {
    expect(errorsOf(strToU8('{"config": {}}'))).toMatch(/no rawObjects: this JSON is not a KAI snapshot/);
  });
});

describe('detection and the Kubernetes YAML route', () => {
  it('knows a zip, a snapshot and Kubernetes YAML by content', () => {
    expect(looksLikeClusterFile(zipSync({ a: strToU8('x') }))).toBe(true);
    expect(looksLikeClusterFile(strToU8(snapshotText('gang-consolidation')))).toBe(true);
    expect(looksLikeClusterFile(strToU8('apiVersion: v1\nkind: Node\nmetadata: {name: n}\n'))).toBe(true);
    expect(looksLikeClusterFile(strToU8('version: 1\nnodes: []\nqueues: []\n'))).toBe(false);
  });

  it('imports a Kubernetes YAML bundle with importKubernetesYaml, unmapped fields grouped', () => {
    const yaml = [
      'apiVersion: v1',
      'kind: Node',
      'metadata: {name: n1}',
      'spec: {taints: [{key: a, effect: NoSchedule}]}',
      'status: {allocatable: {nvidia.com/gpu: "8"}}',
    ].join('\n');
    const r = importClusterBytes(strToU8(yaml));
    expect(r).toMatchObject({ ok: true, source: 'kubernetes-yaml', imported: { nodes: 1 } });
    if (r.ok) expect(r.unmapped.map((g) => g.what)).toContain('Node spec.taints[].key');
  });
});

describe('the streaming split', () => {
  it('gives the same objects whatever the chunk boundaries', () => {
    const bytes = strToU8(snapshotText('reclaim-min-runtime'));
    const collect = (sizes: number[]) => {
      const seen: string[] = [];
      const sink: SnapshotJsonSink = {
        topLevel: (k, v, p) => seen.push(`${p}=${JSON.stringify(v)}`),
        item: (_l, _i, v, p) => seen.push(`${p}=${JSON.stringify(v)}`),
        listValue: (_l, v, p) => seen.push(`${p}=${JSON.stringify(v)}`),
        rawObjects: () => seen.push('rawObjects'),
      };
      const split = new SnapshotJsonSplitter(sink, 1 << 24);
      let at = 0;
      for (let i = 0; at < bytes.length; i++) {
        const size = sizes[i % sizes.length] as number;
        split.push(bytes.slice(at, at + size));
        at += size;
      }
      split.end();
      return seen;
    };
    const whole = collect([bytes.length]);
    expect(whole.length).toBeGreaterThan(20);
    expect(collect([1])).toEqual(whole);
    expect(collect([7, 3, 4096, 1, 13])).toEqual(whole);
  });
});

describe('redacting a Kubernetes YAML bundle', () => {
  const yaml = [
    'apiVersion: scheduling.run.ai/v2',
    'kind: Queue',
    'metadata: {name: acme-research}',
    'spec: {resources: {gpu: {quota: 4, limit: -1, overQuotaWeight: 1}}}',
    '---',
    'apiVersion: v1',
    'kind: Node',
    'metadata: {name: acme-gpu-7, labels: {team: secret-team}}',
    'spec: {taints: [{key: a, effect: NoSchedule}]}',
    'status: {allocatable: {nvidia.com/gpu: "8"}}',
    '---',
    'apiVersion: v1',
    'kind: Pod',
    'metadata: {name: acme-train-0, namespace: acme, labels: {kai.scheduler/queue: acme-research}}',
    'spec: {nodeName: acme-gpu-7, nodeSelector: {team: secret-team}, containers: [{name: c, resources: {limits: {nvidia.com/gpu: 1}}}]}',
    'status: {phase: Running}',
  ].join('\n');

  it('leaks no name, and runs as the plain import does', () => {
    const r = importClusterBytes(strToU8(yaml), { redact: true });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const shown = JSON.stringify({ text: r.text, notes: r.notes, unmapped: r.unmapped });
    for (const name of ['acme', 'secret-team']) expect(shown).not.toContain(name);
    expect(r.unmapped.find((g) => g.what === 'Node spec.taints[].key')?.paths).toEqual([
      'Node/node-1: spec.taints.0.key',
    ]);
    const plain = importClusterBytes(strToU8(yaml));
    if (!plain.ok) throw new Error(plain.errors.join('\n'));
    const a = parsed(plain.text);
    expect(runnerDocument(parsed(r.text), a).replace(/"(node-1|job-1|task-1|queue-1)"/g, 'X')).toBe(
      [...streamRunDocument(a)].join('').replace(/"(acme-gpu-7|acme-train-0|acme-research)"/g, 'X'),
    );
  });
});
