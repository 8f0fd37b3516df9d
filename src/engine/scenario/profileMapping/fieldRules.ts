/**
 * Field rules the profiles' compare mappers share (decision 0288). They read the normalised model, whose
 * queues and jobs carry KAI's and Volcano's fields side by side, so a rule works whatever the source
 * profile: a field at its default was not written, one off its default is the source's and is mapped,
 * dropped with a line, or refused.
 */
import { QUEUE_RESOURCE_NAMES, type Resources } from '../../model/resources';
import type { JobSpec, Profile, QueuePatch, QueueSpec, Scenario, ScenarioEvent } from '../../model/scenario';
import { DEFAULT_QUEUE_RESOURCE, defaultQueueResources } from '../normaliseQueue';
import type { MappingLog } from './MappingLog';
import { eachJob } from './mappingKit';

/**
 * KAI features that change what a job asks for or where it may go (gangs of subgroups, topology, node
 * pools, GPU memory, pods already terminating): without them the run would be another scenario, so a
 * target without them refuses (KAI podgroup_types.go:149 subGroups, topologyConstraint; node-pool label;
 * gpu-memory annotation @d5bc503).
 */
export function refuseKaiStructure(source: Scenario, target: Profile, log: MappingLog): void {
  const no = (what: string) => `${target} has no ${what}; without it the jobs would ask for something else`;
  if ((source.topologies?.length ?? 0) > 0) log.refuse('topologies', no('KAI topology-aware placement'));
  if ((source.nodePools?.length ?? 0) > 0) log.refuse('nodePools', no('KAI node pools'));
  source.queues.forEach((q, i) => {
    if (q.nodePool !== undefined) log.refuse(`queues[${i}].nodePool`, no('KAI node pools'));
  });
  eachJob(source, (job, path) => {
    if ((job.subGroups?.length ?? 0) > 0)
      log.refuse(`${path}.subGroups`, no('KAI subgroups (multi-level gangs)'));
    if (job.topologyConstraint !== undefined)
      log.refuse(`${path}.topologyConstraint`, no('KAI topology constraints'));
    if (job.nodePool !== undefined) log.refuse(`${path}.nodePool`, no('KAI node pools'));
    job.tasks.forEach((t, j) => {
      if (t.gpuMemoryMiB !== undefined)
        log.refuse(`${path}.tasks[${j}].gpuMemory`, no('KAI GPU-memory requests'));
      if (t.deletionTimestampMs !== undefined)
        log.refuse(`${path}.tasks[${j}].deletionTimestamp`, no('KAI terminating pods'));
      if (t.deletionGracePeriodMs !== undefined)
        log.refuse(`${path}.tasks[${j}].deletionGracePeriod`, no('KAI terminating pods'));
    });
  });
}

/** Volcano task roles (`minTaskMember`, `volcano.sh/task-spec`): a gang per role, refused elsewhere. */
export function refuseVolcanoStructure(source: Scenario, target: Profile, log: MappingLog): void {
  eachJob(source, (job, path) => {
    if (job.minTaskMember !== undefined || job.tasks.some((t) => t.role !== undefined))
      log.refuse(`${path}.minTaskMember`, `${target} has no Volcano task roles (a gang per role)`);
  });
}

/**
 * A job for a profile other than KAI: KAI's job-wide preemptibility becomes Volcano's per-pod
 * `volcano.sh/preemptable=false` label on every task (the only way Volcano and kube-batch keep a pod from
 * being a victim: volcano pkg/scheduler/api/job_info.go:211 @ed72c7c8); KAI's preemption delay and
 * stale-gang grace period are dropped, listed.
 */
export function kaiJobFieldsOut(job: JobSpec, path: string, log: MappingLog): JobSpec {
  const out: JobSpec = { ...job };
  if (!job.preemptible) {
    log.assume(
      'KAI non-preemptible job → every task labelled volcano.sh/preemptable=false (never a victim); KAI also keeps such jobs within quota, which this does not',
    );
    out.tasks = job.tasks.map((t) => ({ ...t, preemptable: false }));
  }
  out.preemptible = true;
  if (job.preemptionDelayMs !== undefined) {
    log.drop(`${path}.preemptionDelay`, 'KAI preemption delay: no counterpart, the job may evict at once');
    delete out.preemptionDelayMs;
  }
  if (job.lastEvictedAtMs !== undefined) {
    log.drop(`${path}.lastEvictedAt`, 'read only by KAI preemption delay');
    delete out.lastEvictedAtMs;
  }
  if (job.stalenessGracePeriodMs !== undefined && job.stalenessGracePeriodMs !== null) {
    log.drop(
      `${path}.stalenessGracePeriod`,
      'KAI stale-gang grace period: no stale-gang eviction in the target',
    );
    out.stalenessGracePeriodMs = null;
  }
  return out;
}

/**
 * A job for a profile other than Volcano: PodGroup `minResources` and `phase` are Volcano's enqueue
 * gate (volcano pkg/scheduler/actions/enqueue @ed72c7c8), the `sla-waiting-time` annotation its sla
 * plugin; all dropped, listed. `running` says whether the target still reads the phase (kube-batch does not
 * have enqueue either).
 */
