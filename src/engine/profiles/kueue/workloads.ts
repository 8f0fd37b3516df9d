/**
 * Kueue Workloads as this profile keeps them: one Workload per scenario job, in the ClusterQueue its
 * `queue` names, with one pod set made of all its tasks (requests summed, node selectors merged), its
 * priority (the job's priority class value; kueue pkg/util/priority) and its creation time (`submitAt`,
 * the queue-order timestamp of pkg/workload/workload.go:1182). Whether a Workload holds quota, in which
 * flavors and since when, is the profile's per-job state carried between sessions in the phase string.
 */
import type { ProfileJobInput } from '../../framework/Profile';
import { RESOURCE_NAMES, type ResourceName } from '../../model/resources';
import type { NodeSpec } from '../../model/scenario';
import { frKey, type FlavorResource } from './quotaTree';
import type { ClusterQueueSpec, ResourceFlavorSpec } from './spec';

export interface Admission {
  /** Resource → flavor, for every requested resource. */
  readonly flavors: ReadonlyMap<ResourceName, string>;
  /** When quota was reserved (ordering of preemption candidates: admitted more recently first). */
  readonly atMs: number;
}

export interface Workload {
  readonly input: ProfileJobInput;
  readonly name: string;
  readonly cq: string;
  readonly priority: number;
  readonly createdMs: number;
  /** Requested total per resource (only resources with a non-zero request; `pods` only if covered). */
  readonly requests: ReadonlyMap<ResourceName, number>;
  readonly nodeSelector: Readonly<Record<string, string>>;
  admission: Admission | null;
  /** Evicted by a preemption in this session: it still holds its quota until its pods are gone. */
  evicted: boolean;
  /**
   * Every pod succeeded: the Workload is Finished and gives its quota back (kueue
   * pkg/controller/core/workload_controller.go:1339-1365 @ff69552e deletes a finished Workload from the
   * queues and the cache), so it is neither admitted nor pending.
   */
  readonly finished: boolean;
}

const PHASE_PREFIX = 'Admitted';

/** `Admitted at=12000 cpu=default gpu=a100`: readable in the jobs table, parsed back next session. */
export function admissionPhase(a: Admission): string {
  const parts = [...a.flavors].sort(([x], [y]) => x.localeCompare(y)).map(([r, f]) => `${r}=${f}`);
  return [PHASE_PREFIX, `at=${a.atMs}`, ...parts].join(' ');
}

function parsePhase(phase: string | null): Admission | null {
  if (phase === null || !phase.startsWith(PHASE_PREFIX)) return null;
  const flavors = new Map<ResourceName, string>();
  let atMs = 0;
  for (const part of phase.split(' ').slice(1)) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 'at') atMs = Number(value);
    else {
      const r = RESOURCE_NAMES.find((n) => n === key);
      if (r !== undefined) flavors.set(r, value);
    }
  }
  return { flavors, atMs };
}

/** Whether `labels` carries every flavor label (a node of the flavor). */
export function nodeHasLabels(node: NodeSpec, labels: Readonly<Record<string, string>>): boolean {
  return Object.entries(labels).every(([k, v]) => node.labels[k] === v);
}

/** Resources the ClusterQueue covers, in any resource group. */
export function coveredResources(cq: ClusterQueueSpec): Set<ResourceName> {
  return new Set(cq.resourceGroups.flatMap((g) => g.coveredResources));
}

export function buildWorkload(
  input: ProfileJobInput,
  cq: ClusterQueueSpec | undefined,
  flavors: ReadonlyMap<string, ResourceFlavorSpec>,
  nodes: ReadonlyMap<string, NodeSpec>,
): Workload {
  const covered = cq ? coveredResources(cq) : new Set<ResourceName>();
  const requests = new Map<ResourceName, number>();
  const selector: Record<string, string> = {};
  for (const t of input.tasks) {
    for (const r of RESOURCE_NAMES) {
      // flavorassigner.go:741-747: pods are counted only when the ClusterQueue covers `pods`.
      if (r === 'pods' && !covered.has('pods')) continue;
      const v = t.spec.resources[r];
      if (v > 0) requests.set(r, (requests.get(r) ?? 0) + v);
    }
    Object.assign(selector, t.spec.nodeSelector);
  }
  const finished = input.tasks.length > 0 && input.tasks.every((t) => t.status === 'Succeeded');
  let admission = finished ? null : parsePhase(input.phase);
  // A job the scenario starts Running holds quota from t=0, in the flavor of the node it runs on.
  if (admission === null && input.phase === null && cq && input.tasks.some((t) => t.status === 'Running'))
    admission = initialAdmission(input, cq, flavors, nodes, requests);
  return {
    input,
    name: input.spec.name,
    cq: input.spec.queue,
    priority: input.spec.priority,
    createdMs: input.spec.submitAtMs,
    requests,
    nodeSelector: selector,
    admission,
    evicted: false,
    finished,
  };
}

function initialAdmission(
  input: ProfileJobInput,
  cq: ClusterQueueSpec,
  flavors: ReadonlyMap<string, ResourceFlavorSpec>,
  nodes: ReadonlyMap<string, NodeSpec>,
  requests: ReadonlyMap<ResourceName, number>,
): Admission {
  const running = input.tasks.find((t) => t.status === 'Running' && t.node !== null);
  const node = running?.node ? nodes.get(running.node) : undefined;
  const out = new Map<ResourceName, string>();
  for (const g of cq.resourceGroups) {
    const match =
      g.flavors.find(
        (f) => node !== undefined && nodeHasLabels(node, flavors.get(f.name)?.nodeLabels ?? {}),
      ) ?? g.flavors[0];
    if (!match) continue;
    for (const r of g.coveredResources) if (requests.has(r)) out.set(r, match.name);
  }
  return { flavors: out, atMs: input.spec.startedAtMs ?? input.spec.submitAtMs };
}

/** The quota a Workload uses (or would use) under an assignment of flavors. */
export function usageUnder(
  w: Workload,
  flavors: ReadonlyMap<ResourceName, string>,
): Map<FlavorResource, number> {
  const out = new Map<FlavorResource, number>();
  for (const [r, v] of w.requests) {
    const f = flavors.get(r);
    if (f !== undefined) out.set(frKey(f, r), (out.get(frKey(f, r)) ?? 0) + v);
  }
  return out;
}
