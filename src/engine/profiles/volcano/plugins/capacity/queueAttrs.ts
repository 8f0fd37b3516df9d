/**
 * The capacity plugin's queue figures at session open (volcano `plugins/capacity/capacity.go` @ed72c7c8):
 * deserved, capability, guarantee, real capability and share per queue, flat (`buildQueueAttrs`,
 * capacity.go:1056-1210) or as a tree under the root queue (`buildHierarchicalQueueAttrs`,
 * capacity.go:1212-1420, `checkHierarchicalQueue` capacity.go:1487-1556).
 *
 * Vectors carry gpu, cpu, memory and pods. Every task requests `pods: 1` as upstream's Resreq does
 * (api/pod_info.go:126); the checks that upstream makes without the `pods` scalar skip it here too. An
 * unset dimension of a capability is Infinity. Upstream tells a scalar (gpu) written as 0 from one that is
 * absent in deserved; `deservedGpu` keeps that difference.
 */
import {
  QUEUE_RESOURCE_NAMES,
  RESOURCE_NAMES,
  addInto,
  zeroResources,
  type Resources,
} from '../../../../model/resources';
import type { QueueSpec } from '../../../../model/scenario';
import { VOLCANO_TOLERANCE } from '../../../../framework/NodeAccount';
import type { JobInfo } from '../../api/JobInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import { addJobDemand, emptyDemand, type QueueDemand } from '../../api/queueDemand';

/** Upstream's implicit top of the tree (capacity.go:49 `rootQueueID`). */
export const ROOT_QUEUE = 'root';

export interface CapacityAttr extends QueueDemand {
  name: string;
  /** Null for the root queue when the scenario does not define one. */
  queue: QueueInfo | null;
  /** Root first, direct parent last (capacity.go:1482). Empty without hierarchy. */
  ancestors: string[];
  children: string[];
  deserved: Resources;
  /** Whether deserved carries a gpu entry at all (even 0): upstream's scalar map presence. */
  deservedGpu: boolean;
  capability: Resources;
  realCapability: Resources;
  guarantee: Resources;
  share: number;
}

const T = VOLCANO_TOLERANCE;

function listOf(spec: Partial<Resources> | null, absent: number): Resources {
  const r = { gpu: absent, cpu: absent, memory: absent, pods: absent };
  if (spec) for (const n of RESOURCE_NAMES) if (spec[n] !== undefined) r[n] = spec[n];
  return r;
}

function written(spec: Partial<Resources> | null): boolean {
  return spec !== null && RESOURCE_NAMES.some((n) => spec[n] !== undefined);
}

function newAttr(name: string, queue: QueueInfo | null): CapacityAttr {
  const spec: QueueSpec | null = queue?.spec ?? null;
  return {
    name,
    queue,
    ancestors: [],
    children: [],
    ...emptyDemand(),
    deserved: listOf(spec?.deserved ?? null, 0),
    deservedGpu: spec?.deserved?.gpu !== undefined || spec?.guarantee?.gpu !== undefined,
    capability: listOf(spec?.capability ?? null, Infinity),
    realCapability: zeroResources(),
    guarantee: listOf(spec?.guarantee ?? null, 0),
    share: 0,
  };
}

/** `api.ExceededPart(l, r)`: the part of l above r, per dimension. */
function exceeded(l: Resources, r: Resources): Resources {
  const out = zeroResources();
  for (const n of RESOURCE_NAMES) out[n] = Math.max(l[n] - r[n], 0);
  return out;
}

function minInto(a: Resources, b: Resources): void {
  for (const n of RESOURCE_NAMES) a[n] = Math.min(a[n], b[n]);
}

function maxInto(a: Resources, b: Resources): void {
  for (const n of RESOURCE_NAMES) a[n] = Math.max(a[n], b[n]);
}

/** `Resource.IsEmpty()`: every dimension but `pods` below the minimum quantity. */
export function isEmptyRes(r: Resources): boolean {
  return QUEUE_RESOURCE_NAMES.every((n) => r[n] < T[n]);
}

/**
 * `updateQueueAttrShare` (capacity.go:1817-1846): a queue without deserved is best effort with share 1;
 * otherwise the largest allocated/deserved over the dimensions deserved names.
 */
export function updateShare(attr: CapacityAttr): void {
  if (isEmptyRes(attr.deserved)) {
    attr.share = 1;
    return;
  }
  let s = 0;
  // `deserved.ResourceNames()` includes a written `pods` entry (resource_info.go:195-213).
  for (const n of RESOURCE_NAMES) {
    const d = attr.deserved[n];
    if (d < T[n]) continue;
    s = Math.max(s, attr.allocated[n] / d);
  }
  attr.share = s;
}

