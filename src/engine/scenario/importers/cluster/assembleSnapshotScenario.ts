/**
 * The scenario of a read snapshot (SnapshotReader): jobs from pod groups with their pods as tasks, the
 * state of each pod as KAI's cache sees it (upstream pkg/scheduler/api/pod_info/pod_info.go:465-503: a
 * Running pod, or a Pending one bound to a node or with a bind request in flight, holds its node;
 * Succeeded and Failed pods hold nothing), pods of other schedulers taken off their node's capacity (KAI's
 * cache adds every pod to its node, cluster_info.go:359-390, decision 0150), times as offsets from "now".
 */
import { applyNodeGpuMemoryLabels } from '../mapGpuMemory';
import { holdOnNode, holdRunningTasks } from '../holdOnNode';
import { zeroAbsentGpus } from '../mapNodes';
import { MAX_DURATION_MS } from '../../../model/duration';
import { catalogueOf, clusterImportProfile } from '../../../registry';
import { MAX_TEXT_LENGTH } from '../../limits';
import { isData, type Data } from '../FieldTracker';
import { commentText } from '../commentText';
import { formatDuration } from '../../../model/duration';
import { formatKubernetesQuantity } from '../../exporters/formatKubernetesQuantity';
import { MAX_NOTES } from './clusterLimits';
import { mapSnapshotConfig } from './mapSnapshotConfig';
import { dropOrphanQueues, type OrphanQueue } from './orphanQueues';
import { applySnapshotNodePool } from './snapshotNodePool';
import { describeShard, readSnapshotShard, shardLists, type SnapshotShard } from './snapshotShard';
import { parseTimestamp } from './snapshotNow';
import { PLAIN_NAMER, showRef, type Namer, type ObjectRef } from './objectRef';
import { redactScenarioNames, Redactor, registerScenarioNames, type RedactionRow } from './redaction';
import type { PodRecord, SnapshotReader } from './SnapshotReader';
import type { UnmappedGroup } from './unmappedGroups';
import { writeScenarioYaml } from './writeScenarioYaml';

export interface AssembledSnapshot {
  /** Scenario YAML, at most 16 MiB. */
  text: string;
  imported: { nodes: number; queues: number; jobs: number; tasks: number };
  /** What the engine does not model, grouped (never dropped silently). */
  unmapped: UnmappedGroup[];
  notes: string[];
  /** Which snapshot field gave "now" (t=0). */
  now: { iso: string; field: string } | null;
  /** The translation table when redacted. */
  redaction: RedactionRow[] | null;
  /** The scheduling shard the snapshot was taken from (`schedulerParams.partitionParams`, §17.7); absent for YAML. */
  shard?: SnapshotShard;
  /**
   * Queues left out because their parent is not in the snapshot (orphanQueues.ts), names as shown (redacted
   * or not); the merge of several shards says where each parent is (§17.8). Absent for YAML.
   */
  orphanQueues?: OrphanQueue[];
}

/** A note rendered once the namer is known (names redacted or not). */
type Note = (n: Namer) => string;

type Amounts = Record<string, number>;

