/**
 * A scenario of any profile as a Kueue scenario, for `sim compare --profiles` (decision 0288's kit; the
 * rules here are stated in the assumptions each mapping prints). Kueue admits Workloads against quota
 * (kueue apis/kueue/v1beta1/clusterqueue_types.go ResourceQuota @ff69552e: nominalQuota, borrowingLimit,
 * lendingLimit), so the source's queue tree becomes a `kueue:` block (§27):
 *
 * - leaf queues become ClusterQueues of the same name (jobs keep their queue), inner queues Cohorts
 *   (parentName = the parent), and every top-level queue joins one root cohort;
 * - a ClusterQueue's nominal quota per resource is the queue's Volcano `deserved`, else its `guarantee`,
 *   else its KAI quota (0 when none or unlimited); its borrowingLimit is the KAI limit or the Volcano
 *   capability minus that nominal quota; no lending limit;
 * - the cluster's capacity above the ClusterQueues' nominal quotas is the root cohort's own quota, lent to
 *   whichever ClusterQueue borrows (Kueue admits only against quota: without it the share KAI and Volcano
 *   give out above the quotas by weight would be unusable);
 * - one ResourceFlavor without node labels covers the queue resources the jobs request;
 * - preemption: `withinClusterQueue: LowerPriority` where the source runs preempt, `reclaimWithinCohort:
 *   Any` where it runs reclaim (Kueue's defaults are Never for both, clusterqueue_types.go @ff69552e).
 *
 * Weights, queue priorities, min-runtimes and inner queues' own quotas have no counterpart and are listed;
 * `updateQueue` events refuse the mapping (a kueue scenario's queues are its block, §27.6).
 */
import type { ProfileFieldIssue } from '../../framework/ProfileModule';
import { QUEUE_RESOURCE_NAMES, type QueueResourceName } from '../../model/resources';
import type { JobSpec, QueueSpec, Scenario } from '../../model/scenario';
import type { MappingLog, MappingResult } from '../../scenario/profileMapping/MappingLog';
import {
  kaiJobFieldsOut,
  listMinRuntimes,
  refuseKaiStructure,
  refuseVolcanoStructure,
  volcanoJobFieldsOut,
} from '../../scenario/profileMapping/fieldRules';
import {
  catalogueOf,
  eachJob,
  listUncarriedPlugins,
  mappedScheduler,
  mapWithRules,
} from '../../scenario/profileMapping/mappingKit';
import { KUEUE_BLOCK, readKueueBlock } from './profile';
import { KUEUE_LIMITS } from './readSpec';

const FLAVOR = 'default';

export function mapScenarioToKueue(source: Scenario): MappingResult {
  return mapWithRules(source, {
    target: 'kueue',
    refuseStructure: (s, log) => {
      refuseKaiStructure(s, 'kueue', log);
      refuseVolcanoStructure(s, 'kueue', log);
      s.events.forEach((e, k) => {
        if (e.kind === 'updateQueue')
          log.refuse(
            `events[${k}].updateQueue`,
            'kueue: its queues are the ClusterQueues of the kueue block, which no event changes (§27.6)',
          );
      });
    },
    scheduler: (s, log) => {
      s.scheduler.actions.forEach((a, i) =>
        log.drop(
          `scheduler.actions[${i}]`,
          `Kueue has no ${a} action: it admits by quota and preempts by the ClusterQueue policy`,
        ),
      );
      listUncarriedPlugins(s, [], 'kueue', log);
      return mappedScheduler(s, [], [], log);
    },
    queue: (q, path, log) => {
      listMinRuntimes(q, path, 'kueue', log);
      return q;
    },
    // Refused in refuseStructure; never reached.
    queuePatch: () => null,
    job: (job, path, log) => kueueJob(job, path, log),
    reshape: (s, log) => withBlock(s, source, log),
  });
}

/** A job as a Workload: one pod set, preempted whole by priority (§27.3). */
function kueueJob(job: JobSpec, path: string, log: MappingLog): JobSpec {
  if (!job.preemptible)
    log.drop(
      `${path}.preemptibility`,
      'KAI non-preemptible: Kueue preempts a Workload by priority and the ClusterQueue policy only',
    );
  if (job.tasks.some((t) => !t.preemptable))
    log.drop(`${path}.tasks`, 'Volcano preemptable=false: Kueue preempts whole Workloads by priority');
  if (job.minAvailable < job.tasks.length)
    log.drop(
      `${path}.minAvailable`,
      'Kueue admits the whole Workload (partial admission is not modelled): every task counts',
    );
  // Every task counts (the kueue reader refuses a written minAvailable, §27.3).
  const out = kaiJobFieldsOut({ ...job, preemptible: true, minAvailable: job.tasks.length }, path, log);
  return volcanoJobFieldsOut(
    { ...out, tasks: out.tasks.map((t) => ({ ...t, preemptable: true })) },
    path,
    'kueue',
    log,
  );
}

/** The queue's nominal quota of `r`: Volcano deserved, else guarantee, else KAI quota (0 when none). */
function nominalOf(q: QueueSpec, r: QueueResourceName): number {
  const written = q.deserved?.[r] ?? q.guarantee?.[r];
  if (written !== undefined) return written;
  return Math.max(0, q.resources[r].quota);
}

