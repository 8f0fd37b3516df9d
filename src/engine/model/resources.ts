/**
 * Resource vectors. Units: gpu in devices (fractions allowed), cpu in cores, memory in bytes, pods in pods.
 * A node capacity of `Infinity` means "not constrained" (the resource was omitted in the scenario).
 */
export const RESOURCE_NAMES = ['gpu', 'cpu', 'memory', 'pods'] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** The resources a queue has quota, limit and over-quota weight for (KAI and Volcano queues). */
export const QUEUE_RESOURCE_NAMES = ['gpu', 'cpu', 'memory'] as const;
export type QueueResourceName = (typeof QUEUE_RESOURCE_NAMES)[number];

export type Resources = Record<ResourceName, number>;
export type QueueResources = Record<QueueResourceName, number>;

/** Tolerance used by every resource comparison, so that 0.1 + 0.2 fits in 0.3. */
export const EPSILON = 1e-9;

export function zeroResources(): Resources {
  return { gpu: 0, cpu: 0, memory: 0, pods: 0 };
}

export function unconstrainedResources(): Resources {
  return { gpu: Infinity, cpu: Infinity, memory: Infinity, pods: Infinity };
}

export function addResources(a: Resources, b: Resources): Resources {
  return { gpu: a.gpu + b.gpu, cpu: a.cpu + b.cpu, memory: a.memory + b.memory, pods: a.pods + b.pods };
}

export function subResources(a: Resources, b: Resources): Resources {
  return { gpu: a.gpu - b.gpu, cpu: a.cpu - b.cpu, memory: a.memory - b.memory, pods: a.pods - b.pods };
}

export function scaleResources(a: Resources, k: number): Resources {
  return { gpu: a.gpu * k, cpu: a.cpu * k, memory: a.memory * k, pods: a.pods * k };
}

/** Adds `b` into `a` in place (hot paths). */
export function addInto(a: Resources, b: Resources, sign = 1): void {
  a.gpu += sign * b.gpu;
  a.cpu += sign * b.cpu;
  a.memory += sign * b.memory;
  a.pods += sign * b.pods;
}

/** True when every component of `req` is at most the matching component of `avail` (within EPSILON). */
export function fitsIn(req: Resources, avail: Resources): boolean {
  return (
    req.gpu <= avail.gpu + EPSILON &&
    req.cpu <= avail.cpu + EPSILON &&
    req.memory <= avail.memory + EPSILON &&
    req.pods <= avail.pods + EPSILON
  );
}

export function isZero(r: Resources): boolean {
  return (
    Math.abs(r.gpu) < EPSILON &&
    Math.abs(r.cpu) < EPSILON &&
    Math.abs(r.memory) < EPSILON &&
    Math.abs(r.pods) < EPSILON
  );
}

/** Compact form for output: only the non-zero, finite components. */
export function compactResources(r: Partial<Resources>): Partial<Resources> {
  const out: Partial<Resources> = {};
  for (const name of RESOURCE_NAMES) {
    const v = r[name];
    if (v !== undefined && v !== 0 && Number.isFinite(v)) out[name] = v;
  }
  return out;
}
