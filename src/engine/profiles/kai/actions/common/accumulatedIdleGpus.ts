/**
 * KAI's accumulated idle-GPU scenario filter (pkg/scheduler/actions/common/solvers/accumulated_scenario_filters/
 * idle_gpus/idle_gpus.go and common.go @d5bc503): before a victim set is turned into scenarios and simulated,
 * the builder asks whether the GPUs the preemptor's pending tasks need could fit at all on the nodes with the
 * most idle or releasing GPUs once the victims' GPUs are freed (pod_scenario_builder.go:75-79, :197-204,
 * :251-265). Victim sets only grow within one probe (the queue accumulates), so the freed GPUs are added once
 * per victim and the top-N nodes list is kept sorted incrementally, as upstream does.
 *
 * The check is a relaxation of placement (node sums, no devices, no other resources) except for one thing the
 * lab reproduces as upstream wrote it: the greedy virtual allocation (largest task first, onto the first node
 * of the sorted list with room) can refuse a set that a cleverer packing would fit.
 */
import { EPSILON } from '../../../../model/resources';

/**
 * Does every requirement find a holder (common.go:31-64 greedyMatchRequirements)? Both lists sorted
 * descending; a zero requirement ends the check (the rest are zero too). Compared with the lab's EPSILON so
 * sums of fractions (0.1 + 0.2) do not refuse what upstream's exact arithmetic would accept in practice.
 */
export function greedyMatchRequirements<K>(
  requirements: readonly number[],
  holders: readonly K[],
  capacity: (holder: K) => number,
): boolean {
  const allocated = new Map<K, number>();
  for (const required of requirements) {
    if (required <= EPSILON) return true;
    let matched = false;
    for (const holder of holders) {
      const total = capacity(holder);
      // Holders are sorted descending: when the best one is too small, none fits (common.go:47-51).
      if (total + EPSILON < required) break;
      const used = allocated.get(holder) ?? 0;
      if (total - used + EPSILON >= required) {
        allocated.set(holder, used + required);
        matched = true;
        break;
      }
    }
    if (!matched) return false;
  }
  return true;
}

/** A victim as the filter sees it: where it runs and the GPUs it holds (AcceptedGpuRequirement). */
export interface FreedGpus<K> {
  id: object;
  node: K | null;
  gpu: number;
}

export class AccumulatedIdleGpus<K> {
  /** The pending tasks' GPUs, largest first (idle_gpus.go:148-163). */
  private readonly required: number[];
  /**
   * Idle or releasing GPUs per node, plus what the victims seen so far free (idle_gpus.go:32, :174-190), by
   * the node's place in the list given: one flat array, where a map of every node per probe was most of the
   * garbage of the 140,000-pod session (1,880 probes x 4,000 nodes).
   */
  private readonly free: Float64Array;
  /** Nodes not in the list given (none in a session: victims run on its nodes), kept apart. */
  private readonly extra = new Map<K, number>();
  private readonly slotOf: (node: K) => number;
  /** The N nodes with the most free GPUs, N = pending tasks, most first (idle_gpus.go:33-34). */
  readonly top: K[];
  /** Victims already counted, so a victim in several scenarios frees its GPUs once (common.go:66-88). */
  private readonly seen = new Set<object>();