export function volcanoJobFieldsOut(job: JobSpec, path: string, target: Profile, log: MappingLog): JobSpec {
  const out: JobSpec = { ...job };
  if (job.minResources !== null) {
    log.drop(
      `${path}.minResources`,
      `Volcano PodGroup minResources (enqueue gate): ${target} has no enqueue step`,
    );
    out.minResources = null;
  }
  if (job.phase !== 'Pending') {
    log.drop(
      `${path}.phase`,
      `Volcano PodGroup phase ${job.phase}: ${target} has no PodGroup phase to start from`,
    );
    out.phase = 'Pending';
  }
  if (Object.hasOwn(job.annotations, 'sla-waiting-time')) {
    log.drop(`${path}.annotations.sla-waiting-time`, `Volcano sla plugin: ${target} has no sla plugin`);
    const annotations = { ...job.annotations };
    delete annotations['sla-waiting-time'];
    out.annotations = annotations;
  }
  return out;
}

/** Whether any of the queue's KAI resources is off its default (quota 0, limit -1, weight 1). */
export function hasKaiResources(q: Pick<QueueSpec, 'resources'>): boolean {
  return QUEUE_RESOURCE_NAMES.some((r) => {
    const spec = q.resources[r];
    return (
      spec.quota !== DEFAULT_QUEUE_RESOURCE.quota ||
      spec.limit !== DEFAULT_QUEUE_RESOURCE.limit ||
      spec.overQuotaWeight !== DEFAULT_QUEUE_RESOURCE.overQuotaWeight
    );
  });
}

/**
 * KAI's per-resource over-quota weights as one queue weight (Volcano's Queue `weight` is one integer for
 * every resource: volcano staging/src/volcano.sh/apis/pkg/apis/scheduling/v1beta1/types.go:466 @ed72c7c8):
 * the GPU weight, the resource a GPU scenario shares; a queue whose weights differ by resource says so.
 */
export function oneWeight(q: Pick<QueueSpec, 'resources'>, path: string, log: MappingLog): number {
  const w = q.resources.gpu.overQuotaWeight;
  if (QUEUE_RESOURCE_NAMES.some((r) => q.resources[r].overQuotaWeight !== w))
    log.drop(
      `${path}.resources`,
      `over-quota weights differ by resource; the GPU weight ${w} is the queue weight`,
    );
  return w;
}

/** A queue with its KAI fields at their defaults (a target that refuses them when they are written). */
export function withoutKaiQueueFields(q: QueueSpec): QueueSpec {
  return { ...q, resources: defaultQueueResources(), preemptMinRuntimeMs: null, reclaimMinRuntimeMs: null };
}

/** A queue change without its KAI fields (a patch writes every field it holds, so they are removed). */
export function withoutKaiPatchFields(p: QueuePatch): QueuePatch {
  const out = { ...p };
  delete out.resources;
  delete out.preemptMinRuntimeMs;
  delete out.reclaimMinRuntimeMs;
  return out;
}

/** KAI min-runtimes on a queue (or a queue patch): listed, then dropped by {@link withoutKaiQueueFields}. */
export function listMinRuntimes(
  q: Partial<QueueSpec> | QueuePatch,
  path: string,
  target: Profile,
  log: MappingLog,
): void {
  for (const [key, field] of [
    ['preemptMinRuntimeMs', 'preemptMinRuntime'],
    ['reclaimMinRuntimeMs', 'reclaimMinRuntime'],
  ] as const) {
    const v = q[key];
    if (v !== undefined && v !== null)
      log.drop(
        `${path}.${field}`,
        `KAI min-runtime (minruntime plugin): ${target} has no counterpart, so no job is protected by it`,
      );
  }
}

/** The amounts of `resources` for which `pick` gives a value (null: none at all). */
export function resourceList(
  pick: (r: (typeof QUEUE_RESOURCE_NAMES)[number]) => number | null,
): Partial<Resources> | null {
  const out: Partial<Resources> = {};
  for (const r of QUEUE_RESOURCE_NAMES) {
    const v = pick(r);
    if (v !== null) out[r] = v;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The queue tree made flat, for a profile without one (kube-batch's Queue has no parent: kube-batch
 * pkg/apis/scheduling/v1alpha1/types.go:197-200 @86b2ba21): the leaves become top-level queues with their
 * own weights and the inner queues, which hold no jobs, are left out (listed). A job in an inner queue
 * (a Volcano tree allows it under proportion) refuses the mapping.
 */
export function flattenQueueTree(s: Scenario, target: Profile, log: MappingLog): Scenario {
  const inner = new Set(s.queues.flatMap((q) => (q.parent === null ? [] : [q.parent])));
  if (inner.size === 0) return s;
  eachJob(s, (job, path) => {
    if (inner.has(job.queue))
      log.refuse(`${path}.queue`, `${target} has no queue tree, and queue ${job.queue} has child queues`);
  });
  log.assume(
    `${target} has no queue tree: leaf queues become top-level queues, inner queues are left out (listed)`,
  );
  s.queues.forEach((q, i) => {
    if (inner.has(q.name))
      log.drop(`queues[${i}]`, `inner queue ${q.name} is left out; its children share as top-level queues`);
  });
  const events = s.events.flatMap((e, k): ScenarioEvent[] => {
    if (e.kind !== 'updateQueue') return [e];
    if (inner.has(e.patch.name)) {
      log.drop(`events[${k}]`, `a change of inner queue ${e.patch.name}, which is left out`);
      return [];
    }
    const patch = { ...e.patch };
    delete patch.parent;
    return [{ ...e, patch }];
  });
  return {
    ...s,
    queues: s.queues.filter((q) => !inner.has(q.name)).map((q) => ({ ...q, parent: null })),
    events,
  };
}
