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
  /** Idle or releasing GPUs per node, plus what the victims seen so far free (idle_gpus.go:32, :174-190). */
  readonly free: Map<K, number>;
  /** The N nodes with the most free GPUs, N = pending tasks, most first (idle_gpus.go:33-34). */
  readonly top: K[];
  /** Victims already counted, so a victim in several scenarios frees its GPUs once (common.go:66-88). */
  private readonly seen = new Set<object>();

  /**
   * createGpuMap (idle_gpus.go:192-211) keeps the N largest while filling the map from a Go map (random
   * order). The lab sorts once, stably, in the order given (the session's name order): the same N values,
   * ties between equal values decided by name, which the greedy match cannot tell apart.
   */
  constructor(nodes: Iterable<readonly [K, number]>, pendingGpus: readonly number[]) {
    this.required = [...pendingGpus].sort((a, b) => b - a);
    this.free = new Map(nodes);
    this.top = [...this.free.keys()]
      .sort((a, b) => (this.free.get(b) as number) - (this.free.get(a) as number))
      .slice(0, pendingGpus.length);
  }

  /** Filter (idle_gpus.go:80-91): count the scenario's new victims, then try to fit the pending tasks. */
  passes(victims: Iterable<FreedGpus<K>>): boolean {
    this.addVictims(victims);
    return greedyMatchRequirements(this.required, this.top, (node) => this.free.get(node) ?? 0);
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
    if (this.free.size === 0) return;
    const last = this.top[this.top.length - 1];
    const prevMin = last === undefined ? 0 : (this.free.get(last) ?? 0);
    const now = (this.free.get(node) ?? 0) + gpu;
    this.free.set(node, now);
    if (now > prevMin) this.orderedInsert(node, true);
  }

  /**
   * orderedInsert (idle_gpus.go:213-250): the slot is the first whose value is not above the node's (binary
   * search on the descending list); a node already listed moves there, a new one is inserted, dropping the
   * last when `replace` keeps the list's length.
   */
  private orderedInsert(node: K, replace: boolean): void {
    const value = this.free.get(node) as number;
    let lo = 0;
    let hi = this.top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.free.get(this.top[mid] as K) as number) > value) lo = mid + 1;
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
