/**
 * Un-evicting a whole-GPU victim whose own devices a pipelined task was promised.
 *
 * Upstream counts whole GPUs, it does not name devices: when the simulation pipelines a Releasing victim back
 * onto the node it runs on, Statement.Pipeline un-evicts it unless the placement of a *shared* GPU changed
 * (KAI pkg/scheduler/framework/statement.go:219-239 @d5bc503), so the node's free count is all that matters.
 * The lab models devices, and the preemptor placed first may have been given one of the victim's devices
 * (consolidation_test.go #10: the victim fits back by count but not on its own devices). Here the pipelined
 * whole-GPU promises sitting on the victim's devices are moved to other devices free once releasing ends, so
 * the victim takes its own devices back and every device stays within its capacity. Nothing changes when a
 * device is held by anything else (a fraction, a running task): the victim is then not un-evicted.
 */
import type { TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Statement } from '../../framework/Statement';
import { EPSILON } from '../../../../model/resources';

interface Move {
  task: TaskInfo;
  from: number;
  to: number;
}

/** The moves that free the victim's own devices, or null when none exist. */
function planMoves(stmt: Statement, task: TaskInfo, node: NodeInfo): Move[] | null {
  if (task.gpus.length === 0 || task.gpus.some((s) => s.share < 1 - EPSILON)) return null;
  for (const r of ['cpu', 'memory', 'pods'] as const) {
    if (node.capacity[r] - node.used[r] - node.pipelined[r] < task.reqOn(node)[r] - EPSILON) return null;
  }
  const own = new Set(task.gpus.map((s) => s.index));
  const freeOf = (i: number) => {
    const d = node.devices[i];
    return d ? 1 - d.used - d.pipelined : 0;
  };
  // Devices free once releasing ends, not the victim's own, lowest first (pickGpus' order for whole GPUs).
  const spare: number[] = [];
  for (let i = 0; i < node.devices.length; i++) if (!own.has(i) && freeOf(i) >= 1 - EPSILON) spare.push(i);
  // Whole-GPU promises of this statement on this node, by device.
  const promised = new Map<number, TaskInfo>();
  for (const op of stmt.operations()) {
    const t = op.task;
    if (op.kind !== 'pipeline' || t.status !== 'Pipelined' || t.node !== node) continue;
    for (const s of t.gpus) if (s.share >= 1 - EPSILON) promised.set(s.index, t);
  }
  const moves: Move[] = [];
  for (const i of own) {
    if (freeOf(i) >= 1 - EPSILON) continue;
    const holder = promised.get(i);
    const to = spare.shift();
    if (holder === undefined || to === undefined || freeOf(i) + 1 < 1 - EPSILON) return null;
    moves.push({ task: holder, from: i, to });
  }
  return moves;
}

/** True when the victim could be un-evicted on `node` once promises are moved off its devices. */
export function canUnevictWholeGpus(stmt: Statement, task: TaskInfo, node: NodeInfo): boolean {
  return task.node === node && planMoves(stmt, task, node) !== null;
}

/** Moves the promises off the victim's devices and un-evicts it; false (nothing changed) when it cannot. */
export function unevictWholeGpus(stmt: Statement, task: TaskInfo, node: NodeInfo): boolean {
  const moves = planMoves(stmt, task, node);
  if (moves === null) return false;
  for (const m of moves) {
    const gpus = m.task.gpus.map((s) => (s.index === m.from ? { index: m.to, share: s.share } : s));
    stmt.pipeline(m.task, node, gpus);
  }
  stmt.unevict(task);
  return true;
}
