/**
 * How much of a job a domain can hold (KAI pkg/scheduler/plugins/topology/job_filtering.go @d5bc503): free
 * resources are idle plus releasing (:188-207; here a node's `future`: capacity minus used minus promised),
 * and a domain fits when it can host every task to place. When the tasks are alike in whether they use GPUs
 * (`useRepresentorPodsAccounting`, :446-477) the test counts pods: each node hosts as many copies of the
 * largest task as its free resources divide into (`calcNodeAccommodation`, :209-258), summed over the
 * domain. Otherwise the tasks' summed request must be at most the domain's free resources in every resource
 * (`getJobRatioToFreeResources` ≤ 1, :367-372, :411-440).
 */
import { RESOURCE_NAMES, type Resources } from '../../../../model/resources';
import type { TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Domain } from './domainTree';

/** A resource the domain lacks entirely counts as this ratio (KAI job_filtering.go:25 @d5bc503). */
const NOT_IN_DOMAIN_RATIO = 1000;

/**
 * What the plugin counts for one task: its request with no GPU for a GPU-memory request. Upstream sums and
 * compares each task's `ResReqVector` (getTasksAllocationMetadata :118-129, initTasksRepresentorMetadataStruct
 * :156-169, sortTreeFromRoot :455-467), whose GPU entry is `GpuRequirement.GPUs()` (pod_info/pod_info.go:215,
 * :576-577 @d5bc503): for a `gpu-memory` annotation the portion is 0 (NewGpuResourceRequirementWithGpus(0, m),
 * pod_info.go:521-524; WithMultiFraction(n, 0, m), :533-540), so GPUs() = 0 × count = 0
 * (resource_info/gpu_resource_requirment.go:224-226, :266-270). Such a task also counts as not using GPUs in
 * useRepresentorPodsAccounting (:578). Its GPU fit is left to the node predicates.
 */
export function topologyRequest(t: TaskInfo): Resources {
  return t.spec.gpuMemoryMiB === undefined ? t.req : { ...t.req, gpu: 0 };
}

export function sumRequests(tasks: readonly TaskInfo[]): Resources {
  const sum: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
  for (const t of tasks) {
    const req = topologyRequest(t);
    for (const r of RESOURCE_NAMES) sum[r] += req[r];
  }
  return sum;
}

export function domainFree(domain: Domain): Resources {
  const free: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
  for (const n of domain.nodes) for (const r of RESOURCE_NAMES) free[r] += n.future(r);
  return free;
}

/** The dominant ratio of request to free resources (pods not counted), 0 when nothing is requested. */
export function requestRatio(request: Resources, free: Resources): number {
  let ratio = 0;
  for (const r of RESOURCE_NAMES) {
    if (r === 'pods' || request[r] <= 0) continue;
    ratio = Math.max(ratio, free[r] <= 0 ? NOT_IN_DOMAIN_RATIO : request[r] / free[r]);
  }
  return ratio;
}

/** True when every task uses GPUs or none does (the only extended resource the sandbox models). */
export function countsPods(tasks: readonly TaskInfo[]): boolean {
  const withGpu = tasks.filter((t) => topologyRequest(t).gpu > 0).length;
  return withGpu === 0 || withGpu === tasks.length;
}

/** Copies of the largest task a node can host (KAI calcNodeAccommodation). */
export function nodeAccommodation(largest: Resources, taskCount: number, node: NodeInfo): number {
  if (RESOURCE_NAMES.every((r) => r === 'pods' || largest[r] <= 0)) return taskCount;
  let pods = Infinity;
  for (const r of RESOURCE_NAMES) {
    if (largest[r] <= 0) continue;
    const free = node.future(r);
    if (free < largest[r]) return 0;
    pods = Math.min(pods, Math.floor(free / largest[r] + 1e-9));
  }
  return Number.isFinite(pods) ? pods : taskCount;
}

export function largestTask(tasks: readonly TaskInfo[]): Resources {
  const max: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
  for (const t of tasks) {
    const req = topologyRequest(t);
    for (const r of RESOURCE_NAMES) max[r] = Math.max(max[r], req[r]);
  }
  return max;
}

/** Why `domain` cannot hold the tasks, or null when it can. */
export function domainMisfit(
  domain: Domain,
  tasks: readonly TaskInfo[],
  request: Resources,
  allocatablePods: ReadonlyMap<Domain, number> | null,
): string | null {
  if (allocatablePods !== null) {
    const pods = allocatablePods.get(domain) ?? 0;
    return pods < tasks.length
      ? `${domainName(domain)} can hold only ${pods} of the ${tasks.length} tasks`
      : null;
  }
  return requestRatio(request, domainFree(domain)) > 1
    ? `${domainName(domain)} has not enough free resources for the ${tasks.length} tasks together`
    : null;
}

/**
 * Why a domain strictly above `top` (the lowest domain holding every node the job may use) cannot hold the
 * tasks, or null when it can. Upstream clears every domain's free resources and pod count, then counts them
 * again only from the lowest common domain down (KAI pkg/scheduler/plugins/topology/job_filtering.go:55-61,
 * treeAllocatableCleanup :446-453 @d5bc503), so a domain above it keeps no free resources and an unset pod
 * count: checkJobDomainFit (:369-387) then falls back to the ratio test, which a domain with nothing free
 * fails for any positive request (requiredResourceNotInDomainRatio, :527-530) and passes for an empty one
 * (:509-512). A job requiring a zone on a cluster whose nodes all share one rack therefore waits, as upstream.
 */
export function aboveCommonMisfit(
  domain: Domain,
  top: Domain,
  tasks: readonly TaskInfo[],
  request: Resources,
): string | null {
  if (requestRatio(request, { gpu: 0, cpu: 0, memory: 0, pods: 0 }) <= 1) return null;
  return (
    `${domainName(domain)} cannot hold the ${tasks.length} tasks: it lies above ${domainName(top)}, the lowest ` +
    `domain holding every node it may use, and KAI counts free resources only from there down, so it has none free`
  );
}

/** Pods each domain of the subtree can host (KAI calcSubTreeAllocatable, job_filtering.go:163-186 @d5bc503). */
export function allocatablePodsOf(root: Domain, tasks: readonly TaskInfo[]): Map<Domain, number> {
  const largest = largestTask(tasks);
  const out = new Map<Domain, number>();
  const visit = (d: Domain): number => {
    const pods =
      d.children.length === 0
        ? d.nodes.reduce((sum, n) => sum + nodeAccommodation(largest, tasks.length, n), 0)
        : d.children.reduce((sum, c) => sum + visit(c), 0);
    out.set(d, pods);
    return pods;
  };
  visit(root);
  return out;
}

/** How a domain is named in the trace: its level and id, e.g. `rack "zone-a.rack-1"`, or "the cluster". */
export function domainName(domain: Domain): string {
  return domain.level === 'root' ? 'the cluster' : `${domain.levelName} ${JSON.stringify(domain.id)}`;
}
