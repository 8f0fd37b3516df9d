/**
 * Nodes with room left, per resource, kept up to date as tasks change place (Session.footprint calls
 * {@link update} after every change of a node's occupation, so Statements, rollbacks included, keep it in
 * step). KAI's Go scheduler keeps per-node idle/releasing vectors in its snapshot cache and filters nodes
 * in parallel; here placement asks only the nodes that could take the request, in node order, so that one
 * placement in a full cluster costs the few nodes with room rather than all 4,000.
 *
 * The set for resource r holds every node whose future room in r (capacity − used − pipelined) is above
 * EPSILON. A task asking for more than 2·EPSILON of r can fit (future or idle, idle ≤ future) only on such a
 * node, since NodeInfo.fits allows EPSILON of slack: the set is a superset of the nodes that fit, so
 * walking it in order gives the same best node, ties and refusal reasons as walking every node.
 *
 * For GPUs there are also sets by whole amounts (decision 0171): the set for T holds every node whose future
 * GPU room is at least T − 2·EPSILON. A task asking g ≥ T GPUs fits (idle or future) only where
 * g ≤ room + EPSILON, so only on such a node: again a superset of the nodes that fit. In a full cluster most
 * nodes keep a fraction or one GPU free, so an 8-GPU task of a gang (the consolidation and preempt
 * simulations of a 140,000-pod snapshot try thousands) visited all of them to refuse each in `fits`.
 */
import { EPSILON, RESOURCE_NAMES, type ResourceName, type Resources } from '../../../model/resources';
import type { NodeInfo } from './NodeInfo';
import { NodeSet } from './NodeSet';

/** Whole GPU amounts with a set of their own ({@link FreeNodeIndex.gpuAtLeast}), increasing. */
const GPU_STEPS = [1, 2, 4, 8] as const;

export class FreeNodeIndex {
  private readonly sets: Record<ResourceName, NodeSet>;
  /** `gpuAtLeast[k]`: nodes whose future GPU room is at least GPU_STEPS[k] − 2·EPSILON. */
  private readonly gpuAtLeast: NodeSet[];

  constructor(private readonly nodes: readonly NodeInfo[]) {
    const make = (): NodeSet => new NodeSet(nodes.length);
    this.sets = { gpu: make(), cpu: make(), memory: make(), pods: make() };
    this.gpuAtLeast = GPU_STEPS.map(make);
    for (const node of nodes) this.update(node);
  }

  /** Re-reads one node's room (after its occupation changed). */
  update(node: NodeInfo): void {
    // Written out per resource (the arithmetic of NodeInfo.future): every simulated eviction and its
    // rollback calls this, millions of times in a 140,000-pod session.
    const i = node.position;
    const c = node.capacity;
    const u = node.used;
    const p = node.pipelined;
    const s = this.sets;
    const gpuRoom = c.gpu - u.gpu - p.gpu;
    if (gpuRoom > EPSILON) s.gpu.add(i);
    else s.gpu.delete(i);
    const steps = this.gpuAtLeast;
    for (let k = 0; k < GPU_STEPS.length; k++) {
      if (gpuRoom >= (GPU_STEPS[k] as number) - 2 * EPSILON) (steps[k] as NodeSet).add(i);
      else (steps[k] as NodeSet).delete(i);
    }
    if (c.cpu - u.cpu - p.cpu > EPSILON) s.cpu.add(i);
    else s.cpu.delete(i);
    if (c.memory - u.memory - p.memory > EPSILON) s.memory.add(i);
    else s.memory.delete(i);
    if (c.pods - u.pods - p.pods > EPSILON) s.pods.add(i);
    else s.pods.delete(i);
  }

  /**
   * The nodes that may take `req`, as a set to walk in node order; null when the request asks for no
   * resource in a measurable amount (every node must then be asked).
   */
  candidates(req: Resources): NodeSet | null {
    let best: NodeSet | null = null;
    for (const r of RESOURCE_NAMES) {
      if (!(req[r] > 2 * EPSILON)) continue;
      const set = r === 'gpu' ? this.gpuSet(req.gpu) : this.sets[r];
      if (best === null || set.size < best.size) best = set;
    }
    return best;
  }

  /** The smallest GPU set sure to hold every node where `gpu` (> 2·EPSILON) GPUs fit. */
  private gpuSet(gpu: number): NodeSet {
    for (let k = GPU_STEPS.length - 1; k >= 0; k--)
      if (gpu >= (GPU_STEPS[k] as number)) return this.gpuAtLeast[k] as NodeSet;
    return this.sets.gpu;
  }

  /** Visits, in node order, every node of `set` and `extra` (once). */
  forEachIn(set: NodeSet, extra: NodeInfo | null, visit: (node: NodeInfo) => void): void {
    let pending = extra !== null && !set.has(extra.position) ? extra : null;
    set.forEach((i) => {
      if (pending !== null && pending.position < i) {
        visit(pending);
        pending = null;
      }
      visit(this.nodes[i] as NodeInfo);
    });
    if (pending !== null) visit(pending);
  }
}
