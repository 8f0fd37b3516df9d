/**
 * GPU devices for tasks of a profile that places them without choosing devices (Volcano, kube-batch).
 *
 * Volcano's scheduler counts GPUs as a scalar resource; which device a pod gets is the device plugin's
 * choice on the node, after scheduling. The views draw one cell per device, so without numbers every
 * Volcano node looked idle while its queue held GPUs (issue 11's screenshots). Here a task that holds a
 * node and has no devices yet is given some, lowest index first: a running task on devices nobody runs on
 * or releases, a pipelined one preferably on devices being released (what it waits for). An evicted task
 * keeps its devices while it releases them. This decides nothing: the scheduler never reads devices in
 * these profiles, and every count (per node, per queue) is the scheduler's own. Decision 0076.
 */
import { gpuDeviceCount, gpuOnNode } from '../model/gpuDevices';
import { EPSILON } from '../model/resources';
import type { GpuSlot } from '../model/gpuDevices';
import type { ClusterState, TaskRecord } from './ClusterState';

const HOLDS = new Set(['Running', 'Pipelined', 'Releasing']);
/** Running tasks are numbered first, so that pipelined ones see where everything runs. */
const ORDER: Record<string, number> = { Running: 0, Releasing: 1, Pipelined: 2 };

interface Devices {
  running: number[];
  releasing: number[];
  promised: number[];
}

/**
 * Fills `gpus` of every task that holds a node with a GPU request and no devices yet (tasks placed this
 * session, and tasks running since the scenario's start); returns them, for the session's task changes.
 */
export function numberDevices(state: ClusterState): TaskRecord[] {
  const needs = state.tasks
    .filter(
      (t) => t.node !== null && HOLDS.has(t.status) && t.gpus.length === 0 && t.spec.resources.gpu > EPSILON,
    )
    .sort((a, b) => (ORDER[a.status] as number) - (ORDER[b.status] as number) || a.id - b.id);
  if (needs.length === 0) return needs;
  const nodes = new Set(needs.map((t) => t.node as string));
  const held = new Map<string, Devices>();
  const counts = deviceCounts(state, nodes, needs);
  for (const name of nodes) {
    const count = counts.get(name) as number;
    const zeros = (): number[] => new Array<number>(count).fill(0);
    held.set(name, { running: zeros(), releasing: zeros(), promised: zeros() });
  }
  for (const t of state.tasks) {
    if (t.node === null || !nodes.has(t.node) || !HOLDS.has(t.status)) continue;
    for (const g of t.gpus) add(held.get(t.node) as Devices, t, g);
  }
  for (const t of needs) {
    const d = held.get(t.node as string) as Devices;
    // A GPU-memory request takes m / D of this node's devices (decision 0328).
    const gpu = gpuOnNode(t.spec, state.nodes.get(t.node as string));
    const n = d.running.length;
    const free = (i: number): number =>
      1 - (d.running[i] as number) - Math.max(d.releasing[i] as number, d.promised[i] as number);
    let slots: GpuSlot[];
    if (t.status === 'Pipelined') {
      // Devices being released first (room once they are free), then idle ones.
      const waiting = (i: number): number =>
        (d.releasing[i] as number) > EPSILON ? 1 - (d.running[i] as number) - (d.promised[i] as number) : 0;
      slots = pick(gpu, n, waiting, gpuDeviceCount(t.spec));
      if (slots.length === 0) slots = pick(gpu, n, free, gpuDeviceCount(t.spec));
    } else {
      slots = pick(gpu, n, free, gpuDeviceCount(t.spec));
    }
    for (const g of slots) add(d, t, g);
    t.gpus = slots;
  }
  return needs;
}

/**
 * Devices to number on each node: its GPUs, or, on a node that omits `gpu` (unconstrained, §3), the devices
 * already held there plus a fresh one for every GPU the tasks being numbered ask for, so each gets its own
 * (an unconstrained node has room for all of them) without counting to infinity.
 */
function deviceCounts(
  state: ClusterState,
  nodes: ReadonlySet<string>,
  needs: readonly TaskRecord[],
): Map<string, number> {
  const counts = new Map<string, number>();
  const unbounded = new Set<string>();
  for (const name of nodes) {
    const gpu = state.nodes.get(name)?.resources.gpu ?? 0;
    if (Number.isFinite(gpu)) counts.set(name, Math.floor(gpu + EPSILON));
    else {
      counts.set(name, 0);
      unbounded.add(name);
    }
  }
  if (unbounded.size === 0) return counts;
  const grow = (node: string, to: number) => counts.set(node, Math.max(counts.get(node) as number, to));
  for (const t of state.tasks) {
    if (t.node === null || !unbounded.has(t.node) || !HOLDS.has(t.status)) continue;
    for (const g of t.gpus) grow(t.node, g.index + 1);
  }
  for (const t of needs) {
    if (unbounded.has(t.node as string))
      counts.set(
        t.node as string,
        (counts.get(t.node as string) as number) +
          Math.max(gpuDeviceCount(t.spec), Math.ceil(t.spec.resources.gpu - EPSILON)),
      );
  }
  return counts;
}

function add(d: Devices, t: TaskRecord, g: GpuSlot): void {
  const list = t.status === 'Running' ? d.running : t.status === 'Releasing' ? d.releasing : d.promised;
  if (g.index < list.length) list[g.index] = (list[g.index] as number) + g.share;
}

/** Whole GPUs on the lowest-numbered devices with room; a fraction on the first device it fits. */
function pick(gpu: number, count: number, room: (i: number) => number, devices: number): GpuSlot[] {
  if (devices > 1 && gpu / devices < 1 - EPSILON) {
    // A GPU-memory request on several devices (§23.3): that many distinct devices with the share each, all or nothing.
    const share = gpu / devices;
    const out: GpuSlot[] = [];
    for (let i = 0; i < count && out.length < devices; i++)
      if (room(i) + EPSILON >= share) out.push({ index: i, share });
    return out.length === devices ? out : [];
  }
  if (gpu < 1 - EPSILON) {
    for (let i = 0; i < count; i++) if (room(i) + EPSILON >= gpu) return [{ index: i, share: gpu }];
    return [];
  }
  const need = Math.ceil(gpu - EPSILON);
  const out: GpuSlot[] = [];
  for (let i = 0; i < count && out.length < need; i++)
    if (room(i) >= 1 - EPSILON) out.push({ index: i, share: 1 });
  // All or nothing: a task drawn on fewer devices than it holds would misstate the node.
  return out.length === need ? out : [];
}