  /**
   * createGpuMap (idle_gpus.go:192-211) keeps the N largest while filling the map from a Go map (random
   * order). The lab keeps them in the order given (the session's name order): the same N values, ties between
   * equal values decided by name, which the greedy match cannot tell apart. It is built once per solver probe
   * over every node of the cluster (4,000 at the benchmark's 140,000 pods), so it reads each node once, makes
   * no per-node record and selects the N largest without sorting the cluster: the list is exactly what a
   * stable descending sort's first N would be. `slotOf` gives a node's place in `nodes` when the caller
   * knows it (the session's `NodeInfo.position`); without it a map of places is built.
   */
  constructor(
    nodes: readonly K[],
    freeOf: (node: K) => number,
    pendingGpus: readonly number[],
    slotOf?: (node: K) => number,
    /** Every node's free GPUs in `nodes`' order, when the caller keeps them (read instead of `freeOf`). */
    known?: Float64Array,
  ) {
    this.required = [...pendingGpus].sort((a, b) => b - a);
    if (slotOf !== undefined) this.slotOf = slotOf;
    else {
      const slots = new Map(nodes.map((node, i) => [node, i] as const));
      this.slotOf = (node) => slots.get(node) ?? -1;
    }
    this.free =
      known !== undefined && known.length === nodes.length ? known.slice() : new Float64Array(nodes.length);
    const copied = this.free !== known && known !== undefined && known.length === nodes.length;
    this.top = [];
    const n = pendingGpus.length;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as K;
      let value: number;
      if (copied) value = this.free[i] as number;
      else {
        value = freeOf(node);
        this.free[i] = value;
      }
      if (n === 0) continue;
      // A value not above the last kept one comes after it in a stable sort: it cannot enter a full list.
      if (this.top.length === n && value <= this.freeOn(this.top[n - 1] as K)) continue;
      // After every kept value at or above this one (stability), before the first one below it.
      let lo = 0;
      let hi = this.top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.freeOn(this.top[mid] as K) >= value) lo = mid + 1;
        else hi = mid;
      }
      this.top.splice(lo, 0, node);
      if (this.top.length > n) this.top.pop();
    }
  }

  /** The node's free GPUs now, counting the victims seen (0 for a node never listed nor freed). */
  freeOn(node: K): number {
    const slot = this.slotOf(node);
    return slot >= 0 && slot < this.free.length ? (this.free[slot] as number) : (this.extra.get(node) ?? 0);
  }

  private setFree(node: K, value: number): void {
    const slot = this.slotOf(node);
    if (slot >= 0 && slot < this.free.length) this.free[slot] = value;
    else this.extra.set(node, value);
  }

  /** Filter (idle_gpus.go:80-91): count the scenario's new victims, then try to fit the pending tasks. */
  passes(victims: Iterable<FreedGpus<K>>): boolean {
    this.addVictims(victims);
    return greedyMatchRequirements(this.required, this.top, (node) => this.freeOn(node));
  }

  /** updateVictimList / updateWithVictim (idle_gpus.go:113-124, :174-190). */
  addVictims(victims: Iterable<FreedGpus<K>>): void {
    for (const v of victims) {
      // iterateNewVictims (common.go:76-86): a victim without a node frees nothing and is not remembered.
      if (v.node === null) continue;
      if (this.seen.has(v.id)) continue;
      this.seen.add(v.id);
      this.addVictim(v.node, v.gpu);
    }
  }

  private addVictim(node: K, gpu: number): void {
    if (this.free.length === 0) return;
    const last = this.top[this.top.length - 1];
    const prevMin = last === undefined ? 0 : this.freeOn(last);
    const now = this.freeOn(node) + gpu;
    this.setFree(node, now);
    if (now > prevMin) this.orderedInsert(node, true);
  }

  /**
   * orderedInsert (idle_gpus.go:213-250): the slot is the first whose value is not above the node's (binary
   * search on the descending list); a node already listed moves there, a new one is inserted, dropping the
   * last when `replace` keeps the list's length.
   */
  private orderedInsert(node: K, replace: boolean): void {
    const value = this.freeOn(node);
    let lo = 0;
    let hi = this.top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.freeOn(this.top[mid] as K) > value) lo = mid + 1;
      else hi = mid;
    }
    const at = this.top.indexOf(node);
    if (at >= 0) {
      if (lo < at) {
        this.top.splice(at, 1);
        this.top.splice(lo, 0, node);
      }
      return;
    }
    if (replace) {
      if (this.top.length === 0) return;
      this.top.splice(lo, 0, node);
      this.top.pop();
    } else this.top.splice(lo, 0, node);
  }
}
