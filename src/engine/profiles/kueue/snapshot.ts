/**
 * One scheduling cycle's snapshot (kueue pkg/cache/scheduler/snapshot.go @ff69552e): the quota tree with
 * the usage of every Workload holding quota, and the admitted Workloads of each ClusterQueue. Preemption
 * simulates by removing and re-adding Workloads' usage, as upstream's RemoveWorkload / AddWorkload do.
 */
import { QuotaTree, addUsage, removeUsage, type FlavorResource, type QuotaNode } from './quotaTree';
import type { ClusterQueueSpec, FairSharingConfig, KueueSpec } from './spec';
import { usageUnder, type Workload } from './workloads';

export class Snapshot {
  readonly tree: QuotaTree;
  readonly specs: ReadonlyMap<string, ClusterQueueSpec>;
  /** Admitted Workloads per ClusterQueue (those being evicted included: they hold quota until gone). */
  readonly admitted = new Map<string, Workload[]>();
  /** The Configuration's fairSharing (null = off): picks the iterator and the preemption algorithm. */
  readonly fairSharing: FairSharingConfig | null;

  constructor(spec: KueueSpec, workloads: readonly Workload[]) {
    this.fairSharing = spec.fairSharing;
    this.tree = new QuotaTree(spec);
    this.specs = new Map(spec.clusterQueues.map((q) => [q.name, q]));
    for (const q of spec.clusterQueues) this.admitted.set(q.name, []);
    for (const w of workloads) {
      if (w.admission === null) continue;
      const list = this.admitted.get(w.cq);
      if (!list) continue;
      list.push(w);
      this.addWorkload(w);
    }
  }

  queue(name: string): QuotaNode {
    return this.tree.queues.get(name) as QuotaNode;
  }

  spec(name: string): ClusterQueueSpec {
    return this.specs.get(name) as ClusterQueueSpec;
  }

  usageOf(w: Workload): Map<FlavorResource, number> {
    return w.admission === null ? new Map() : usageUnder(w, w.admission.flavors);
  }

  addWorkload(w: Workload): void {
    this.addUsage(w.cq, this.usageOf(w));
  }

  removeWorkload(w: Workload): void {
    this.removeUsage(w.cq, this.usageOf(w));
  }

  addUsage(cq: string, usage: ReadonlyMap<FlavorResource, number>): void {
    const n = this.tree.queues.get(cq);
    if (n) for (const [fr, v] of usage) addUsage(n, fr, v);
  }

  removeUsage(cq: string, usage: ReadonlyMap<FlavorResource, number>): void {
    const n = this.tree.queues.get(cq);
    if (n) for (const [fr, v] of usage) removeUsage(n, fr, v);
  }
}
