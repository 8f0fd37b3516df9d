/**
 * kube-batch's deserved-share loop (kube-batch pkg/scheduler/plugins/proportion/proportion.go:101-154
 * @86b2ba21), kept apart from Volcano's (figures.ts) because the two loops give different shares when a
 * queue's request is met in one dimension and not in another (decision 0259).
 *
 * kube-batch differs from Volcano in three ways that change results:
 * - a queue is met only when its request is below its deserved in every dimension
 *   (`attr.request.Less(attr.deserved)`, :133, strict, no tolerance), and only then is the deserved
 *   clamped to the request (`helpers.Min`, :134); until then every dimension keeps growing past the request;
 * - the loop stops only when the unmet weights sum to 0 (:112-116) or `remaining.IsEmpty()` (:150-153);
 * - the arithmetic is that of `api.Resource` (pkg/scheduler/api/resource_info.go): cpu in milli-cores,
 *   memory in bytes, GPUs (`nvidia.com/gpu`, a scalar resource) in milli-devices; scalars live in a map that
 *   may be absent, and `Less`, `Min` and `Diff` treat an absent map specially (see below). Pods
 *   (`MaxTaskNum`) are not added by `Resource.Add` (:127-140), so no queue deserves pods.
 *
 * Lab modelling (no upstream counterpart; decision 0259):
 * - A GPU figure is "in the scalar map" when it is non-zero and finite: a pod or node that lists no GPUs has
 *   no `nvidia.com/gpu` entry, and nodes that omit `gpu` (unconstrained in the lab) are read as Kubernetes
 *   nodes that list no GPUs (the caller leaves them out of the GPU total; an infinite GPU total here is
 *   read the same way), so a queue's GPU request does not enter the comparison on such a cluster.
 * - Every Kubernetes node reports cpu and memory; a lab node may omit them (unconstrained). Such a
 *   dimension stays infinite in `remaining`, a queue not yet met deserves all of it, it never keeps
 *   `remaining` from being empty (a very large finite total would run out in the round after every queue
 *   that can be met is met), and at the end an infinite deserved is cut to the queue's request so that
 *   no figure the trace writes is infinite.
 */
import { zeroResources, type Resources } from '../../../../model/resources';

export interface KubeBatchWaterFillQueue {
  name: string;
  /** Queue weight (`QueueInfo.Weight`, an int32 upstream). */
  weight: number;
  request: Resources;
  /** Output: the deserved share in lab units; pods are always 0. */
  deserved: Resources;
  /** Output: whether the deserved has a GPU entry (its share then counts GPUs, proportion.go:241-253). */
  deservedHasGpu: boolean;
}

/** An `api.Resource` restricted to what the lab models; `gpu === null` is an absent scalar map. */
interface KbRes {
  cpu: number;
  memory: number;
  gpu: number | null;
}

// resource_info.go:68-70: the thresholds of IsEmpty, Less (scalars) and LessEqual.
const MIN_MILLI_CPU = 10;
const MIN_MEMORY = 10 * 1024 * 1024;
const MIN_MILLI_SCALAR = 10;

/** Kubernetes quantities are whole milli-units (`MilliValue`) and whole bytes (`Value`). */
function milli(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 1000) : v;
}

function toKb(r: Resources): KbRes {
  const gpu = milli(r.gpu);
  return {
    cpu: milli(r.cpu),
    memory: Number.isFinite(r.memory) ? Math.round(r.memory) : r.memory,
    gpu: gpu > 0 && Number.isFinite(gpu) ? gpu : null,
  };
}

/** resource_info.go:226-265 `Less`: strict in cpu and memory; the scalar map's absence decides the rest. */
function less(l: KbRes, r: KbRes): boolean {
  if (!(l.cpu < r.cpu)) return false;
  if (!(l.memory < r.memory)) return false;
  // :242-251: no scalars on the left → less unless a right scalar is at most 10 milli.
  if (l.gpu === null) return r.gpu === null || r.gpu > MIN_MILLI_SCALAR;
  // :253-255: scalars on the left and none on the right → not less.
  if (r.gpu === null) return false;
  return l.gpu < r.gpu;
}

/** helpers.go:28-44 `Min`: the scalar map is dropped when either side has none. */
function min(l: KbRes, r: KbRes): KbRes {
  return {
    cpu: Math.min(l.cpu, r.cpu),
    memory: Math.min(l.memory, r.memory),
    gpu: l.gpu === null || r.gpu === null ? null : Math.min(l.gpu, r.gpu),
  };
}

/** resource_info.go:92-105 `IsEmpty` (an unconstrained dimension never runs out, see the file comment). */
function isEmpty(r: KbRes): boolean {
  const below = (v: number, limit: number): boolean => !Number.isFinite(v) || v < limit;
  if (!(below(r.cpu, MIN_MILLI_CPU) && below(r.memory, MIN_MEMORY))) return false;
  return r.gpu === null || below(r.gpu, MIN_MILLI_SCALAR);
}

