/**
 * Multi-document Kubernetes YAML to a scenario document: KAI and Volcano `Queue`s, the scheduler
 * ConfigMaps, `Node`s, `PodGroup`s, Volcano `Job`s and `Pod`s. Every field that cannot be mapped is listed
 * by document and field. Pure: the editor shows the result, the user applies it.
 */
import { applyNodeGpuMemoryLabels } from './mapGpuMemory';
import { Document } from 'yaml';
import { normaliseLineBreaks } from '../lineBreaks';
import { quoteWhereNeeded, YAML_WRITE_OPTIONS } from '../quoteWhereNeeded';
import { FieldTracker, isData, type Data, type UnmappedField } from './FieldTracker';
import { LAB_CONFIGMAP, mergeLabFields, readLabAnnotations, readLabConfigMap } from './labCarrier';
import { mapNode, zeroAbsentGpus } from './mapNodes';
import { mapPriorityClass } from './mapPriorityClass';
import { mapKaiQueue, mapVolcanoQueue } from './mapQueues';
import { settleRootParents } from './settleRootParents';
import { mapSchedulerConfigMap } from './mapSchedulerConfig';
import { mapPod, mapPodGroup, mapVolcanoJob, type MappedPod } from './mapWorkloads';
import { ImportBudget } from './ImportBudget';
import { newAliasBudget, readKubernetesDocuments } from './readKubernetesDocuments';
import { commentText } from './commentText';
import { dropRolesOutsideVolcano } from './mapTaskRoles';
import { KAI_TOPOLOGY_GROUP, mapTopology } from './mapTopology';
import { mapSchedulingShard, SCHEDULING_SHARD_KIND } from './mapSchedulingShard';
import { holdRunningTasks } from './holdOnNode';
import {
  accepts,
  blockOf,
  defaultProfile,
  moduleOf,
  PROFILE_MODULES,
  profileClaiming,
  type Profile,
} from '../../registry';

export type { UnmappedField } from './FieldTracker';

export type ImportResult =
  | {
      ok: true;
      /** The scenario, in the scenario format (a plain-data document). */
      scenario: Data;
      /** The scenario as YAML, with a header comment naming what was imported. */
      text: string;
      /** Documents read, as `Kind/name`. */
      imported: string[];
      unmapped: UnmappedField[];
      /** What the import assumed (CRD defaults applied, names invented). */
      notes: string[];
    }
  | { ok: false; errors: string[] };

const KAI_GROUP = 'scheduling.run.ai/';
const VOLCANO_SCHEDULING = 'scheduling.volcano.sh/';
const VOLCANO_BATCH = 'batch.volcano.sh/';
const K8S_SCHEDULING = 'scheduling.k8s.io/';

export { looksLikeKubernetesYaml } from '../looksLikeKubernetesYaml';

/**
 * Reads multi-document Kubernetes YAML into a scenario document. Never throws: every input, however large
 * or broken, gives `ok: false` with errors naming the document, field and line, within the bounds of
 * importLimits.ts (docs/scenario-format.md §12.1), in time linear in the text.
 */
