/**
 * Random multi-document Kubernetes YAML, as people export it from clusters (format §12): KAI and Volcano
 * Queues, KAI and Volcano PodGroups, Pods and Volcano Jobs whose containers ask for GPUs under `requests`,
 * under `limits` only (the usual way to ask for a GPU: Kubernetes then defaults the request to the limit),
 * or both; annotations, many labels, Nodes, huge or odd `replicas`; and the YAML features real files
 * carry: anchors and aliases (also an alias inside its own anchor, and alias fan-out), comments, `---`
 * separators, CRLF. Each document also says what GPU each generated task must import with, so the fuzzer
 * can check that nothing asked for is lost.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { at } from './menus';
import { PROFILE_MODULES } from '../../registry';

export interface RawKubeObject {
  kind: number;
  name: number;
  queue: number;
  /** 0 requests, 1 limits only, 2 both, 3 none. */
  where: number;
  gpu: number;
  cpu: number;
  labels: number;
  annotate: boolean;
  replicas: number;
  tasks: number;
  running: boolean;
  group: number;
  /** 0 none; else an anchor/alias pattern (ALIAS_PATTERNS). */
  alias: number;
}

export interface RawKubeDocument {
  objects: RawKubeObject[];
  crlf: boolean;
  comments: boolean;
}

const KINDS = [
  'Pod',
  'KaiPodGroup',
  'VolcanoJob',
  'KaiQueue',
  'VolcanoQueue',
  'VolcanoPodGroup',
  'Node',
  'PriorityClass',
] as const;
const GPUS = [1, 2, 0, 8, 4, 1000, 0.5];
const CPUS = ['1', '500m', '2', null, '0.1'];
/** Label counts: none, a few, the format's limit, past it, and the 40,000. */
const LABEL_COUNTS = [0, 3, 1, 1000, 1001, 40_000];
/** Replicas: ordinary, zero, huge (issue 18: 1e9 filled the heap), negative, fractional, text. */
const REPLICAS: unknown[] = [1, 3, 2, 0, 1e9, -1, 2.5, '3', 1e308, 200_000];
const ALIAS_PATTERNS = ['none', 'shared-resources', 'recursive-metadata', 'fan-out', 'merge-key'] as const;

/**
 * The `schedulerName` the profile that claims `apiVersion`/`kind` writes on what it exports, so a generated
 * document names the scheduler its import expects without this file naming a profile. Asked when a document
 * is built, never at load (the profiles' generator hooks import the generators).
 */
function schedulerNameOf(apiVersion: string, kind: string): string {
  const owner = PROFILE_MODULES.find((m) => m.kubernetes.claims(apiVersion, kind, {}));
  if (owner === undefined) throw new RangeError(`no profile claims ${apiVersion} ${kind}`);
  return owner.kubernetes.schedulerName;
}

const rawObject: fc.Arbitrary<RawKubeObject> = fc.record({
  kind: fc.nat(KINDS.length - 1),
  name: fc.nat(5),
  queue: fc.nat(3),
  where: fc.nat(3),
  gpu: fc.nat(GPUS.length - 1),
  cpu: fc.nat(CPUS.length - 1),
  labels: fc.oneof(
    { arbitrary: fc.nat(2), weight: 20 },
    { arbitrary: fc.nat(LABEL_COUNTS.length - 1), weight: 1 },
  ),
  annotate: fc.boolean(),
  replicas: fc.oneof(
    { arbitrary: fc.nat(3), weight: 20 },
    { arbitrary: fc.nat(REPLICAS.length - 1), weight: 1 },
  ),
  tasks: fc.integer({ min: 1, max: 3 }),
  running: fc.boolean(),
  group: fc.nat(3),
  alias: fc.oneof(
    { arbitrary: fc.constant(0), weight: 12 },
    { arbitrary: fc.nat(ALIAS_PATTERNS.length - 1), weight: 1 },
  ),
});

export const rawKubeDocument: fc.Arbitrary<RawKubeDocument> = fc.record({
  objects: fc.array(rawObject, { minLength: 1, maxLength: 8 }),
  crlf: fc.boolean(),
  comments: fc.boolean(),
});

export interface KubeCase {
  text: string;
  /** Task name → the GPUs it must import with (only tasks whose documents are otherwise ordinary). */
  gpuOf: Record<string, number>;
}

function labels(n: number, i: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let k = 0; k < n; k++) out[`example.com/l${k}`] = `v${(k + i) % 7}`;
  return out;
}

function container(o: RawKubeObject): { spec: Record<string, unknown>; gpu: number | null } {
  const gpu = at(GPUS, o.gpu);
  const cpu = at(CPUS, o.cpu);
  const list: Record<string, unknown> = { 'nvidia.com/gpu': gpu };
  if (cpu !== null) list['cpu'] = cpu;
  const resources: Record<string, unknown> = {};
  if (o.where === 0 || o.where === 2) resources['requests'] = list;
  if (o.where === 1 || o.where === 2) resources['limits'] = { ...list };
  const c = { name: 'main', image: 'registry.k8s.io/pause:3.9', resources };
  // Kubernetes: an extended resource's request defaults to its limit; without either, no GPU.
  return { spec: { containers: [c] }, gpu: o.where === 3 ? 0 : gpu };
}

