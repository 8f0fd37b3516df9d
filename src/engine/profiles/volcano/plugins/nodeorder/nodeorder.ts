/**
 * `nodeorder` plugin (reference §4.8): the Kubernetes score plugins that depend on what the scenario
 * format carries — LeastAllocated (weight `leastrequested.weight`, 1), MostAllocated
 * (`mostrequested.weight`, 0) and BalancedAllocation (`balancedresource.weight`, 1), each 0–100 times its
 * weight, summed. The affinity, taint, image and spread scorers give every node the same score here (no
 * affinities, taints, images or spread constraints exist in the format), so they do not change the order
 * and are left out.
 */
import type { Resources } from '../../../../model/resources';
import type { TaskInfo } from '../../api/JobInfo';
import type { NodeInfo } from '../../api/NodeInfo';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';

const MAX = 100;

function weightArg(args: Record<string, unknown>, key: string, def: number): number {
  const v = args[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : def;
}

function requestedAfter(task: TaskInfo, node: NodeInfo): Resources {
  const used = node.account.used;
  const on = node.tasks.get(task.name) === task && task.status !== 'Pending';
  return {
    gpu: used.gpu + (on ? 0 : task.req.gpu),
    cpu: used.cpu + (on ? 0 : task.req.cpu),
    memory: used.memory + (on ? 0 : task.req.memory),
    pods: used.pods,
  };
}

/** k8s LeastAllocated: Σ ((alloc − req) × 100 / alloc) over cpu, memory (weights 50/50), integer maths. */
export function leastAllocated(req: Resources, alloc: Resources): number {
  const one = (r: number, a: number): number =>
    a === 0 || !Number.isFinite(a) || r > a ? 0 : Math.floor(((a - r) * MAX) / a);
  return Math.floor((one(req.cpu * 1000, alloc.cpu * 1000) * 50 + one(req.memory, alloc.memory) * 50) / 100);
}

/** k8s MostAllocated: Σ (req × 100 / alloc) over cpu, memory (weights 1/1). */
export function mostAllocated(req: Resources, alloc: Resources): number {
  const one = (r: number, a: number): number =>
    a === 0 || !Number.isFinite(a) ? 0 : Math.floor((Math.min(r, a) * MAX) / a);
  return Math.floor((one(req.cpu * 1000, alloc.cpu * 1000) + one(req.memory, alloc.memory)) / 2);
}

/** Classic BalancedAllocation: (1 − std of requested fractions) × 100 over cpu, memory, gpu. */
export function balancedAllocation(req: Resources, alloc: Resources): number {
  const fr: number[] = [];
  for (const n of ['cpu', 'memory', 'gpu'] as const) {
    const a = alloc[n];
    if (a === 0 || !Number.isFinite(a)) continue;
    fr.push(Math.min(req[n] / a, 1));
  }
  if (fr.length < 2) return MAX;
  let std: number;
  if (fr.length === 2) std = Math.abs((fr[0] as number) - (fr[1] as number)) / 2;
  else {
    const mean = fr.reduce((s, x) => s + x, 0) / fr.length;
    std = Math.sqrt(fr.reduce((s, x) => s + (x - mean) ** 2, 0) / fr.length);
  }
  return Math.floor((1 - std) * MAX);
}

export const createNodeOrderPlugin: VolcanoPluginFactory = (config): VolcanoPlugin => ({
  name: 'nodeorder',
  onSessionOpen(ssn, self) {
    const least = weightArg(config.arguments, 'leastrequested.weight', 1);
    const most = weightArg(config.arguments, 'mostrequested.weight', 0);
    const balanced = weightArg(config.arguments, 'balancedresource.weight', 1);
    ssn.add('nodeOrder', self, (task, node) => {
      const req = requestedAfter(task, node);
      const alloc = node.account.allocatable;
      let s = 0;
      if (least !== 0) s += least * leastAllocated(req, alloc);
      if (most !== 0) s += most * mostAllocated(req, alloc);
      if (balanced !== 0) s += balanced * balancedAllocation(req, alloc);
      return s;
    });
  },
});
