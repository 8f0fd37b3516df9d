/**
 * Tasks that are Running at t=0: their node must exist, the node must hold all of them (per resource),
 * and their GPU requests must pack onto the node's whole GPU devices.
 */
import { deviceMemoryMiB, flooredNote, gpuDeviceCount, resourcesOnNode } from '../model/gpuDevices';
import type { JobSpec, NodeSpec, TaskSpec } from '../model/scenario';
import { EPSILON, RESOURCE_NAMES, type ResourceName } from '../model/resources';
import type { NormaliseContext } from './NormaliseContext';
import { quote } from './fieldPath';

/** Checks every Running task of `jobs` against `nodes` (first definition of a name wins). */
export function checkPlacement(
  nodes: readonly NodeSpec[],
  jobs: readonly JobSpec[],
  ctx: NormaliseContext,
): void {
  const byName = new Map<string, NodeSpec>();
  for (const n of nodes) if (!byName.has(n.name)) byName.set(n.name, n);

  const running = new Map<NodeSpec, TaskSpec[]>();
  for (const job of jobs) {
    for (const task of job.tasks) {
      if (task.status !== 'Running' || task.node === null) continue;
      const node = byName.get(task.node);
      if (node === undefined) {
        ctx.sink.report(
          'unknown-node',
          [...ctx.origins.of(task), 'node'],
          `node ${quote(task.node)} does not exist`,
        );
        continue;
      }
      const list = running.get(node) ?? [];
      list.push(task);
      running.set(node, list);
    }
  }
  for (const [node, all] of running) {
    const tasks = all.filter((t) => fitsDevices(t, node, ctx));
    if (checkCapacity(node, tasks, ctx)) checkGpuPacking(node, tasks, ctx);
  }
}

/** Mixed device memories (decision 0328): a GPU-memory request above the node's device memory has no device. */
function fitsDevices(task: TaskSpec, node: NodeSpec, ctx: NormaliseContext): boolean {
  const mib = task.gpuMemoryMiB;
  const device = deviceMemoryMiB(node);
  if (mib === undefined || device === undefined || mib <= device) return true;
  ctx.sink.report(
    'gpu-packing',
    [...ctx.origins.of(task), 'node'],
    `task ${quote(task.name)} asks for ${mib} MiB of GPU memory per device but node ${quote(node.name)} has ${device} MiB devices${flooredNote(node)}`,
  );
  return false;
}

/**
 * Sums requests in task order; reports each resource once, at the task that first overflows it. The sums are
 * plain locals and the per-resource report runs only for a task past some capacity: this is one pass over
 * every Running task of the document (140,000 at production scale; decision 0336). A GPU-memory
 * request counts m / D of this node's devices (decision 0328).
 */
function checkCapacity(node: NodeSpec, tasks: readonly TaskSpec[], ctx: NormaliseContext): boolean {
  const cap = node.resources;
  const used: Record<ResourceName, number> = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
  let reported: Set<ResourceName> | null = null;
  let { gpu, cpu, memory, pods } = used;
  for (const task of tasks) {
    const need = resourcesOnNode(task, node);
    gpu += need.gpu;
    cpu += need.cpu;
    memory += need.memory;
    pods += need.pods;
    const isOver =
      gpu > cap.gpu + EPSILON ||
      cpu > cap.cpu + EPSILON ||
      memory > cap.memory + EPSILON ||
      pods > cap.pods + EPSILON;
    if (!isOver) continue;
    Object.assign(used, { gpu, cpu, memory, pods });
    reported ??= new Set<ResourceName>();
    for (const r of RESOURCE_NAMES) {
      if (used[r] > cap[r] + EPSILON && !reported.has(r)) {
        reported.add(r);
        const total = tasks.reduce((sum, t) => sum + resourcesOnNode(t, node)[r], 0);
        ctx.sink.report(
          'node-overcommitted',
          [...ctx.origins.of(task), 'node'],
          `the Running tasks on node ${quote(node.name)} need ${formatAmount(r, total)} but the node has ${formatAmount(r, cap[r])} (${quote(task.name)} is the first that does not fit)`,
        );
      }
    }
  }
  return reported === null;
}

/**
 * First fit in task order over the node's GPU devices: a whole-GPU request takes whole free devices, a
 * fractional one takes room on the first device that has enough (fractions share a device, as KAI's
 * GPU sharing does; a device that holds a fraction is no longer whole).
 */
function checkGpuPacking(node: NodeSpec, tasks: readonly TaskSpec[], ctx: NormaliseContext): void {
  const capacity = node.resources.gpu;
  if (!Number.isFinite(capacity)) return;
  const free = Array.from({ length: Math.round(capacity) }, () => 1);
  for (const task of tasks) {
    const gpu = resourcesOnNode(task, node).gpu;
    if (gpu <= EPSILON) continue;
    const path = [...ctx.origins.of(task), 'node'];
    const count = gpuDeviceCount(task);
    if (count > 1 && gpu / count < 1 - EPSILON) {
      // A GPU-memory request on several devices (§23.3): that share on each of `count` distinct devices.
      const share = gpu / count;
      const devices = free.flatMap((f, i) => (f + EPSILON >= share ? [i] : [])).slice(0, count);
      if (devices.length < count) {
        ctx.sink.report(
          'gpu-packing',
          path,
          `task ${quote(task.name)} needs ${share} of each of ${count} GPUs but node ${quote(node.name)} has ${devices.length} device${devices.length === 1 ? '' : 's'} with that much room (free per device: ${describeFree(free)})`,
        );
        continue;
      }
      for (const d of devices) free[d] = (free[d] as number) - share;
      continue;
    }
    if (gpu >= 1 - EPSILON) {
      const whole = Math.round(gpu);
      const devices = free.flatMap((f, i) => (f >= 1 - EPSILON ? [i] : [])).slice(0, whole);
      if (devices.length < whole) {
        ctx.sink.report(
          'gpu-packing',
          path,
          `task ${quote(task.name)} needs ${whole} whole GPU${whole === 1 ? '' : 's'} but node ${quote(node.name)} has ${devices.length} whole device${devices.length === 1 ? '' : 's'} left (free per device: ${describeFree(free)})`,
        );
        continue;
      }
      for (const d of devices) free[d] = 0;
    } else {
      const device = free.findIndex((f) => f >= gpu - EPSILON);
      if (device < 0) {
        ctx.sink.report(
          'gpu-packing',
          path,
          `task ${quote(task.name)} needs ${gpu} of one GPU but no device on node ${quote(node.name)} has that much room (free per device: ${describeFree(free)})`,
        );
        continue;
      }
      free[device] = (free[device] as number) - gpu;
    }
  }
}

function describeFree(free: readonly number[]): string {
  return free.map((f) => String(Number(f.toFixed(6)))).join(', ');
}

function formatAmount(resource: ResourceName, amount: number): string {
  const value = Number.isFinite(amount) ? String(Number(amount.toFixed(6))) : 'unlimited';
  const unit: Record<ResourceName, string> = {
    gpu: 'GPU',
    cpu: 'CPU',
    memory: 'bytes of memory',
    pods: 'pod slots',
  };
  return `${value} ${unit[resource]}`;
}
