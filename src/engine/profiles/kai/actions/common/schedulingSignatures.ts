/**
 * KAI's scheduling signatures (`--use-scheduling-signatures`, default true upstream: cmd/scheduler/app/options/
 * options.go:124 @d5bc503; the lab's `scheduler.useSchedulingSignatures`, default false, decision 0353).
 * Reclaim and preempt keep, per queue, the smallest job that failed for each signature, consolidation one set
 * for the whole action (reclaim.go:69-87, preempt.go:67-83, consolidation.go:60-70); a later job with the same
 * signature that is "not easier to schedule" than that representative is skipped
 * (actions/common/minimal_job_comparison.go).
 *
 * A signature is what upstream hashes of a pod group (podgroup_info/job_info.go:639-662): each pod set's
 * topology constraints up its parent chain and the sorted signatures of its pods that are not active-allocated
 * (subgroup_info/podset.go:155-205; a pod set with every pod active-allocated signs ""), the pod sets' signatures
 * sorted. A pod's signature (pod_info/scheduling_constraints_signature.go:19-110) covers storage, node selector,
 * affinity, tolerations, priority class and priority, topology spread and host ports; of these the lab models
 * the node selector and the priorities, the rest are the same (absent) for every pod. The lab keeps the parts as
 * a string instead of a SHA-256 (equal exactly when upstream's hashes are, collisions aside) and computes it
 * when asked rather than caching it on the job (upstream caches it per pod group; within one action a
 * failed job's pending pods do not change, and a skipped job is compared with its pods as they are).
 */
import type { Resources } from '../../../../model/resources';
import type { TopologyConstraint } from '../../../../model/topology';
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { SubGroupMember } from '../../framework/subGroupTree';

/** KAI activeAllocatedStatuses (pod_status.go): Allocated, Running, Pipelined. */
function activeAllocated(t: TaskInfo): boolean {
  return t.status === 'Allocated' || t.status === 'Running' || t.status === 'Pipelined';
}

function podSignature(t: TaskInfo): string {
  const selector = Object.entries(t.spec.nodeSelector)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}:${v}`)
    .join(',');
  // Go's %v of a map prints its keys sorted, so the selector's order as written does not matter.
  return `sel[${selector}]pc[${t.job.spec.priorityClassName ?? ''}]p[${t.spec.priority ?? t.job.priority}]`;
}

function constraintSignature(c: TopologyConstraint | undefined): string {
  return c === undefined ? '' : `${c.topology}/${c.requiredLevel ?? ''}/${c.preferredLevel ?? ''}`;
}

function podSetSignature(
  tasks: readonly TaskInfo[],
  chain: readonly (TopologyConstraint | undefined)[],
): string {
  const pods = tasks.filter((t) => !activeAllocated(t));
  if (pods.length === 0) return '';
  const sigs = pods.map(podSignature).sort();
  return `${chain.map(constraintSignature).join('|')}{${sigs.join(';')}}`;
}

/** The job's scheduling-constraints signature as upstream would compute it now. */
export function schedulingSignature(job: JobInfo): string {
  const tree = job.subGroupTree;
  const sets: string[] = [];
  if (tree === null) {
    // A pod group without subgroups has one default pod set under the root set, which carries the pod
    // group's topology constraint.
    sets.push(podSetSignature(job.tasks, [undefined, job.spec.topologyConstraint]));
  } else {
    const walk = (m: SubGroupMember, parents: (TopologyConstraint | undefined)[]): void => {
      if (m.kind === 'podset') sets.push(podSetSignature(m.tasks, [m.constraint, ...parents]));
      else for (const c of m.members) walk(c, [m.constraint, ...parents]);
    };
    walk(tree, []);
  }
  return `${job.queue.name}#${sets.sort().join('#')}`;
}

/** A pending pod's request vector (ResReqVector): GPUs (or GPU memory over devices), CPU, memory. */
function vector(t: TaskInfo): number[] {
  const r: Resources = t.req;
  return [r.gpu, t.spec.gpuMemoryMiB ?? 0, t.gpuDevices, r.cpu, r.memory];
}

function lessEqual(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] as number) > (b[i] as number)) return false;
  return true;
}

/**
 * The pending pods' vectors sorted (extractSortedResourceRequests sorts by LessEqual). Upstream's sort.Slice
 * with a partial order leaves incomparable vectors in an order of Go's sort; the lab sorts lexicographically,
 * a total order that agrees with LessEqual wherever two vectors are comparable.
 */
function sortedPending(job: JobInfo): number[][] {
  const out = job.tasks.filter((t) => t.status === 'Pending').map(vector);
  out.sort((a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
    return 0;
  });
  return out;
}

/** jobEasierToScheduleComparison (minimal_job_comparison.go:48-78). */
function easierToSchedule(job: JobInfo, representative: JobInfo): boolean {
  const p1 = sortedPending(job);
  const p2 = sortedPending(representative);
  if (p1.length === 0 || p2.length === 0) return false;
  if (p2.length > p1.length) return true;
  for (let i = 0; i < p1.length; i++) {
    const b = p2[i];
    if (b === undefined) return false;
    const a = p1[i] as number[];
    if (lessEqual(a, b)) {
      if (lessEqual(b, a)) continue;
      return true;
    }
  }
  return false;
}

/** isPodGroupFootprintSmaller (minimal_job_comparison.go:81-100). */
function footprintSmaller(job: JobInfo, than: JobInfo): boolean {
  const p1 = sortedPending(job);
  const p2 = sortedPending(than);
  if (p1.length === 0 || p2.length === 0 || p1.length > p2.length) return false;
  return p1.every((a, i) => lessEqual(a, p2[i] as number[]));
}

export interface Representative {
  job: JobInfo;
  /** Index of its failed attempt in the session's trace; null when it failed before an attempt was recorded. */
  attempt: number | null;
}

/**
 * MinimalJobRepresentatives. The signature includes the queue's name when the action keeps one set per queue
 * (reclaim, preempt), so one map serves both scopes.
 */
export class MinimalJobRepresentatives {
  private readonly reps = new Map<string, Representative>();

  constructor(private readonly perQueue: boolean) {}

  private key(job: JobInfo): string {
    const sig = schedulingSignature(job);
    return this.perQueue ? sig : sig.slice(sig.indexOf('#'));
  }

  /** The representative `job` is not easier to schedule than, or null when it is to be tried. */
  notEasierThan(job: JobInfo): Representative | null {
    const rep = this.reps.get(this.key(job));
    if (rep === undefined) return null;
    return easierToSchedule(job, rep.job) ? null : rep;
  }

  /** UpdateRepresentative: a failed job replaces the representative when its footprint is smaller. */
  failed(job: JobInfo, attempt: number | null): void {
    const key = this.key(job);
    const rep = this.reps.get(key);
    if (rep !== undefined && !footprintSmaller(job, rep.job)) return;
    this.reps.set(key, { job, attempt });
  }
}
