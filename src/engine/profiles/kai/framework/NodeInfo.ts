/**
 * A node as one session sees it: capacity and the three kinds of occupation KAI tracks.
 * - `used`: tasks that hold the node now (Running, Allocated);
 * - `releasing`: evicted tasks still holding it until they are gone;
 * - `pipelined`: tasks promised to the node once releasing capacity frees up.
 * A pipelined task first takes releasing capacity; whatever it needs beyond that comes out of idle, hence
 * `idle = capacity − used − max(releasing, pipelined)` and `future = capacity − used − pipelined`.
 * GPUs are modelled per device so that a whole-GPU request needs whole free devices and a fractional one
 * shares a device, as KAI's GPU sharing does.
 */
import type { GpuSlot } from '../../../model/gpuDevices';
import { EPSILON, type Resources, zeroResources } from '../../../model/resources';
import type { NodeSpec } from '../../../model/scenario';
import type { TaskInfo } from './JobInfo';

export interface GpuDevice {
  used: number;
  releasing: number;
  pipelined: number;
}

export type { GpuSlot };

export type FitMode = 'idle' | 'future';

export class NodeInfo {
  readonly name: string;
  readonly spec: NodeSpec;
  readonly capacity: Resources;
  readonly used: Resources = zeroResources();
  readonly releasing: Resources = zeroResources();
  readonly pipelined: Resources = zeroResources();
  readonly devices: GpuDevice[];
  /**
   * The node omits `gpu`, so GPUs are unconstrained on it (§3): it has as many devices as are asked of it.
   * They are made when first used (`account`), never counted out (an Infinity-long list cannot exist).
   */
  readonly unboundedGpus: boolean;
  /** Index in the session's name-ordered node list (set by the Session; see FreeNodeIndex). */
  position = -1;
  /** Bumped by every change of occupation, so remembered placement verdicts know when to look again. */
  version = 1;

  constructor(spec: NodeSpec) {
    this.name = spec.name;
    this.spec = spec;
    this.capacity = spec.resources;
    this.unboundedGpus = !Number.isFinite(spec.resources.gpu);
    const count = this.unboundedGpus ? 0 : Math.floor(spec.resources.gpu + EPSILON);
    this.devices = Array.from({ length: count }, () => ({ used: 0, releasing: 0, pipelined: 0 }));
  }

  /** Idle amount of one resource. */
  idle(name: keyof Resources): number {
    return this.capacity[name] - this.used[name] - Math.max(this.releasing[name], this.pipelined[name]);
  }

  /** Amount free once every releasing task is gone. */
  future(name: keyof Resources): number {
    return this.capacity[name] - this.used[name] - this.pipelined[name];
  }

  private releasingOn(index: number): number {
    return (this.devices[index] as GpuDevice).releasing > EPSILON ? 1 : 0;
  }

  private deviceFree(d: GpuDevice, mode: FitMode): number {
    return mode === 'idle' ? 1 - d.used - Math.max(d.releasing, d.pipelined) : 1 - d.used - d.pipelined;
  }

  /**
   * Chooses GPU devices for a request, or returns null when it does not fit. Whole GPUs take the
   * lowest-numbered fully free devices; a fraction goes to the fullest device that still has room
   * (binpack inside the node), ties to the lowest index. A request spread over `devices` devices (a
   * GPU-memory request on several devices, §23.3) takes that many distinct devices with `gpu / devices`
   * each (KAI gpu_sharing/gpuSharing.go:46-63 @d5bc503 collects `GetNumOfGpuDevices()` GPU groups).
   */
  pickGpus(gpu: number, mode: FitMode, devices = 1): GpuSlot[] | null {
    if (gpu <= EPSILON) return [];
    if (devices > 1 && gpu / devices < 1 - EPSILON) return this.pickShares(gpu / devices, devices, mode);
    if (gpu >= 1 - EPSILON) {
      const need = Math.ceil(gpu - EPSILON);
      const free: number[] = [];
      for (let i = 0; i < this.devices.length; i++) {
        if (this.deviceFree(this.devices[i] as GpuDevice, mode) >= 1 - EPSILON) free.push(i);
      }
      // Promise truly idle devices before ones still being released, so that a victim which fits back
      // can be un-evicted on the devices it holds.
      if (mode === 'future') free.sort((a, b) => this.releasingOn(a) - this.releasingOn(b) || a - b);
      // Unconstrained: new devices after the ones that exist.
      if (this.unboundedGpus) for (let i = this.devices.length; free.length < need; i++) free.push(i);
      if (free.length < need) return null;
      return free.slice(0, need).map((index) => ({ index, share: 1 }));
    }
    let best = -1;
    let bestFree = Infinity;
    for (let i = 0; i < this.devices.length; i++) {
      const free = this.deviceFree(this.devices[i] as GpuDevice, mode);
      if (free + EPSILON >= gpu && free < bestFree - EPSILON) {
        best = i;
        bestFree = free;
      }
    }
    if (best < 0 && this.unboundedGpus) best = this.devices.length;
    return best < 0 ? null : [{ index: best, share: gpu }];
  }