export function importKubernetesYaml(text: string): ImportResult {
  const aliases = newAliasBudget();
  // Line breaks as parseScenario reads them (lone CR included), decision 0121.
  const read = readKubernetesDocuments(normaliseLineBreaks(text), aliases);
  if (!read.ok) return read;
  const objects = read.objects;
  const errors: string[] = [];
  const budget = new ImportBudget(errors);
  let profile: Profile | null = null;
  const notes: string[] = [];
  const unmapped: UnmappedField[] = [];
  const imported: string[] = [];
  const queues: Data[] = [];
  const nodes: Data[] = [];
  const jobs = new Map<string, Data>();
  const pods: MappedPod[] = [];
  const priorityClasses: Data[] = [];
  const topologies: Data[] = [];
  /** SchedulingShards as `nodePools` entries, in document order (the order pools run in, decision 0212). */
  const nodePools: Data[] = [];
  /** Carried job fields, applied once the job's pods are attached (they may set `tasks`). */
  const jobFields = new Map<string, Data>();
  let topLevel: Data | null = null;
  let scheduler: Data | null = null;
  // The configuration keys the profile's block reads (Kueue's fairSharing), handed to its object reader.
  let configuration = null as { document: string; prefix: string; data: Data } | null;
  let configurationRead = false as boolean;
  /** Documents a profile reads itself (`ProfileKubernetes.objects`, Kueue), by profile, in document order. */
  const claimed = new Map<Profile, { object: FieldTracker; carried: Data }[]>();
  const setProfile = (p: Profile, why: string) => {
    if (profile !== null && profile !== p)
      notes.push(`${why} is ${p}, but earlier documents were ${profile}: the scenario uses ${profile}.`);
    profile ??= p;
  };

  objects.forEach((obj, i) => {
    const kind = typeof obj.kind === 'string' ? obj.kind : '';
    const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
    const name = isData(obj.metadata) && typeof obj.metadata.name === 'string' ? obj.metadata.name : null;
    const label = name === null ? `document ${i + 1}` : `${kind || 'object'}/${name}`;
    const t = new FieldTracker(obj, label);
    if (name === null) {
      errors.push(`${label}: metadata.name is missing`);
      return;
    }
    const carried = readLabAnnotations(t, errors, aliases);
    const labels = isData(obj.metadata) && isData(obj.metadata.labels) ? obj.metadata.labels : {};
    const claimant = profileClaiming(apiVersion, kind, labels);
    if (claimant !== null && moduleOf(claimant).kubernetes.objects !== undefined) {
      // Counted as queues: the profile's quota objects (its Workloads and Pods take jobs and tasks later).
      if (!budget.take('queues', 1, label)) return;
      setProfile(claimant, label);
      const list = claimed.get(claimant) ?? [];
      list.push({ object: t, carried });
      claimed.set(claimant, list);
      imported.push(label);
      return;
    }
    const isQueue =
      kind === 'Queue' && (apiVersion.startsWith(KAI_GROUP) || apiVersion.startsWith(VOLCANO_SCHEDULING));
    const isJob =
      (kind === 'PodGroup' &&
        (apiVersion.startsWith(KAI_GROUP) || apiVersion.startsWith(VOLCANO_SCHEDULING))) ||
      (kind === 'Job' && apiVersion.startsWith(VOLCANO_BATCH));
    const isPod = kind === 'Pod' && apiVersion === 'v1';
    // Counted before anything is built: past the scenario format's totals nothing more is mapped.
    if (isQueue && !budget.take('queues', 1, label)) return;
    if (kind === 'Node' && apiVersion === 'v1' && !budget.take('nodes', 1, label)) return;
    if (isJob && !budget.take('jobs', 1, label)) return;
    if (isPod && !budget.take('tasks', 1, label)) return;
    // The profile claiming a queue, workload or topology (KAI's or Volcano's API group) is the scenario's.
    const isTopology = kind === 'Topology' && apiVersion.startsWith(KAI_TOPOLOGY_GROUP);
    const isShard = kind === SCHEDULING_SHARD_KIND && apiVersion.startsWith(KAI_TOPOLOGY_GROUP);
    if (claimant !== null && (isQueue || isJob || isTopology || isShard)) setProfile(claimant, label);
    if (kind === 'Queue' && apiVersion.startsWith(KAI_GROUP)) {
      queues.push(withFields(mapKaiQueue(t, notes), carried));
    } else if (kind === 'Queue' && apiVersion.startsWith(VOLCANO_SCHEDULING)) {
      queues.push(withFields(mapVolcanoQueue(t), carried));
    } else if (kind === 'ConfigMap' && name === LAB_CONFIGMAP) {
      topLevel = readLabConfigMap(t, errors, aliases);
    } else if (kind === 'PriorityClass' && apiVersion.startsWith(K8S_SCHEDULING)) {
      priorityClasses.push(withFields(mapPriorityClass(t), carried));
    } else if (kind === 'ConfigMap') {
      const config = mapSchedulerConfigMap(t, errors, aliases);
      if (config === null) {
        unmapped.push({
          document: label,
          field: '(whole document)',
          reason: 'not a KAI or Volcano scheduler configuration',
        });
        return;
      }
      setProfile(config.profile, label);
      scheduler = withFields(config.scheduler, carried);
      configuration = config.block;
      for (const u of config.unmapped) unmapped.push(u);
    } else if (kind === 'Node' && apiVersion === 'v1') {
      nodes.push(withFields(mapNode(t), carried));
    } else if (isShard) {
      nodePools.push(withFields(mapSchedulingShard(t, unmapped), carried));
    } else if (isTopology) {
      topologies.push(withFields(mapTopology(t), carried));
    } else if (
      kind === 'PodGroup' &&
      (apiVersion.startsWith(KAI_GROUP) || apiVersion.startsWith(VOLCANO_SCHEDULING))
    ) {
      jobs.set(name, mapPodGroup(t));
      jobFields.set(name, carried);
    } else if (kind === 'Job' && apiVersion.startsWith(VOLCANO_BATCH)) {
      jobs.set(name, mapVolcanoJob(t, budget, errors));
      jobFields.set(name, carried);
    } else if (kind === 'Pod' && apiVersion === 'v1') {
      const pod = mapPod(t, errors);
      mergeLabFields(pod.task, carried);
      pods.push(pod);
    } else {
      unmapped.push({
        document: label,
        field: '(whole document)',
        reason: `${apiVersion} ${kind} is not imported`,
      });
      return;
    }
    imported.push(label);
    // One at a time: spreading a document's hundreds of thousands of unmapped fields as arguments overflows
    // the stack.
    for (const u of t.unmapped()) unmapped.push(u);
  });
  // The scenario's profile reads the documents it claimed (other profiles' are listed as not mapped).
  const objectReader = profile === null ? undefined : moduleOf(profile).kubernetes.objects;
  let block: Data | null = null;
  for (const [owner, list] of claimed) {
    if (owner !== profile || objectReader === undefined) {
      for (const { object } of list)
        unmapped.push({
          document: object.label,
          field: '(whole document)',
          reason: `the scenario uses profile ${String(profile)}, not ${owner}`,
        });
      continue;
    }
    const read = objectReader.read(
      list.map(({ object, carried }) => ({ object, carried })),
      {
        notes,
        errors,
        unmapped: (document, field, reason) => unmapped.push({ document, field, reason }),
        take: (k, n, where) => budget.take(k, n, where),
        configuration,
      },
    );
    block = read.block;
    configurationRead = true;
    for (const job of read.jobs) {
      const jobName = String(job.name);
      if (jobs.has(jobName)) notes.push(`Job ${jobName} is named twice: the later one is left out.`);
      else jobs.set(jobName, job);
    }
    // A WorkloadPriorityClass may share its name with a PriorityClass: the scenario has one class a name.
    const classNames = new Set(priorityClasses.map((c) => c.name));
    for (const c of read.priorityClasses) {
      if (classNames.has(c.name))
        notes.push(`Priority class ${String(c.name)} is named twice: the first one is kept.`);
      else priorityClasses.push(c);
      classNames.add(c.name);
    }
    for (const { object } of list) for (const u of object.unmapped()) unmapped.push(u);
  }
  // Without the profile's objects there is no block to hold them: listed, never dropped silently.
  if (configuration !== null && !configurationRead)
    for (const k of Object.keys(configuration.data))
      unmapped.push({
        document: configuration.document,
        field: `${configuration.prefix}${k}`,
        reason: `a setting of the ${String(profile)} block, which no imported object declares`,
      });
  if (errors.length > 0) return failed(errors);
  if (imported.length === 0)
    return {
      ok: false,
      errors: [
        `No document could be imported: nothing here is a Queue, ConfigMap, Node, PodGroup, Job, Pod or other object of ${[...new Set(PROFILE_MODULES.map((m) => m.kubernetes.title))].join(', ')}.`,
      ],
    };

  // KAI's scheduler never lists a Failed pod (its informer filters status.phase!=Failed, pkg/scheduler/cache/
  // cache.go:86-112 @d5bc503); Volcano keeps one as status Failed but neither puts it on its node
  // (cache/event_handlers.go:236 @ed72c7c8) nor counts it in a gang (api/job_info.go:925-931, 1178-1190).
  // Left out, as absent (decision 0345); before, it became a Pending task and ran again.
  let failedPods = 0;
  const failedGroups = new Set<string>();
  for (const pod of pods) {
    if (pod.failed) {
      failedPods++;
      if (pod.group !== null) failedGroups.add(pod.group);
      continue;
    }
    const group = pod.group === null ? undefined : jobs.get(pod.group);
    if (group !== undefined) {
      (group.tasks as Data[]).push(pod.task);
      if (group.queue === undefined && pod.queue !== null) group.queue = pod.queue;
      continue;
    }
    if (pod.group !== null)
      notes.push(
        `Pod/${String(pod.task.name)}: pod group ${pod.group} is not among the documents; the pod is a job of its own.`,
      );
    if (!budget.take('jobs', 1, `Pod/${String(pod.task.name)}`)) break;
    const job: Data = { name: pod.task.name, queue: pod.queue ?? 'default', tasks: [pod.task] };
    if (pod.queue === null)
      notes.push(`Pod/${String(pod.task.name)}: no kai.scheduler/queue label; it goes to queue "default".`);
    if (pod.priorityClassName !== null) job.priorityClassName = pod.priorityClassName;
    if (pod.namespace !== null && pod.namespace !== 'default') job.namespace = pod.namespace;
    // KAI's podgrouper copies the pod's annotation into the PodGroup it makes (§23).
    if (pod.preemptionDelay !== null) job.preemptionDelay = pod.preemptionDelay;
    jobs.set(String(pod.task.name), job);
  }
  if (failedPods > 0)
    notes.push(
      `${failedPods} Failed pod(s) left out: KAI's scheduler does not list Failed pods (cache.go:86-112 @d5bc503), so they hold nothing and count in no gang, queue or node.`,
    );
  for (const [name, job] of jobs) {
    // A pod group whose every pod among the documents has failed has no pod the scheduler sees.
    if (Array.isArray(job.tasks) && job.tasks.length === 0 && failedGroups.has(name)) {
      jobs.delete(name);
      notes.push(`${name}: every pod of the pod group has failed; the job is left out.`);
    }
  }
  for (const job of jobs.values()) {
    if (Array.isArray(job.tasks) && job.tasks.length === 0) {
      const count = typeof job.minAvailable === 'number' && job.minAvailable > 0 ? job.minAvailable : 1;
      // The scenario parser bounds `tasks: N` itself; the import's total counts these tasks too.
      if (Number.isInteger(count)) budget.take('tasks', count, `${String(job.name)}: spec.minMember`);
      job.tasks = count;
      notes.push(
        `${String(job.name)}: no pods among the documents; it gets ${count} task(s) with no requests (add resources).`,
      );
    }
    job.queue ??= 'default';
  }
  if (errors.length > 0) return failed(errors);
  for (const [name, fields] of jobFields) {
    const job = jobs.get(name);
    if (job !== undefined) mergeLabFields(job, fields);
  }
  const queueNames = new Set(queues.map((q) => q.name));
  // A profile with its own block derives its queues from it (Kueue's ClusterQueues): none are invented.
  const blockFormat = profile === null ? null : blockOf(profile);
  for (const job of blockFormat === null ? jobs.values() : []) {
    if (!queueNames.has(job.queue)) {
      queues.push({ name: job.queue });
      queueNames.add(job.queue);
      notes.push(
        `Queue ${String(job.queue)} is used by job ${String(job.name)} but not among the documents; it was added with default settings.`,
      );
    }
  }

  const chosen = profile ?? defaultProfile();
  leaveOutNonLeafJobs(chosen, queues, jobs, nodes, notes);
  dropRolesOutsideVolcano(jobs.values(), chosen, notes);
  const scenario: Data = { version: 1, name: 'Imported from Kubernetes YAML', profile: chosen };
  if (priorityClasses.length > 0) scenario.priorityClasses = priorityClasses;
  if (scheduler !== null) scenario.scheduler = scheduler;
  if (topologies.length > 0) scenario.topologies = topologies;
  if (nodePools.length > 0) scenario.nodePools = nodePools;
  // A lab export (it carries the scenario ConfigMap) leaves an unbounded gpu out on purpose; a cluster does not.
  const gpuless = topLevel === null ? zeroAbsentGpus(nodes) : 0;
  if (gpuless > 0)
    notes.push(`${gpuless} node(s) list their resources without nvidia.com/gpu: they have no GPUs (gpu: 0).`);
  applyNodeGpuMemoryLabels(nodes, chosen);
  scenario.nodes = nodes;
  if (blockFormat !== null && block !== null) scenario[blockFormat.key] = block;
  if (blockFormat === null || queues.length > 0) scenario.queues = queues;
  scenario.jobs = [...jobs.values()];
  // A Preemption Lab export carries name, lesson text, profile, run, events and expect (labCarrier.ts).
  if (topLevel !== null) mergeLabFields(scenario, topLevel);
  settleRootParents(scenario);
  if (nodes.length === 0)
    notes.push('No Node documents: the scenario has no nodes yet (add some under `nodes`).');
  // Names and keys come from the documents and may hold line breaks: each comment stays on its line.
  const header = [
    `# Imported from ${imported.length} Kubernetes document(s): ${commentText(imported.join(', '))}.`,
    ...notes.map((n) => `# Note: ${commentText(n)}`),
    ...unmapped.map(
      (u) =>
        `# Not mapped: ${commentText(`${u.document} ${u.field}${u.reason === undefined ? '' : ` (${u.reason})`}`)}`,
    ),
  ].join('\n');
  return {
    ok: true,
    scenario,
    text: `${header}\n${scenarioText(scenario)}`,
    imported,
    unmapped,
    notes,
  };
}

