/**
 * Nodes with or without GPUs, CPU, memory and pods (an omitted resource is unconstrained; sometimes
 * `resources: {}` or no `resources` at all), a zone label, and
 * sometimes `count` (expanded by the parser to `<name>-0` …). Also tracks free room per node and GPU device
 * so that initial Running tasks are only put where the parser's placement check will accept them.
 */
import { parseQuantity } from '../../model/quantity';
import { NODE_COUNT, NODE_CPU, NODE_GPU, NODE_MEMORY, NODE_PODS, ZONES, at } from './menus';
import type { RawNode } from './rawScenario';

export interface NodeRoom {
  name: string;
  zone: string;
  /** Free fraction of each whole GPU device. */
  devices: number[];
  /** The node omits `gpu`: GPUs are unconstrained there (format §3), with no devices to count. */
  gpuUnconstrained: boolean;
  /** Pods still allowed (Infinity when the node does not constrain it). */
  pods: number;
  /** Infinity when the node does not constrain it. */
  cpu: number;
  memory: number;
}

export function buildNode(
  raw: RawNode,
  name: string,
  allowCount: boolean,
): { doc: Record<string, unknown>; rooms: NodeRoom[] } {
  const omitAll = raw.omit !== 0;
  const gpu = omitAll ? null : at(NODE_GPU, raw.gpu);
  const cpu = omitAll ? null : at(NODE_CPU, raw.cpu);
  const memory = omitAll ? null : at(NODE_MEMORY, raw.memory);
  const pods = omitAll ? null : at(NODE_PODS, raw.pods);
  const zone = at(ZONES, raw.zone);
  const resources: Record<string, unknown> = {};
  if (gpu !== null) resources['gpu'] = gpu;
  if (cpu !== null) resources['cpu'] = cpu;
  if (memory !== null) resources['memory'] = memory;
  if (pods !== null) resources['pods'] = pods;
  const doc: Record<string, unknown> = raw.omit === 2 ? { name } : { name, resources };
  doc['labels'] = { zone };
  const count = allowCount ? at(NODE_COUNT, raw.count) : null;
  if (count !== null) doc['count'] = count;
  const names = count === null ? [name] : Array.from({ length: count }, (_, i) => `${name}-${i}`);
  const rooms = names.map((n) => ({
    name: n,
    zone,
    devices: Array.from({ length: gpu ?? 0 }, () => 1),
    gpuUnconstrained: gpu === null,
    cpu: cpu === null ? Infinity : quantity(cpu),
    memory: memory === null ? Infinity : quantity(memory),
    pods: pods ?? Infinity,
  }));
  return { doc, rooms };
}

export function quantity(text: string): number {
  const q = parseQuantity(text);
  return q.ok ? q.value : NaN;
}

const EPS = 1e-9;

/**
 * First fit, in the parser's order: a whole-GPU request takes whole free devices, a fraction takes room on
 * the first device with enough. Returns false (and changes nothing) when the task does not fit.
 */
export function tryPlace(room: NodeRoom, gpu: number, cpu: number, memory: number): boolean {
  if (room.cpu + EPS < cpu || room.memory + EPS < memory || room.pods < 1) return false;
  if (room.gpuUnconstrained) {
    // No devices to pack onto: any GPU request fits (format §3, an omitted resource is unconstrained).
  } else if (gpu >= 1 - EPS) {
    const take = room.devices.flatMap((f, i) => (f >= 1 - EPS ? [i] : [])).slice(0, Math.round(gpu));
    if (take.length < Math.round(gpu)) return false;
    for (const i of take) room.devices[i] = 0;
  } else if (gpu > EPS) {
    const i = room.devices.findIndex((f) => f + EPS >= gpu);
    if (i < 0) return false;
    room.devices[i] = (room.devices[i] as number) - gpu;
  }
  room.cpu -= cpu;
  room.memory -= memory;
  room.pods -= 1;
  return true;
}
