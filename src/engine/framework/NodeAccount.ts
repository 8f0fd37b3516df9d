/**
 * Node accounting as Volcano keeps it (`api/node_info.go`): Idle, Used, Releasing and Pipelined, with
 * FutureIdle = Idle + Releasing − Pipelined, and resource comparison with Volcano's 0.1 tolerance
 * (`api/resource_info.go` `LessEqual`). Every pod requests one `pods` (a scalar like any other).
 */
import { RESOURCE_NAMES, addInto, subResources, zeroResources, type Resources } from '../model/resources';

/**
 * Volcano compares in its own units (milli-CPU, bytes, milli-GPU, whole pods) with a 0.1 tolerance; these
 * are the same tolerances in this engine's units (cores, bytes, devices, pods).
 */
export const VOLCANO_TOLERANCE: Readonly<Resources> = {
  cpu: 0.1 / 1000,
  memory: 0.1,
  gpu: 0.1 / 1000,
  pods: 0.1,
};

/** `l.LessEqual(r)`: every dimension of `l` at most `r`'s within the tolerance (Infinity = unconstrained). */
export function lessEqual(l: Resources, r: Resources): boolean {
  for (const n of RESOURCE_NAMES) if (l[n] > r[n] + VOLCANO_TOLERANCE[n]) return false;
  return true;
}

/**
 * `LessEqualWithDimension(l, req)`: compares only the dimensions `req` asks for (> 0); `pods` is skipped
 * when `skipPods` (proportion's Allocatable and enqueue checks).
 */
export function lessEqualOnRequested(l: Resources, r: Resources, req: Resources, skipPods = true): boolean {
  for (const n of RESOURCE_NAMES) {
    if (skipPods && n === 'pods') continue;
    if (req[n] <= VOLCANO_TOLERANCE[n]) continue;
    if (l[n] > r[n] + VOLCANO_TOLERANCE[n]) return false;
  }
  return true;
}

/** Dimensions of `l` strictly above `r` (beyond tolerance), for explanations. */
export function exceededDimensions(l: Resources, r: Resources, only?: Resources): string[] {
  const out: string[] = [];
  for (const n of RESOURCE_NAMES) {
    if (only && (only[n] <= VOLCANO_TOLERANCE[n] || n === 'pods')) continue;
    if (l[n] > r[n] + VOLCANO_TOLERANCE[n]) out.push(n);
  }
  return out;
}

/** Idle/Used/Releasing/Pipelined of one node. */
export class NodeAccount {
  readonly idle: Resources;
  readonly used: Resources = zeroResources();
  readonly releasing: Resources = zeroResources();
  readonly pipelined: Resources = zeroResources();

  constructor(readonly allocatable: Resources) {
    this.idle = { ...allocatable };
  }

  /** FutureIdle = Idle + Releasing − Pipelined. */
  futureIdle(): Resources {
    const f = subResources(this.idle, this.pipelined);
    addInto(f, this.releasing);
    return f;
  }

  /** `req ≤ FutureIdle + extra` (0.1 tolerance) without building the vector (hot path). */
  fitsFuture(req: Resources, extra?: Resources): boolean {
    for (const n of RESOURCE_NAMES) {
      const f = this.idle[n] + this.releasing[n] - this.pipelined[n] + (extra ? extra[n] : 0);
      if (req[n] > f + VOLCANO_TOLERANCE[n]) return false;
    }
    return true;
  }

  /** A task starts occupying the node (allocated, bound, running). */
  use(req: Resources, sign = 1): void {
    addInto(this.idle, req, -sign);
    addInto(this.used, req, sign);
  }

  /** A running task is being evicted: it still uses the node but its resources will come back. */
  release(req: Resources, sign = 1): void {
    addInto(this.releasing, req, sign);
  }

  /** A task is promised to this node against resources being released. */
  pipeline(req: Resources, sign = 1): void {
    addInto(this.pipelined, req, sign);
  }
}