  /**
   * `count` distinct devices with room for `share` each, fullest first (the single fraction's binpack,
   * repeated), ties to the lowest index; on an unconstrained node, new devices make up the rest.
   */
  private pickShares(share: number, count: number, mode: FitMode): GpuSlot[] | null {
    const room: { index: number; free: number }[] = [];
    for (let i = 0; i < this.devices.length; i++) {
      const free = this.deviceFree(this.devices[i] as GpuDevice, mode);
      if (free + EPSILON >= share) room.push({ index: i, free });
    }
    room.sort((a, b) => (Math.abs(a.free - b.free) > EPSILON ? a.free - b.free : a.index - b.index));
    const picked = room.slice(0, count).map((r) => r.index);
    if (this.unboundedGpus) for (let i = this.devices.length; picked.length < count; i++) picked.push(i);
    if (picked.length < count) return null;
    return picked.sort((a, b) => a - b).map((index) => ({ index, share }));
  }

  /** True when `req` fits the node in the given mode (scalar resources and GPU devices). */
  fits(req: Resources, mode: FitMode, devices = 1): boolean {
    // Written out per resource (the same arithmetic as idle() and future()): placement asks this of every
    // candidate node for every task, 32 million times for 8,000 CPU pods on 4,000 nodes (issue 13).
    const c = this.capacity;
    const u = this.used;
    const p = this.pipelined;
    if (mode === 'idle') {
      const r = this.releasing;
      if (req.gpu > c.gpu - u.gpu - Math.max(r.gpu, p.gpu) + EPSILON) return false;
      if (req.cpu > c.cpu - u.cpu - Math.max(r.cpu, p.cpu) + EPSILON) return false;
      if (req.memory > c.memory - u.memory - Math.max(r.memory, p.memory) + EPSILON) return false;
      if (req.pods > c.pods - u.pods - Math.max(r.pods, p.pods) + EPSILON) return false;
    } else {
      if (req.gpu > c.gpu - u.gpu - p.gpu + EPSILON) return false;
      if (req.cpu > c.cpu - u.cpu - p.cpu + EPSILON) return false;
      if (req.memory > c.memory - u.memory - p.memory + EPSILON) return false;
      if (req.pods > c.pods - u.pods - p.pods + EPSILON) return false;
    }
    // Scalar room is necessary but not sufficient: whole GPUs need whole free devices.
    return req.gpu <= EPSILON || this.pickGpus(req.gpu, mode, devices) !== null;
  }

  /**
   * True when `task` fits here in `mode`, with what it needs on this node (`reqOn`: a GPU-memory request is
   * `m / D` of this node's devices, decision 0328) and devices big enough for its per-device memory.
   */
  fitsTask(task: TaskInfo, mode: FitMode): boolean {
    return task.fitsDevicesOf(this) && this.fits(task.reqOn(this), mode, task.gpuDevices);
  }

  /** The devices `task` takes here in `mode` (empty when it asks for no GPU, or does not fit). */
  pickGpusFor(task: TaskInfo, mode: FitMode): GpuSlot[] {
    return this.pickGpus(task.reqOn(this).gpu, mode, task.gpuDevices) ?? [];
  }

  /** Applies a change of occupation: `kind` is which bucket, `sign` +1 to add, −1 to remove. */
  account(
    kind: 'used' | 'releasing' | 'pipelined',
    req: Resources,
    gpus: readonly GpuSlot[],
    sign: 1 | -1,
  ): void {
    this.version++;
    const bucket = this[kind];
    bucket.gpu += sign * req.gpu;
    bucket.cpu += sign * req.cpu;
    bucket.memory += sign * req.memory;
    bucket.pods += sign * req.pods;
    for (const slot of gpus) {
      if (this.unboundedGpus)
        while (this.devices.length <= slot.index) this.devices.push({ used: 0, releasing: 0, pipelined: 0 });
      const d = this.devices[slot.index];
      if (d) d[kind] += sign * slot.share;
    }
  }
}
