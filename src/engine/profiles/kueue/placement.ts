/**
 * Where an admitted Workload's pods land. Kueue admits quota only; once a Workload is admitted its job is
 * unsuspended and kube-scheduler places the pods, with Kueue's flavor node labels added to their node
 * selector (kueue pkg/podset/podset.go Merge of the admitted flavor's nodeLabels @ff69552e). This profile
 * models that second step simply: each pending pod of an admitted Workload goes to the first node, in
 * name order, that carries the flavor labels and the pod's own node selector and has room for its request
 * (decision 0285). A pod with no such node stays Pending, admitted, and is tried again next session.
 */
import { RESOURCE_NAMES, fitsIn, type Resources } from '../../model/resources';
import type { NodeSpec } from '../../model/scenario';
import type { ProfileTaskInput } from '../../framework/Profile';
import type { ResourceFlavorSpec } from './spec';

const HOLDS = new Set(['Running', 'Releasing', 'Pipelined']);

export class NodeRoom {
  private readonly free = new Map<string, Resources>();
  readonly ordered: readonly NodeSpec[];

  constructor(
    nodes: readonly NodeSpec[],
    tasks: Iterable<ProfileTaskInput & { spec: { resources: Resources } }>,
  ) {
    this.ordered = [...nodes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const n of nodes) this.free.set(n.name, { ...n.resources });
    for (const t of tasks) {
      if (t.node === null || !HOLDS.has(t.status)) continue;
      const f = this.free.get(t.node);
      if (f) for (const r of RESOURCE_NAMES) f[r] -= t.spec.resources[r];
    }
  }

  /** The first node (by name) with the labels and room for `req`, taken; null when none. */
  take(req: Resources, labels: Readonly<Record<string, string>>): string | null {
    for (const n of this.ordered) {
      if (!Object.entries(labels).every(([k, v]) => n.labels[k] === v)) continue;
      const f = this.free.get(n.name) as Resources;
      if (!fitsIn(req, f)) continue;
      for (const r of RESOURCE_NAMES) f[r] -= req[r];
      return n.name;
    }
    return null;
  }
}

/** The node labels a pod of an admitted Workload must match: its flavors' labels and its own selector. */
export function placementLabels(
  flavorNames: Iterable<string>,
  flavors: ReadonlyMap<string, ResourceFlavorSpec>,
  selector: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = { ...selector };
  for (const name of flavorNames) Object.assign(out, flavors.get(name)?.nodeLabels ?? {});
  return out;
}