/** How far above its nominal quota the queue may go (KAI limit, Volcano capability), or null. */
function borrowingOf(q: QueueSpec, r: QueueResourceName, nominal: number): number | null {
  const cap = q.capability?.[r] ?? (q.resources[r].limit >= 0 ? q.resources[r].limit : undefined);
  return cap === undefined ? null : Math.max(0, cap - nominal);
}

function withBlock(s: Scenario, source: Scenario, log: MappingLog): Scenario {
  const parents = new Set(s.queues.flatMap((q) => (q.parent === null ? [] : [q.parent])));
  eachJob(s, (job, path) => {
    if (parents.has(job.queue))
      log.refuse(
        `${path}.queue`,
        `kueue queues a Workload in a ClusterQueue, and queue ${job.queue} has child queues (a cohort here)`,
      );
  });
  const requested = new Set<QueueResourceName>();
  eachJob(s, (job) => {
    for (const t of job.tasks) for (const r of QUEUE_RESOURCE_NAMES) if (t.resources[r] > 0) requested.add(r);
  });
  const covered = QUEUE_RESOURCE_NAMES.filter((r) => requested.has(r));
  if (covered.length === 0) covered.push('gpu');
  const names = new Set(s.queues.map((q) => q.name));
  let root = 'cluster';
  for (let i = 2; names.has(root); i++) root = `cluster-${i}`;

  const leafTotal = new Map<QueueResourceName, number>(covered.map((r) => [r, 0]));
  const clusterQueues: Record<string, unknown>[] = [];
  const cohorts: Record<string, unknown>[] = [];
  s.queues.forEach((q, i) => {
    const path = `queues[${i}]`;
    if (q.weight !== 1 || QUEUE_RESOURCE_NAMES.some((r) => q.resources[r].overQuotaWeight !== 1))
      log.drop(
        `${path}.weight`,
        'Kueue lends unused quota in admission order, not by weight (no fair sharing)',
      );
    if (q.priority !== catalogueOf(source.profile).defaultQueuePriority)
      log.drop(`${path}.priority`, 'Kueue has no queue priority: Workloads are ordered by their own');
    if (!q.reclaimable)
      log.drop(
        `${path}.reclaimable`,
        'Volcano reclaimable=false: a Kueue ClusterQueue always lends unused quota',
      );
    if (parents.has(q.name)) {
      if (QUEUE_RESOURCE_NAMES.some((r) => q.resources[r].quota > 0 || q.resources[r].limit >= 0))
        log.drop(
          `${path}.resources`,
          'a cohort pools its ClusterQueues’ nominal quotas; the inner queue’s own is not added',
        );
      cohorts.push({ name: q.name, parentName: q.parent ?? root });
      return;
    }
    const resources = covered.map((r) => {
      const nominalQuota = nominalOf(q, r);
      leafTotal.set(r, (leafTotal.get(r) ?? 0) + nominalQuota);
      const borrowingLimit = borrowingOf(q, r, nominalQuota);
      return borrowingLimit === null ? { name: r, nominalQuota } : { name: r, nominalQuota, borrowingLimit };
    });
    const preemption: Record<string, string> = {};
    if (source.scheduler.actions.includes('preempt')) preemption['withinClusterQueue'] = 'LowerPriority';
    if (source.scheduler.actions.includes('reclaim')) preemption['reclaimWithinCohort'] = 'Any';
    clusterQueues.push({
      name: q.name,
      cohortName: q.parent ?? root,
      resourceGroups: [{ coveredResources: covered, flavors: [{ name: FLAVOR, resources }] }],
      ...(Object.keys(preemption).length > 0 ? { preemption } : {}),
    });
  });
  // The capacity above the nominal quotas, as the root cohort's own quota (capped at the block's bound
  // where a node leaves a resource unlimited).
  const spare = covered.map((r) => {
    const capacity = Math.min(
      KUEUE_LIMITS.quantity,
      s.nodes.reduce((sum, n) => sum + n.resources[r], 0),
    );
    return { name: r, nominalQuota: Math.max(0, capacity - (leafTotal.get(r) ?? 0)) };
  });
  cohorts.unshift({
    name: root,
    resourceGroups: [{ coveredResources: covered, flavors: [{ name: FLAVOR, resources: spare }] }],
  });
  log.assume(
    `queue tree → kueue block: leaf queues are ClusterQueues (jobs keep their queue), inner queues Cohorts, every top-level queue in root cohort ${root}`,
  );
  log.assume(
    'nominal quota = Volcano deserved, else guarantee, else KAI quota (0 when none or unlimited); borrowingLimit = KAI limit or Volcano capability minus it; no lendingLimit',
  );
  log.assume(
    `the cluster's capacity above the nominal quotas is root cohort ${root}'s own quota, lent to any ClusterQueue that borrows`,
  );
  log.assume(`one ResourceFlavor ${FLAVOR} without node labels covering ${covered.join(', ')}`);
  log.assume(
    'preemption: withinClusterQueue LowerPriority where the source runs preempt, reclaimWithinCohort Any where it runs reclaim (Kueue default Never)',
  );
  const written = { resourceFlavors: [{ name: FLAVOR }], cohorts, clusterQueues };
  const read = readKueueBlock(written);
  for (const issue of read.issues) refuseIssue(issue, log);
  return { ...s, queues: [], profileBlock: { key: KUEUE_BLOCK, written, data: read.data } };
}

function refuseIssue(issue: ProfileFieldIssue, log: MappingLog): void {
  log.refuse(issue.path.join('.'), `kueue refuses the mapped block: ${issue.message}`);
}
