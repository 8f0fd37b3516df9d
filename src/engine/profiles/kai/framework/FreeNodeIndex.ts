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
 * There are also sets by amount (decision 0171): for resource r and step T, every node whose future room in
 * r is at least T − 2·EPSILON. A task asking q ≥ T of r fits (idle or future) only where q ≤ room + EPSILON
 * (NodeInfo.fits; idle room ≤ future room), so only on such a node: again a superset of the nodes that fit,
 * and a request walks the intersection of the sets of all it asks for. In a full cluster most nodes keep a
 * fraction of a GPU or a core free: the 1-GPU, 8-core tasks that the consolidation and preempt simulations
 * of a 140,000-pod snapshot try visited 4,000 nodes each to refuse them in `fits` (270 million refusals on
 * CPU in its first session).
 */
import { EPSILON, RESOURCE_NAMES, type ResourceName, type Resources } from '../../../model/resources';
import type { NodeInfo } from './NodeInfo';
import { NodeSet } from './NodeSet';

const GIB = 2 ** 30;
/** The steps of each resource with sets of their own, increasing (pods: a task asks one). */
const STEPS: Record<ResourceName, readonly number[]> = {
  gpu: [1, 2, 4, 8],
  cpu: [1, 2, 4, 8, 16, 32, 64],
  memory: [1, 4, 16, 64, 256].map((g) => g * GIB),
  pods: [],
};

export class FreeNodeIndex {
  private readonly sets: Record<ResourceName, NodeSet>;
  /** `atLeast[r][k]`: nodes whose future room in r is at least STEPS[r][k] − 2·EPSILON. */
  private readonly atLeast: Record<ResourceName, NodeSet[]>;

  /**
   * Each node's future GPUs (capacity − used − pipelined), by position, as of its last update: the
   * accumulated idle-GPU filter reads every node of the cluster once per solver probe, and reading this
   * array replaces 4,000 `NodeInfo.future` calls a probe at the 140,000-pod benchmark (same arithmetic).
   */
  readonly futureGpu: Float64Array;

  constructor(private readonly nodes: readonly NodeInfo[]) {
    this.futureGpu = new Float64Array(nodes.length);
    const make = (): NodeSet => new NodeSet(nodes.length);
    this.sets = { gpu: make(), cpu: make(), memory: make(), pods: make() };
    this.atLeast = {
      gpu: STEPS.gpu.map(make),
      cpu: STEPS.cpu.map(make),
      memory: STEPS.memory.map(make),
      pods: [],
    };
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
    const gpu = c.gpu - u.gpu - p.gpu;
    this.futureGpu[i] = gpu;
    if (gpu > EPSILON) s.gpu.add(i);
    else s.gpu.delete(i);
    const cpu = c.cpu - u.cpu - p.cpu;
    if (cpu > EPSILON) s.cpu.add(i);
    else s.cpu.delete(i);
    const memory = c.memory - u.memory - p.memory;
    if (memory > EPSILON) s.memory.add(i);
    else s.memory.delete(i);
    if (c.pods - u.pods - p.pods > EPSILON) s.pods.add(i);
    else s.pods.delete(i);
    stepSets(this.atLeast.gpu, STEPS.gpu, gpu, i);
    stepSets(this.atLeast.cpu, STEPS.cpu, cpu, i);
    stepSets(this.atLeast.memory, STEPS.memory, memory, i);
  }

  /**
   * The nodes that may take `req`, as a set to walk in node order; null when the request asks for no
   * resource in a measurable amount (every node must then be asked).
   */
  candidates(req: Resources): NodeSet | null {
    let best: NodeSet | null = null;
    for (const r of RESOURCE_NAMES) {
      if (!(req[r] > 2 * EPSILON)) continue;
      const set = this.setFor(r, req[r]);
      if (best === null || set.size < best.size) best = set;
    }
    return best;
  }

  /** The smallest set of `r` sure to hold every node where `amount` (> 2·EPSILON) of it fits. */
  private setFor(r: ResourceName, amount: number): NodeSet {
    const steps = STEPS[r];
    for (let k = steps.length - 1; k >= 0; k--)
      if (amount >= (steps[k] as number)) return this.atLeast[r][k] as NodeSet;
    return this.sets[r];
  }

  /**
   * Visits, in node order, every node in the sets of all the resources `req` asks for (each a superset of
   * the nodes where it fits, so their intersection is too), plus `extra` (once); false, visiting nothing,
   * when the request asks for no resource in a measurable amount (every node must then be asked).
   */
  forEachCandidate(req: Resources, extra: NodeInfo | null, visit: (node: NodeInfo) => void): boolean {
    const sets: NodeSet[] = [];
    for (const r of RESOURCE_NAMES) if (req[r] > 2 * EPSILON) sets.push(this.setFor(r, req[r]));
    if (sets.length === 0) return false;
    // The smallest set leads (its summary is walked); the others mask its words.
    let lead = 0;
    for (let k = 1; k < sets.length; k++)
      if ((sets[k] as NodeSet).size < (sets[lead] as NodeSet).size) lead = k;
    const first = sets[lead] as NodeSet;
    sets.splice(lead, 1);
    this.walk(first, sets, extra, visit);
    return true;
  }

  /** Visits, in node order, every node of `set` and `extra` (once). */
  forEachIn(set: NodeSet, extra: NodeInfo | null, visit: (node: NodeInfo) => void): void {
    this.walk(set, [], extra, visit);
  }

  private walk(
    set: NodeSet,
    others: NodeSet[],
    extra: NodeInfo | null,
    visit: (node: NodeInfo) => void,
  ): void {
    // `extra` is visited in its place unless the walk meets it anyway (no closure: this runs per task).
    let pending: NodeInfo | null = null;
    if (extra !== null) {
      let met = set.has(extra.position);
      for (let o = 0; o < others.length && met; o++) met = (others[o] as NodeSet).has(extra.position);
      if (!met) pending = extra;
    }
    set.forEachAlsoIn(others, (i) => {
      if (pending !== null && pending.position < i) {
        visit(pending);
        pending = null;
      }
      visit(this.nodes[i] as NodeInfo);
    });
    if (pending !== null) visit(pending);
  }
}

/** Puts node `i` in the sets of the steps its `room` reaches, out of the others. */
function stepSets(sets: NodeSet[], steps: readonly number[], room: number, i: number): void {
  for (let k = 0; k < steps.length; k++) {
    if (room >= (steps[k] as number) - 2 * EPSILON) (sets[k] as NodeSet).add(i);
    else (sets[k] as NodeSet).delete(i);
  }
}