/** Flat figures (capacity.go:1056-1197): only queues that hold a job get figures, as upstream. */
export function buildFlat(
  queues: ReadonlyMap<string, QueueInfo>,
  jobs: readonly JobInfo[],
  total: Resources,
): Map<string, CapacityAttr> {
  const totalGuarantee = zeroResources();
  for (const q of queues.values())
    if (written(q.spec.guarantee)) addInto(totalGuarantee, listOf(q.spec.guarantee, 0));
  const attrs = new Map<string, CapacityAttr>();
  for (const job of jobs) {
    let attr = attrs.get(job.queue);
    if (!attr) {
      const queue = queues.get(job.queue) as QueueInfo;
      attr = newAttr(queue.name, queue);
      // A written capability without (or with a non-positive) cpu or memory leaves it unbounded (1083-1090).
      if (!(attr.capability.cpu > 0)) attr.capability.cpu = Infinity;
      if (!(attr.capability.memory > 0)) attr.capability.memory = Infinity;
      const real = exceeded(total, totalGuarantee);
      addInto(real, attr.guarantee);
      minInto(real, attr.capability);
      attr.realCapability = real;
      attrs.set(job.queue, attr);
    }
    addJobDemand(attr, job);
  }
  for (const attr of attrs.values()) {
    // deserved := min(deserved, realCapability), then max(deserved, guarantee) (1149-1153).
    minInto(attr.deserved, attr.realCapability);
    maxInto(attr.deserved, attr.guarantee);
    updateShare(attr);
  }
  return attrs;
}

/**
 * Hierarchical figures (capacity.go:1212-1356): every queue gets figures; a job's demand also counts in
 * every ancestor. Returns null when upstream would refuse the session ("not ready to schedule"): a job
 * on a queue that has child queues (capacity.go:1240-1243). The scenario validator refuses that input
 * first, so this only guards queue updates made during a run.
 */
export function buildTree(
  queues: ReadonlyMap<string, QueueInfo>,
  jobs: readonly JobInfo[],
): { attrs: Map<string, CapacityAttr>; refusal: string | null } {
  const attrs = new Map<string, CapacityAttr>();
  if (!queues.has(ROOT_QUEUE)) attrs.set(ROOT_QUEUE, newAttr(ROOT_QUEUE, null));
  for (const q of queues.values()) attrs.set(q.name, newAttr(q.name, q));
  // Parents are resolved from the root down; the validator has ruled out cycles and unknown parents.
  const parentOf = (a: CapacityAttr): string | null =>
    a.name === ROOT_QUEUE ? null : (a.queue?.spec.parent ?? ROOT_QUEUE);
  const resolve = (a: CapacityAttr, depth: number): string[] => {
    const p = parentOf(a);
    if (p === null || depth > attrs.size) return [];
    const parent = attrs.get(p);
    if (!parent) return [];
    return [...resolve(parent, depth + 1), p];
  };
  for (const a of attrs.values()) {
    a.ancestors = resolve(a, 0);
    const p = a.ancestors[a.ancestors.length - 1];
    if (p !== undefined) (attrs.get(p) as CapacityAttr).children.push(a.name);
  }
  for (const job of jobs) {
    const attr = attrs.get(job.queue);
    if (!attr) continue;
    if (attr.children.length > 0) {
      return {
        attrs,
        refusal: `queue ${attr.name} of job ${job.name} is not a leaf queue (it has child queues ${attr.children.join(', ')})`,
      };
    }
    const delta = emptyDemand();
    addJobDemand(delta, job);
    for (const name of [...attr.ancestors, attr.name]) {
      const target = attrs.get(name) as CapacityAttr;
      addInto(target.allocated, delta.allocated);
      addInto(target.request, delta.request);
      addInto(target.inqueue, delta.inqueue);
      addInto(target.elastic, delta.elastic);
    }
  }
  const root = attrs.get(ROOT_QUEUE) as CapacityAttr;
  // The root is not limited by the cluster: users restrict through queues they create (1323-1341).
  if (!written(root.queue?.spec.capability ?? null)) root.capability = listOf(null, Infinity);
  root.realCapability = { ...root.capability };
  checkLevel(root, attrs);
  for (const a of attrs.values()) updateShare(a);
  return { attrs, refusal: null };
}

/** `checkHierarchicalQueue` (capacity.go:1487-1556), breadth of one parent, then its children. */
function checkLevel(top: CapacityAttr, attrs: ReadonlyMap<string, CapacityAttr>): void {
  const stack = [top];
  while (stack.length > 0) {
    const attr = stack.pop() as CapacityAttr;
    const kids = attr.children.map((c) => attrs.get(c) as CapacityAttr);
    const totalGuarantee = zeroResources();
    const totalDeserved = zeroResources();
    let anyGpu = false;
    for (const child of kids) {
      maxInto(child.deserved, child.guarantee);
      addInto(totalDeserved, child.deserved);
      addInto(totalGuarantee, child.guarantee);
      anyGpu ||= child.deservedGpu;
      // Unset cpu/memory (≤ 0) and absent scalars of a child's capability come from its parent (1493-1512).
      const spec = child.queue?.spec.capability ?? null;
      if (!(child.capability.cpu > 0)) child.capability.cpu = attr.capability.cpu;
      if (!(child.capability.memory > 0)) child.capability.memory = attr.capability.memory;
      if (spec?.gpu === undefined) child.capability.gpu = attr.capability.gpu;
    }
    if (attr.name === ROOT_QUEUE) {
      attr.guarantee = totalGuarantee;
      attr.deserved = totalDeserved;
      attr.deservedGpu = anyGpu;
    }
    for (const child of kids) {
      const real = exceeded(attr.realCapability, totalGuarantee);
      addInto(real, child.guarantee);
      minInto(real, child.capability);
      child.realCapability = real;
    }
    // Upstream recurses over a map (random order); the figures do not depend on the order.
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as CapacityAttr);
  }
}

/** `isLeafQueue` (capacity.go:1585-1587). */
export function isLeaf(attr: CapacityAttr): boolean {
  return attr.children.length === 0;
}