function sameAmounts(a: unknown, b: unknown): boolean {
  if (!isData(a) || !isData(b)) return a === b;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

export function assembleSnapshotScenario(
  reader: SnapshotReader,
  options: { redact: boolean; fileName: string },
): { ok: true; value: AssembledSnapshot } | { ok: false; errors: string[] } {
  const notes: Note[] = [];
  const plainNotes: string[] = [];
  const now = reader.now.ms ?? 0;
  if (reader.now.ms === null)
    notes.push(() => 'No object of the snapshot has a timestamp: every time is 0s.');
  /** A time as an offset from now, within the scenario's duration bound (§10). */
  let clamped = 0;
  const offset = (ms: number | null, future = false): string | null => {
    if (ms === null) return null;
    let d = ms - now;
    if (d < -MAX_DURATION_MS) {
      d = -MAX_DURATION_MS;
      clamped++;
    }
    // Only a deletionTimestamp may lie ahead of now (the delete request's time plus the grace period).
    if (future && d > MAX_DURATION_MS) {
      d = MAX_DURATION_MS;
      clamped++;
    }
    return formatDuration(d);
  };

  // KAI's tumblingWindowStartTime is a timestamp: as an offset from the snapshot's now, like every time.
  const startOffset = (iso: string): string | null => {
    const ms = parseTimestamp(iso);
    return ms === null ? null : offset(ms);
  };
  const scheduler = mapSnapshotConfig(reader.config, reader.params, reader.unmapped, plainNotes, startOffset);
  const kaiName = reader.schedulerName;
  // The shard the snapshot was taken from lists only its nodes, queues and pod groups (snapshotShard.ts).
  const shard = readSnapshotShard(reader.params);
  const outside = { nodes: 0, queues: 0, groups: 0 };

  // Nodes, by name (the first of a repeated name wins).
  const nodes = new Map<string, Data>();
  for (const { node } of reader.nodes) {
    if (!shardLists(shard, node.labels)) {
      outside.nodes++;
      continue;
    }
    const name = String(node.name);
    if (!nodes.has(name)) nodes.set(name, node);
  }
  // A snapshot is of a real cluster: a node without nvidia.com/gpu has none (mapNodes.ts, decision 0345).
  const gpuless = zeroAbsentGpus(nodes.values());
  if (gpuless > 0)
    notes.push(() => `${gpuless} node(s) list their resources without nvidia.com/gpu: they have no GPUs (gpu: 0).`);
  const groups = reader.groups.filter((g) => shardLists(shard, g.labels));
  outside.groups = reader.groups.length - groups.length;
  const otherShardGroups = new Set(
    reader.groups.filter((g) => !groups.includes(g)).map((g) => `${g.ref.namespace ?? ''}/${g.ref.name}`),
  );

  // Pods: where each one is, as KAI's cache has it.
  const counts = {
    failed: 0,
    finished: 0,
    reservation: 0,
    other: 0,
    otherPending: 0,
    otherShard: 0,
    binding: 0,
    lostNode: 0,
    terminating: 0,
    terminatingNoGrace: 0,
    terminatingPending: 0,
  };
  const groupByKey = new Map<string, (typeof reader.groups)[number]>();
  for (const g of groups) groupByKey.set(`${g.ref.namespace ?? ''}/${g.ref.name}`, g);
  let kaiPods: PodRecord[] = [];
  for (const pod of reader.pods) {
    // A Succeeded pod of one of the shard's pod groups stays in its job (KAI cluster_info.go:456-467 adds every
    // pod of the group, pod_info.go:496-497 gives it Succeeded @d5bc503): it holds nothing, but a job with one
    // is never stale (job_info.go:495-497) and Volcano's gang counts it (decision 0330).
    if (pod.phase === 'Succeeded' && pod.schedulerName === kaiName && pod.group !== null) {
      if (groupByKey.has(`${pod.ref.namespace ?? ''}/${pod.group}`)) {
        delete pod.task.node;
        pod.task.status = 'Succeeded';
        kaiPods.push(pod);
        continue;
      }
    }
    // KAI's scheduler never sees a Failed pod: its pod informer lists and watches with the field selector
    // status.phase!=Failed (pkg/scheduler/cache/cache.go:86-112 @d5bc503), so no job, node or queue counts it
    // (decision 0345). A /get-snapshot zip is read from that cache; a Failed pod here came from elsewhere.
    if (pod.phase === 'Failed') {
      counts.failed++;
      continue;
    }
    if (pod.phase === 'Succeeded') {
      counts.finished++;
      continue;
    }
    if (pod.reservation) {
      counts.reservation++;
      continue;
    }
    let nodeName = pod.nodeName;
    if (nodeName === '' && pod.phase === 'Pending') {
      const bind = reader.binds.get(`${pod.ref.namespace ?? ''}/${pod.ref.name}`);
      if (bind !== undefined && !bind.failed && nodes.has(bind.node)) {
        nodeName = bind.node;
        counts.binding++;
      }
    }
    // A pod of another shard's pod group is scheduled by that shard, but held on its node all the same.
    const otherShard = pod.group !== null && otherShardGroups.has(`${pod.ref.namespace ?? ''}/${pod.group}`);
    if (pod.schedulerName !== kaiName || otherShard) {
      const node = nodes.get(nodeName);
      if (otherShard) counts.otherShard++;
      if (node === undefined) {
        if (!otherShard) counts.otherPending++;
        continue;
      }
      if (!otherShard) counts.other++;
      // Another scheduler's pod holds its requests on the node, outside every queue.
      holdOnNode(node, pod.task.resources as Amounts);
      continue;
    }
    delete pod.task.status;
    delete pod.task.node;
    if (nodeName !== '') {
      if (nodes.has(nodeName)) {
        pod.task.status = 'Running';
        pod.task.node = nodeName;
      } else counts.lostNode++;
    }
    if (pod.deletion !== null) {
      // KAI gives a pod being deleted the status Releasing whatever its phase (pod_info.go:465-474
      // @d5bc503): one on no node is neither pending nor alive, KAI never places it, and it is going away.
      if (pod.task.status !== 'Running') {
        counts.terminatingPending++;
        continue;
      }
      counts.terminating++;
      pod.task.deletionTimestamp = offset(pod.deletion, true);
      if (pod.deletionGraceSeconds === null) counts.terminatingNoGrace++;
      else pod.task.deletionGracePeriod = `${pod.deletionGraceSeconds}s`;
    }
    kaiPods.push(pod);
  }
  if (counts.terminating > 0)
    notes.push(
      () =>
        `${counts.terminating} terminating pod(s) (metadata.deletionTimestamp) run as terminating (§23.4): KAI counts each Releasing, or StuckInReleasing past the threshold; a deletion still ahead of now completes at its deletionTimestamp (its grace period, metadata.deletionGracePeriodSeconds, already counted in it) and the pod is re-created Pending, one already past it stays for the run.${counts.terminatingNoGrace > 0 ? ` ${counts.terminatingNoGrace} of them have no metadata.deletionGracePeriodSeconds: terminating for the whole run.` : ''}`,
    );
  if (counts.terminatingPending > 0)
    notes.push(
      () =>
        `${counts.terminatingPending} terminating pod(s) on no node left out: KAI counts a pod being deleted as Releasing, never schedules it, and it is going away.`,
    );
  if (counts.failed > 0)
    notes.push(
      () =>
        `${counts.failed} Failed pod(s) left out: KAI's scheduler does not list Failed pods (its pod informer filters status.phase!=Failed, cache.go:86-112 @d5bc503), so they hold nothing and count in no gang, queue or node.`,
    );
  if (counts.reservation > 0)
    notes.push(
      () =>
        `${counts.reservation} GPU-sharing reservation pod(s) (app=${'kai-resource-reservation'}) left out: the shared GPUs are held by the fraction pods themselves.`,
    );
  if (counts.other > 0)
    notes.push(
      () =>
        `${counts.other} pod(s) of other schedulers (not ${kaiName}) on nodes: their requests are taken off those nodes' resources (and one pod slot each).`,
    );
  if (counts.otherPending > 0)
    notes.push(
      () => `${counts.otherPending} pod(s) of other schedulers on no node of the snapshot: left out.`,
    );
  if (counts.otherShard > 0)
    notes.push(
      (n) =>
        `${counts.otherShard} pod(s) of pod groups outside ${describeShard(shard, n.label)}: not its tasks (those on its nodes still hold their requests there).`,
    );
  if (counts.binding > 0)
    notes.push(() => `${counts.binding} pod(s) with a bind request in flight run on its selected node.`);
  if (counts.lostNode > 0)
    notes.push(() => `${counts.lostNode} pod(s) name a node the snapshot does not hold: they are Pending.`);

  // Jobs: one per pod group (in the snapshot's order), then one per pod of no known group.
  const podsOf = new Map<string, PodRecord[]>();
  const lone: PodRecord[] = [];
  for (const pod of kaiPods) {
    const key = pod.group === null ? null : `${pod.ref.namespace ?? ''}/${pod.group}`;
    if (key !== null && groupByKey.has(key)) {
      let list = podsOf.get(key);
      if (list === undefined) podsOf.set(key, (list = []));
      list.push(pod);
    } else lone.push(pod);
  }
  if (lone.length > 0)
    notes.push(() => `${lone.length} pod(s) of no pod group in the snapshot: each is a job of its own.`);
  // A pod group whose every pod has finished takes no part in a session (openSession.ts): left out, as before.
  for (const [key, pods] of podsOf) {
    if (!pods.every((p) => p.task.status === 'Succeeded')) continue;
    podsOf.delete(key);
    counts.finished += pods.length;
    const gone = new Set(pods);
    kaiPods = kaiPods.filter((p) => !gone.has(p));
  }
  if (counts.finished > 0)
    notes.push(
      () =>
        `${counts.finished} Succeeded pod(s) of no live pod group of the snapshot hold nothing: left out.`,
    );
  const succeeded = kaiPods.filter((p) => p.task.status === 'Succeeded').length;
  if (succeeded > 0)
    notes.push(
      () =>
        `${succeeded} Succeeded pod(s) of pod groups that still have live pods are kept as Succeeded tasks: they hold nothing and count as KAI counts them (a gang with a succeeded pod is never stale).`,
    );

  // Names must be unique in a scenario: a name used in two namespaces becomes `namespace/name` (§5).
  const jobRefs: ObjectRef[] = [...groups.map((g) => g.ref), ...lone.map((p) => p.ref)];
  const jobName = uniqueNames(jobRefs);
  const taskName = uniqueNames(kaiPods.map((p) => p.ref));

  const classes = new Map(catalogueOf(clusterImportProfile()).defaultPriorityClasses.map((c) => [c.name, c]));
  const usedClasses = new Set<string>();
  let unknownClass = 0;
  let emptyGroups = 0;
  let waitingGangs = 0;
  let clampedGangs = 0;
  let startFromPods = 0;
  const jobs: Data[] = [];
  const addJob = (
    job: Data,
    ref: ObjectRef,
    pods: PodRecord[],
    created: number | null,
    lastStart: number | null,
    lastEviction: number | null = null,
  ) => {
    if (pods.length === 0) {
      emptyGroups++;
      return;
    }
    const tasks: Data[] = pods.map((p) => ({ ...p.task, name: taskName.get(p.ref) as string }));
    const running = pods.filter((p) => p.task.status === 'Running');
    const min = typeof job.minAvailable === 'number' ? job.minAvailable : null;
    if (min !== null && min > tasks.length) {
      // KAI schedules a gang only once minMember pods exist: without running pods it just waits.
      if (running.length === 0) {
        waitingGangs++;
        return;
      }
      clampedGangs++;
      job.minAvailable = tasks.length;
    }
    const out: Data = { name: jobName.get(ref) as string };
    const first = pods[0] as PodRecord;
    if (job.namespace !== undefined || (ref.namespace !== null && ref.namespace !== 'default'))
      out.namespace = ref.namespace;
    out.queue = job.queue ?? first.queue ?? 'default';
    const className = (job.priorityClassName as string | undefined) ?? first.priorityClassName;
    if (className !== null && className !== undefined) {
      if (classes.has(className) || reader.priorityClasses.has(className)) {
        if (className !== catalogueOf(clusterImportProfile()).defaultJobClass)
          out.priorityClassName = className;
        usedClasses.add(className);
      } else {
        unknownClass++;
        if (first.priority !== null) out.priority = first.priority;
      }
    }
    // A pod's preemptionPolicy is its class's (admission copies it): kept only where it differs.
    const classPolicy =
      (className
        ? (reader.priorityClasses.get(className)?.preemptionPolicy ??
          classes.get(className)?.preemptionPolicy)
        : null) ?? 'PreemptLowerPriority';
    for (const t of tasks) if (t.preemptionPolicy === classPolicy) delete t.preemptionPolicy;
    if (job.preemptibility !== undefined) out.preemptibility = job.preemptibility;
    if (job.topologyConstraint !== undefined) out.topologyConstraint = job.topologyConstraint;
    // KAI's preemption delay and the eviction time it counts from (§23).
    if (job.preemptionDelay !== undefined) out.preemptionDelay = job.preemptionDelay;
    const lastEvictedAt = offset(lastEviction);
    if (lastEvictedAt !== null) out.lastEvictedAt = lastEvictedAt;
    if (job.minAvailable !== undefined && job.minAvailable !== tasks.length)
      out.minAvailable = job.minAvailable;
    const submitAt = offset(created);
    if (submitAt !== null && submitAt !== '0s') out.submitAt = submitAt;
    if (running.length > 0) {
      let start = lastStart;
      if (start === null) {
        const times = running.map((p) => p.started).filter((t): t is number => t !== null);
        if (times.length > 0) {
          start = Math.min(...times);
          startFromPods++;
        }
      }
      const startedAt = offset(start);
      if (startedAt !== null && startedAt !== (submitAt ?? '0s')) out.startedAt = startedAt;
    }
    if (job.annotations !== undefined) out.annotations = job.annotations;
    // One request for the job when every task asks the same (the compact form of §5).
    const shared = tasks.every((t) => sameAmounts(t.resources, tasks[0]?.resources));
    if (shared) {
      out.resources = tasks[0]?.resources ?? {};
      for (const t of tasks) delete t.resources;
    }
    out.tasks = tasks;
    jobs.push(out);
  };
  const topologyNames = new Set(reader.topologies.map((t) => t.name));
  for (const g of groups) {
    const pods = podsOf.get(`${g.ref.namespace ?? ''}/${g.ref.name}`) ?? [];
    // A constraint naming a topology the snapshot lacks keeps the job pending upstream ("Requested topology
    // %s does not exist", KAI job_filtering.go:39-41 @d5bc503); the format refuses it, so it is listed instead.
    const constraint = g.job.topologyConstraint as Data | undefined;
    if (constraint !== undefined && !topologyNames.has(String(constraint.topology))) {
      delete g.job.topologyConstraint;
      reader.unmapped.add(
        'PodGroup spec.topologyConstraint',
        'names a topology the snapshot does not hold (KAI keeps such a job pending)',
        g.ref,
        'spec.topologyConstraint.topology',
      );
    }
    // The same for a subgroup's constraint (§21/§22, KAI podgroup_types.go:176 @d5bc503).
    const subGroups = Array.isArray(g.job.subGroups) ? (g.job.subGroups as Data[]) : [];
    subGroups.forEach((sg, i) => {
      const c = sg.topologyConstraint as Data | undefined;
      if (c === undefined || topologyNames.has(String(c.topology))) return;
      delete sg.topologyConstraint;
      reader.unmapped.add(
        'PodGroup spec.subGroups[].topologyConstraint',
        'names a topology the snapshot does not hold (KAI keeps such a job pending)',
        g.ref,
        `spec.subGroups.${i}.topologyConstraint.topology`,
      );
    });
    addJob(g.job, g.ref, pods, g.created, g.lastStart, g.lastEviction);
  }
  for (const p of lone) {
    const job: Data = {};
    if (p.queue !== null) job.queue = p.queue;
    addJob(job, p.ref, [p], p.created, null);
  }
  if (emptyGroups > 0)
    notes.push(() => `${emptyGroups} pod group(s) with no pending or running pod: left out.`);
  if (waitingGangs > 0)
    notes.push(
      () =>
        `${waitingGangs} pod group(s) have fewer pods than minMember and none running: KAI waits for the rest, so they are left out.`,
    );
  if (clampedGangs > 0)
    notes.push(
      () =>
        `${clampedGangs} running pod group(s) have fewer pods than minMember: minAvailable is their pod count.`,
    );
  if (unknownClass > 0)
    notes.push(
      () =>
        `${unknownClass} job(s) name a priority class the snapshot does not define: their pods' spec.priority is the job's priority.`,
    );
  if (startFromPods > 0)
    notes.push(
      () =>
        `${startFromPods} running job(s) have no ${'kai.scheduler/last-start-timestamp'} annotation: startedAt is their earliest running pod's status.startTime.`,
    );

  // Queues: the snapshot's, then any a job names that it does not hold.
  const listedQueues = reader.queues.filter((q) => shardLists(shard, q.labels));
  outside.queues = reader.queues.length - listedQueues.length;
  // A queue whose parent is not listed is deleted with its children, and its jobs are skipped (orphanQueues.ts).
  const orphans = dropOrphanQueues(listedQueues, reader.unmapped);
  const queues = orphans.kept;
  const queueNames = new Set(queues.map((q) => String(q.name)));
  const parents = new Set(queues.map((q) => q.parent).filter((p): p is string => typeof p === 'string'));
  const orphanJobs = jobs.filter((j) => orphans.dropped.has(String(j.queue)));
  if (orphanJobs.length > 0) {
    const held = holdRunningTasks(orphanJobs, nodes);
    notes.push(
      () =>
        `${orphanJobs.length} job(s) are in queues left out because their parent queue is not in the snapshot: KAI never schedules them (input_jobs.go:56-68 @d5bc503); their ${held} running pod(s) still hold their requests on their nodes.`,
    );
  }
  for (const job of jobs) {
    const q = String(job.queue);
    if (orphans.dropped.has(q)) continue;
    if (!queueNames.has(q)) {
      queueNames.add(q);
      queues.push({ name: q });
      notes.push(
        (n) => `Queue ${n.queue(q)} is named by jobs but not in the snapshot: added with default settings.`,
      );
    }
  }
  const leafJobs = jobs.filter((j) => !parents.has(String(j.queue)) && !orphans.dropped.has(String(j.queue)));
  // A job in a queue with child queues is never scheduled (input_jobs.go:70-73 @d5bc503), but its pods are pods
  // bound to nodes like any other: the cache adds every pod to its node (cluster_info.go:359-390), so its
  // running pods keep holding their requests there, as an orphan queue's do above (decision 0345).
  const parentJobs = jobs.filter((j) => parents.has(String(j.queue)) && !orphans.dropped.has(String(j.queue)));
  if (parentJobs.length > 0) {
    const held = holdRunningTasks(parentJobs, nodes);
    notes.push(
      () =>
        `${parentJobs.length} job(s) are in a queue with child queues: KAI schedules only leaf queues' jobs (input_jobs.go:70-73 @d5bc503), so they are left out; their ${held} running pod(s) still hold their requests on their nodes.`,
    );
  }
  const noLimit = reader.queuesWithoutGpuLimit;
  if (noLimit.length > 0)
    notes.push(
      (n) =>
        `${noLimit.length} queue(s) omit spec.resources.gpu.limit, which the CRD reads as 0 (no GPUs): ${noLimit
          .slice(0, 5)
          .map((r) => showRef(r, n))
          .join(', ')}${noLimit.length > 5 ? ', …' : ''}.`,
    );

  // Node labels: kept when some pod's nodeSelector reads their key (the rest only bulk up the text).
  const selectorKeys = new Set<string>();
  for (const job of leafJobs)
    for (const t of job.tasks as Data[])
      if (isData(t.nodeSelector)) for (const k of Object.keys(t.nodeSelector)) selectorKeys.add(k);
  let labelsDropped = 0;
  for (const node of nodes.values()) {
    if (!isData(node.labels)) continue;
    const kept: Data = {};
    for (const [k, v] of Object.entries(node.labels)) {
      if (selectorKeys.has(k)) kept[k] = v;
      else labelsDropped++;
    }
    if (Object.keys(kept).length > 0) node.labels = kept;
    else delete node.labels;
  }
  if (labelsDropped > 0)
    notes.push(() => `${labelsDropped} node label(s) whose key no pod's nodeSelector reads are left out.`);
  if (outside.nodes + outside.queues + outside.groups > 0)
    notes.push(
      (n) =>
        `${outside.nodes} node(s), ${outside.queues} queue(s) and ${outside.groups} pod group(s) are outside ${describeShard(shard, n.label)}, which the snapshot was taken from: left out, as its scheduler does not list them.`,
    );
  // Node pools (§24): the shard's label value is the scenario's one pool (snapshotNodePool.ts); after the
  // label filter above, so the pool label stays on the nodes.
  const pool = applySnapshotNodePool(shard, nodes.values(), queues, leafJobs);
  if (pool.nodePools !== null)
    notes.push(
      (n) =>
        `The snapshot is of ${describeShard(shard, n.label)}: its nodes, queues and jobs are node pool ${n.label(shard.value)}, run with the snapshot's config (§24).`,
    );
  if (pool.cleared > 0)
    notes.push(
      () =>
        `${pool.cleared} queue(s) and job(s) carry the label ${'kai.scheduler/node-pool'}, but the snapshot's scheduler has no partition by it: the label is not a node pool here.`,
    );
  if (clamped > 0)
    notes.push(
      () =>
        `${clamped} time(s) more than 10000h before (or, for a deletionTimestamp, after) now are taken as -10000h (10000h) (the duration bound, §10).`,
    );

  // Priority classes the jobs use, when not the profile's own.
  const priorityClasses: Data[] = [];
  for (const name of usedClasses) {
    const cls = reader.priorityClasses.get(name);
    if (cls === undefined) continue;
    const builtIn = classes.get(name);
    const policy = cls.preemptionPolicy ?? 'PreemptLowerPriority';
    if (builtIn !== undefined && builtIn.value === cls.value && builtIn.preemptionPolicy === policy) continue;
    priorityClasses.push(cls);
  }

  // Redaction: every name registered, then pseudonyms by sorted order (redaction.ts).
  let namer: Namer = PLAIN_NAMER;
  let redactor: Redactor | null = null;
  // Before redaction renames label keys: the node label nvidia.com/gpu.memory is read by its real name.
  applyNodeGpuMemoryLabels([...nodes.values()], clusterImportProfile());
  if (options.redact) {
    redactor = new Redactor();
    const r = redactor;
    // The snapshot's own objects (skipped pods and pod groups show in notes and paths too), then the scenario's.
    for (const n of reader.nodes) r.add('node', n.ref.name);
    for (const o of [...reader.pods, ...reader.groups]) {
      r.add(o.ref.kind === 'Pod' ? 'task' : 'job', o.ref.name);
      if (o.ref.namespace !== null) r.add('namespace', o.ref.namespace);
    }
    registerScenarioNames(r, [...nodes.values()], queues, leafJobs);
    // The queues left out show in paths and notes: named by pseudonyms too.
    for (const name of orphans.dropped) r.add('queue', name);
    for (const o of orphans.roots) r.add('queue', o.parent);
    if (pool.nodePools !== null) r.add('label', shard.value);
    namer = r.namer();
    redactScenarioNames(namer, [...nodes.values()], queues, leafJobs);
    // The pool is named by its label value: a label value like any other, pseudonymised the same way.
    if (pool.nodePools !== null) {
      const pseudonym = namer.label(shard.value);
      for (const o of [...queues, ...leafJobs]) o.nodePool = pseudonym;
      pool.nodePools = [{ name: pseudonym, partitionLabelValue: pseudonym }];
    }
  }

  // Memory as a quantity where one reads back exactly (`64Gi`, not 68719476736): the text stays compact (§17.4).
  const compactMemory = (r: unknown) => {
    if (isData(r) && typeof r.memory === 'number') r.memory = formatKubernetesQuantity('memory', r.memory);
  };
  for (const node of nodes.values()) compactMemory(node.resources);
  for (const job of leafJobs) {
    compactMemory(job.resources);
    for (const t of job.tasks as Data[]) compactMemory(t.resources);
  }

  const scenario: Data = { version: 1, name: 'Imported KAI snapshot', profile: clusterImportProfile() };
  if (priorityClasses.length > 0) scenario.priorityClasses = priorityClasses;
  if (Object.keys(scheduler).length > 0) scenario.scheduler = scheduler;
  if (reader.topologies.length > 0) scenario.topologies = reader.topologies;
  if (pool.nodePools !== null) scenario.nodePools = pool.nodePools;
  scenario.nodes = [...nodes.values()];
  scenario.queues = queues;
  scenario.jobs = leafJobs;

  const rendered = [...plainNotes, ...notes.map((n) => n(namer))];
  const shownNotes =
    rendered.length > MAX_NOTES
      ? [...rendered.slice(0, MAX_NOTES), `… and ${rendered.length - MAX_NOTES} more notes`]
      : rendered;
  const unmapped = reader.unmapped.result(namer);
  const nowInfo = reader.now.describe((ref) => showRef(ref, namer));
  const tasks = leafJobs.reduce((n, j) => n + (j.tasks as Data[]).length, 0);
  const imported = { nodes: nodes.size, queues: queues.length, jobs: leafJobs.length, tasks };
  const header = [
    `# Imported from a KAI snapshot${options.redact ? ' (redacted)' : ''}: ${imported.nodes} nodes, ${imported.queues} queues, ${imported.jobs} jobs, ${imported.tasks} tasks.`,
    nowInfo === null
      ? '# Now (t=0): the snapshot has no timestamp.'
      : `# Now (t=0) is ${nowInfo.iso}, the latest timestamp in the snapshot (${commentText(nowInfo.field)}).`,
    ...shownNotes.map((n) => `# Note: ${commentText(n)}`),
    ...unmapped.map((g) => `# Not mapped: ${commentText(`${g.what} (${g.count}): ${g.reason}`)}`),
  ];
  const text = writeScenarioYaml(header, scenario);
  if (text.length > MAX_TEXT_LENGTH)
    return {
      ok: false,
      errors: [
        `${options.fileName}: the scenario would be ${text.length} characters, over the scenario text limit of ${MAX_TEXT_LENGTH} (docs/scenario-format.md §10)`,
      ],
    };
  return {
    ok: true,
    value: {
      text,
      imported,
      unmapped,
      notes: shownNotes,
      now: nowInfo,
      redaction: redactor === null ? null : redactor.rows(),
      shard,
      orphanQueues: orphans.roots.map((o) => ({
        ...o,
        name: namer.queue(o.name),
        parent: namer.queue(o.parent),
      })),
    },
  };
}

/** Names unique in the scenario: the name, or `namespace/name` for a name several namespaces use. */
function uniqueNames(refs: ObjectRef[]): Map<ObjectRef, string> {
  const uses = new Map<string, number>();
  for (const r of refs) uses.set(r.name, (uses.get(r.name) ?? 0) + 1);
  const out = new Map<ObjectRef, string>();
  for (const r of refs) out.set(r, (uses.get(r.name) ?? 0) > 1 ? `${r.namespace ?? ''}/${r.name}` : r.name);
  return out;
}