/**
 * A job in a queue with child queues, for a profile that schedules leaf queues' jobs only: KAI skips it
 * (pkg/scheduler/actions/utils/input_jobs.go:70-73 @d5bc503), while its cache still puts its pods on their
 * nodes (cache/cluster_info/cluster_info.go:359-390). Left out, its running pods held on their nodes, as the
 * cluster snapshot import does (decision 0345); before, the scenario failed with job-in-non-leaf-queue.
 */
function leaveOutNonLeafJobs(
  profile: Profile,
  queues: readonly Data[],
  jobs: Map<string, Data>,
  nodes: readonly Data[],
  notes: string[],
): void {
  if (!accepts(profile, 'leafJobsOnly')) return;
  const parents = new Set(queues.map((q) => q.parent).filter((p): p is string => typeof p === 'string'));
  const left: Data[] = [];
  for (const [name, job] of jobs)
    if (parents.has(String(job.queue))) {
      left.push(job);
      jobs.delete(name);
    }
  if (left.length === 0) return;
  const byName = new Map(nodes.map((n) => [String(n.name), n]));
  const held = holdRunningTasks(left, byName);
  notes.push(
    `${left.length} job(s) are in a queue with child queues: ${profile} schedules only leaf queues' jobs (KAI input_jobs.go:70-73 @d5bc503), so they are left out; their ${held} running pod(s) still hold their requests on their nodes.`,
  );
}

/** The scenario as YAML, every string written so that it reads back as itself (quoteWhereNeeded.ts). */
function scenarioText(scenario: Data): string {
  const doc = new Document(scenario);
  quoteWhereNeeded(doc.contents);
  return doc.toString({ ...YAML_WRITE_OPTIONS, flowCollectionPadding: true });
}

/** At most this many errors are listed: past the first ones, they are the same mistake again. */
const MAX_LISTED_ERRORS = 100;

function failed(errors: string[]): ImportResult {
  if (errors.length <= MAX_LISTED_ERRORS) return { ok: false, errors };
  const more = errors.length - MAX_LISTED_ERRORS;
  return {
    ok: false,
    errors: [...errors.slice(0, MAX_LISTED_ERRORS), `… and ${more} more errors, not listed`],
  };
}

function withFields(mapped: Data, carried: Data): Data {
  mergeLabFields(mapped, carried);
  return mapped;
}