/** One object as plain data, and the GPUs its tasks must carry. */
function objectOf(o: RawKubeObject, i: number, gpuOf: Record<string, number>): Record<string, unknown> {
  const kind = at(KINDS, o.kind);
  const name = `${kind.toLowerCase()}-${o.name}-${i}`;
  const metadata: Record<string, unknown> = { name };
  const labelCount = at(LABEL_COUNTS, o.labels);
  const queue = `q${o.queue}`;
  const ordinary = labelCount <= 1000 && o.alias === 0;
  if (labelCount > 0) metadata['labels'] = labels(labelCount, i);
  if (o.annotate) metadata['annotations'] = { 'sla-waiting-time': `${o.name + 1}m`, note: 'from a cluster' };
  switch (kind) {
    case 'Pod': {
      const c = container(o);
      const podLabels = {
        ...(metadata['labels'] as Record<string, string> | undefined),
        'kai.scheduler/queue': queue,
      };
      metadata['labels'] = podLabels;
      if (o.group > 0)
        metadata['annotations'] = {
          ...(metadata['annotations'] as Record<string, string> | undefined),
          [o.group % 2 === 0 ? 'pod-group-name' : 'scheduling.k8s.io/group-name']: `podgroup-${o.group}`,
        };
      const spec: Record<string, unknown> = { ...c.spec, schedulerName: 'kai-scheduler' };
      const pod: Record<string, unknown> = { apiVersion: 'v1', kind: 'Pod', metadata, spec };
      if (o.running) {
        spec['nodeName'] = `node-${o.queue}`;
        pod['status'] = { phase: 'Running' };
      }
      if (ordinary && !o.running && c.gpu !== null && Number.isInteger(c.gpu)) gpuOf[name] = c.gpu;
      return pod;
    }
    case 'KaiPodGroup':
    case 'VolcanoPodGroup': {
      metadata['name'] = `podgroup-${o.group}`;
      return {
        apiVersion: kind === 'KaiPodGroup' ? 'scheduling.run.ai/v2alpha2' : 'scheduling.volcano.sh/v1beta1',
        kind: 'PodGroup',
        metadata,
        spec: { queue, minMember: o.tasks },
      };
    }
    case 'VolcanoJob': {
      const replicas = at(REPLICAS, o.replicas);
      const tasks = Array.from({ length: o.tasks }, (_, k) => {
        const c = container(o);
        const taskName = `t${k}`;
        if (
          ordinary &&
          typeof replicas === 'number' &&
          replicas >= 1 &&
          replicas <= 3 &&
          c.gpu !== null &&
          Number.isInteger(c.gpu)
        )
          gpuOf[`${name}-${taskName}-0`] = c.gpu;
        return { name: taskName, replicas, template: { spec: c.spec } };
      });
      const apiVersion = 'batch.volcano.sh/v1alpha1';
      return {
        apiVersion,
        kind: 'Job',
        metadata,
        spec: { schedulerName: schedulerNameOf(apiVersion, 'Job'), queue, minAvailable: o.tasks, tasks },
      };
    }
    case 'KaiQueue':
      metadata['name'] = queue;
      return {
        apiVersion: 'scheduling.run.ai/v2',
        kind: 'Queue',
        metadata,
        spec: { resources: { gpu: { quota: at(GPUS, o.gpu), limit: -1, overQuotaWeight: 1 } } },
      };
    case 'VolcanoQueue':
      metadata['name'] = queue;
      return {
        apiVersion: 'scheduling.volcano.sh/v1beta1',
        kind: 'Queue',
        metadata,
        spec: { weight: o.tasks, reclaimable: o.running, capability: { 'nvidia.com/gpu': at(GPUS, o.gpu) } },
      };
    case 'Node':
      metadata['name'] = `node-${o.queue}`;
      return {
        apiVersion: 'v1',
        kind: 'Node',
        metadata,
        status: { allocatable: { 'nvidia.com/gpu': at(GPUS, o.gpu), cpu: '16', memory: '64Gi', pods: 110 } },
      };
    default:
      return {
        apiVersion: 'scheduling.k8s.io/v1',
        kind: 'PriorityClass',
        metadata,
        value: o.name * 25,
        preemptionPolicy: o.running ? 'Never' : 'PreemptLowerPriority',
      };
  }
}

/** A document's YAML with its anchor/alias pattern written in (text, as a person or a tool writes it). */
function withAliases(yaml: string, pattern: (typeof ALIAS_PATTERNS)[number]): string {
  switch (pattern) {
    case 'shared-resources':
      // One anchored resource list, aliased by a second container.
      return yaml
        .replace(/^( +)resources:\n/m, (_, indent: string) => `${indent}resources: &res\n`)
        .replace(
          /^(\s*)- name: main\n/m,
          '$1- name: side\n$1  image: busybox\n$1  resources: *res\n$1- name: main\n',
        );
    case 'recursive-metadata':
      // Issue 18: an alias inside its own anchor makes a cyclic object.
      return yaml.replace(/^metadata:\n/m, 'metadata: &meta\n  self: *meta\n');
    case 'fan-out':
      // Each level aliases the one before ten times ("billion laughs"); the format allows 100 expansions.
      return `${yaml}x-a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nx-b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nx-c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nx-d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n`;
    case 'merge-key':
      return yaml.replace(
        /^metadata:\n/m,
        'x-defaults: &defaults\n  namespace: team-a\nmetadata:\n  <<: *defaults\n',
      );
    default:
      return yaml;
  }
}

export function kubernetesCase(raw: RawKubeDocument): KubeCase {
  const gpuOf: Record<string, number> = {};
  const docs = raw.objects.map((o, i) => {
    const yaml = stringify(objectOf(o, i, gpuOf), { lineWidth: 0 });
    return withAliases(yaml, at(ALIAS_PATTERNS, o.alias));
  });
  const text = docs
    .map((d, i) => (raw.comments ? `# object ${i + 1}, exported by kubectl\n${d}` : d))
    .join('---\n');
  return { text: raw.crlf ? text.replace(/\n/g, '\r\n') : text, gpuOf };
}
