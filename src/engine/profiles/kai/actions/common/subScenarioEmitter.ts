/**
 * KAI's sub-scenario emitter (pkg/scheduler/actions/common/solvers/sub_scenario_emitter.go @d5bc503), used by
 * the multi-node gang generator: from one accumulated set of potential victims it proposes growing subsets,
 * chosen by node, so a simulation only evicts what nodes that can plausibly host the preemptor hold.
 *
 * - A *batch* is what one pop of the victim queue gave (a gang job's tasks, or the slice an elastic job gave);
 *   picking a node picks every batch with a task there, with all of the batch's tasks on every node, so a
 *   gang is evicted whole (sub_scenario_emitter.go:23-42).
 * - A node's capacity is its idle and releasing GPUs, plus the GPUs of recorded victims on it, plus the GPUs
 *   of its batches' tasks *on that node* (nodeCapacities, :188-214). Nodes below the smallest pending task's
 *   GPUs are dropped; the rest are sorted by capacity, smallest first, ties by the node's first victim in
 *   queue order (sortViableCandidates, :216-241).
 * - The first subset is the smallest prefix whose capacity, added to the baseline (idle, releasing and
 *   recorded-victim GPUs of every node without a batch, baselineCapacity :243-263), covers the pending GPUs;
 *   then the prefix grows by 1, 2, 4, … nodes, clamped to all candidates (next/advanceNextK, :86-125).
 * GPUs only: on a CPU-only request the demand is 0 and the first subset is empty (recorded victims alone).
 * Sums are compared with the lab's EPSILON where upstream compares floats exactly.
 */
import { EPSILON } from '../../../../model/resources';

export interface BatchTask<N> {
  node: N | null;
  gpu: number;
}

export interface EmitterInput<N> {
  /** Victim batches in the order the victim queue gave them. */
  batches: readonly (readonly BatchTask<N>[])[];
  /** Idle plus releasing GPUs of a node (by_pod_solver.go:239 nodeIdleOrReleasingGpus). */
  idleOrReleasing: (node: N) => number;
  /** GPUs the recorded victims free, by node. */
  recordedFreed: ReadonlyMap<N, number>;
  /** Idle + releasing + recorded-victim GPUs summed over every node (the baseline before batch nodes leave it). */
  allNodes: { finite: number; unbounded: number };
  /** GPUs of each pending task of the probe. */
  pending: readonly number[];
}

export class SubScenarioEmitter<N> {
  private readonly sorted: N[];
  private readonly nodeBatches: Map<N, number[]>;
  private nextK: number;
  private dK = 1;

  constructor(input: EmitterInput<N>) {
    const { batches, idleOrReleasing, recordedFreed, pending } = input;
    let demand = 0;
    let minTask = -1;
    for (const g of pending) {
      demand += g;
      if (minTask < 0 || g < minTask) minTask = g;
    }
    // Batches by node, in insertion order; when each node first appeared.
    this.nodeBatches = new Map();
    const firstSeen = new Map<N, number>();
    let at = 0;
    batches.forEach((batch, bi) => {
      for (const t of batch) {
        const i = at++;
        if (t.node === null) continue;
        if (!firstSeen.has(t.node)) firstSeen.set(t.node, i);
        const list = this.nodeBatches.get(t.node);
        if (list === undefined) this.nodeBatches.set(t.node, [bi]);
        else if (list[list.length - 1] !== bi) list.push(bi);
      }
    });
    const cap = new Map<N, number>();
    let batchFinite = 0;
    let batchUnbounded = 0;
    for (const [node, list] of this.nodeBatches) {
      const own = idleOrReleasing(node) + (recordedFreed.get(node) ?? 0);
      if (own === Infinity) batchUnbounded++;
      else batchFinite += own;
      let c = own;
      for (const bi of list)
        for (const t of batches[bi] as readonly BatchTask<N>[]) if (t.node === node) c += t.gpu;
      cap.set(node, c);
    }
    this.sorted = [...this.nodeBatches.keys()]
      .filter((n) => !(minTask > 0 && (cap.get(n) as number) < minTask - EPSILON))
      .sort(
        (a, b) =>
          (cap.get(a) as number) - (cap.get(b) as number) ||
          (firstSeen.get(a) as number) - (firstSeen.get(b) as number),
      );
    const baseline =
      input.allNodes.unbounded > batchUnbounded ? Infinity : input.allNodes.finite - batchFinite;
    const remaining = Math.max(0, demand - baseline);
    this.nextK = smallestKCovering(
      this.sorted.map((n) => cap.get(n) as number),
      remaining,
    );
  }

  /** The batches of the next subset (indexes in insertion order), or null when no subset is left. */
  next(): number[] | null {
    if (this.nextK > this.sorted.length) return null;
    const k = this.nextK;
    const picked = new Set<number>();
    for (let i = 0; i < k; i++)
      for (const bi of this.nodeBatches.get(this.sorted[i] as N) ?? []) picked.add(bi);
    if (k >= this.sorted.length) this.nextK = this.sorted.length + 1;
    else {
      this.nextK = Math.min(k + this.dK, this.sorted.length);
      this.dK *= 2;
    }
    return [...picked].sort((a, b) => a - b);
  }
}

/** The smallest prefix of `caps` covering `demand` (0 when none is needed, caps.length + 1 when none does). */
export function smallestKCovering(caps: readonly number[], demand: number): number {
  if (demand <= EPSILON) return 0;
  let sum = 0;
  for (let i = 0; i < caps.length; i++) {
    sum += caps[i] as number;
    if (sum >= demand - EPSILON) return i + 1;
  }
  return caps.length + 1;
}