/**
 * Adds `by` into `into` for one dimension of `remaining`. An infinite dimension stays infinite: the
 * deserved it hands out is infinite too, and ∞ − ∞ would be NaN.
 */
function shift(into: number, by: number): number {
  return Number.isFinite(into) ? into + by : into;
}

/**
 * Runs proportion.go:101-154 and writes each queue's `deserved` and `deservedHasGpu`. Queues are visited
 * in the given order (upstream ranges over a Go map; within a round every queue sees the same `remaining`,
 * so the order changes nothing but the summation order of the round's increases).
 */
export function kubeBatchWaterFill(queues: KubeBatchWaterFillQueue[], total: Resources): void {
  const remaining = toKb(total);
  const request = new Map(queues.map((q) => [q.name, toKb(q.request)]));
  // :77 deserved starts as EmptyResource (no scalar map).
  const deserved = new Map<string, KbRes>(queues.map((q) => [q.name, { cpu: 0, memory: 0, gpu: null }]));
  const met = new Set<string>();
  // Each round either meets a queue or hands out all of `remaining`, so the loop ends after at most one
  // round per queue plus one; the guard only bounds the work if floating point ever disagreed.
  for (let round = 0; round <= queues.length + 1_000; round++) {
    let totalWeight = 0;
    for (const q of queues) if (!met.has(q.name)) totalWeight += q.weight;
    if (totalWeight === 0) break; // :112-116
    const inc: KbRes = { cpu: 0, memory: 0, gpu: 0 };
    const dec: KbRes = { cpu: 0, memory: 0, gpu: 0 };
    for (const q of queues) {
      if (met.has(q.name)) continue;
      const old = deserved.get(q.name) as KbRes;
      // :131 deserved.Add(remaining × weight/totalWeight); Add creates the scalar map from remaining's.
      const ratio = q.weight / totalWeight;
      let next: KbRes = {
        cpu: old.cpu + remaining.cpu * ratio,
        memory: old.memory + remaining.memory * ratio,
        gpu: remaining.gpu === null ? old.gpu : (old.gpu ?? 0) + remaining.gpu * ratio,
      };
      const req = request.get(q.name) as KbRes;
      if (less(req, next)) {
        next = min(next, req); // :133-136
        met.add(q.name);
      }
      deserved.set(q.name, next);
      // :144 Diff(new, old): cpu and memory always; scalars only for names in the new deserved's map.
      if (next.cpu > old.cpu) inc.cpu += next.cpu - old.cpu;
      else dec.cpu += old.cpu - next.cpu;
      if (next.memory > old.memory) inc.memory += next.memory - old.memory;
      else dec.memory += old.memory - next.memory;
      if (next.gpu !== null) {
        const was = old.gpu ?? 0;
        if (next.gpu > was) (inc.gpu as number) += next.gpu - was;
        else (dec.gpu as number) += was - next.gpu;
      }
    }
    // :149 remaining.Sub(increased).Add(decreased); Sub leaves an absent scalar map absent (:148-151).
    remaining.cpu = shift(shift(remaining.cpu, -inc.cpu), dec.cpu);
    remaining.memory = shift(shift(remaining.memory, -inc.memory), dec.memory);
    if (remaining.gpu !== null)
      remaining.gpu = shift(shift(remaining.gpu, -(inc.gpu as number)), dec.gpu as number);
    if (isEmpty(remaining)) break; // :150-153
  }
  for (const q of queues) {
    const d = deserved.get(q.name) as KbRes;
    const out = zeroResources();
    out.cpu = Number.isFinite(d.cpu) ? d.cpu / 1000 : q.request.cpu;
    out.memory = Number.isFinite(d.memory) ? d.memory : q.request.memory;
    out.gpu = d.gpu === null ? 0 : d.gpu / 1000;
    q.deserved = out;
    q.deservedHasGpu = d.gpu !== null;
  }
}

/**
 * `l.LessEqual(r)` as kube-batch's `api.Resource` has it (resource_info.go:267-302), for proportion's
 * Overused (:198-209) and Reclaimable (:189-191), where `l` is a deserved share: cpu and memory at most
 * `r`'s or within 10 milli-CPU / 10Mi of it; a GPU entry of `l` counts only above 10 milli-GPUs (and only
 * when `lHasGpu`); pods never count (`MaxTaskNum` is not compared). Lab units in, kube-batch units inside.
 */
export function kubeBatchLessEqual(l: Resources, r: Resources, lHasGpu: boolean): boolean {
  const within = (a: number, b: number, diff: number): boolean => a < b || Math.abs(a - b) < diff;
  // A deserved share is not a whole number of milli-units; only `r` (sums of requests) is rounded.
  const rk = toKb(r);
  if (!within(l.cpu * 1000, rk.cpu, MIN_MILLI_CPU)) return false;
  if (!within(l.memory, rk.memory, MIN_MEMORY)) return false;
  const gpu = l.gpu * 1000;
  if (!lHasGpu || gpu <= MIN_MILLI_SCALAR) return true;
  return within(gpu, rk.gpu ?? 0, MIN_MILLI_SCALAR);
}
