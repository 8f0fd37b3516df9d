/**
 * Multi-document Kubernetes YAML to a scenario document: KAI and Volcano `Queue`s, the scheduler
 * ConfigMaps, `Node`s, `PodGroup`s, Volcano `Job`s and `Pod`s. Every field that cannot be mapped is listed
 * by document and field. Pure: the editor shows the result, the user applies it.
 */
import { parseAllDocuments, stringify } from 'yaml';
import { normaliseLineBreaks } from '../lineBreaks';
import { FieldTracker, isData, type Data, type UnmappedField } from './FieldTracker';
import { LAB_CONFIGMAP, mergeLabFields, readLabAnnotations, readLabConfigMap } from './labCarrier';
import { mapNode } from './mapNodes';
import { mapKaiQueue, mapVolcanoQueue } from './mapQueues';
import { mapSchedulerConfigMap } from './mapSchedulerConfig';
import { mapPod, mapPodGroup, mapVolcanoJob, type MappedPod } from './mapWorkloads';

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

/** A `PriorityClass` (scheduling.k8s.io/v1): name, value and preemption policy. */
function mapPriorityClass(t: FieldTracker): Data {
  const cls: Data = { name: String(t.get('metadata.name')) };
  const value = t.get('value');
  if (typeof value === 'number') cls.value = value;
  const policy = t.get('preemptionPolicy');
  if (policy === 'Never' || policy === 'PreemptLowerPriority') cls.preemptionPolicy = policy;
  t.use('description');
  return cls;
}

/** True when `text` holds at least one document with `apiVersion` and `kind` (Kubernetes YAML, not a scenario). */
export function looksLikeKubernetesYaml(text: string): boolean {
  return /^apiVersion:\s*\S/m.test(text) && /^kind:\s*\S/m.test(text);
}

export function importKubernetesYaml(text: string): ImportResult {
  // Line breaks as parseScenario reads them (lone CR included), and no yaml warnings on the console (0121).
  const docs = parseAllDocuments(normaliseLineBreaks(text), { prettyErrors: false, logLevel: 'error' });
  if (!Array.isArray(docs)) return { ok: false, errors: ['No YAML documents found.'] };
  const errors: string[] = [];
  const objects: Data[] = [];
  docs.forEach((doc, i) => {
    const first = doc.errors[0];
    if (first !== undefined) {
      errors.push(`document ${i + 1}: ${first.message.split('\n')[0] ?? 'YAML syntax error'}`);
      return;
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      errors.push(`document ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (data === null || data === undefined) return;
    // A `List` (kubectl get -o yaml) holds its objects in `items`.
    if (isData(data) && data.kind === 'List' && Array.isArray(data.items)) {
      for (const item of data.items as unknown[]) if (isData(item)) objects.push(item);
      return;
    }
    if (isData(data)) objects.push(data);
    else errors.push(`document ${i + 1}: not a Kubernetes object (a mapping with apiVersion and kind)`);
  });
  if (errors.length > 0) return { ok: false, errors };

  let profile: 'kai' | 'volcano' | null = null;
  const notes: string[] = [];
  const unmapped: UnmappedField[] = [];
  const imported: string[] = [];
  const queues: Data[] = [];
  const nodes: Data[] = [];
  const jobs = new Map<string, Data>();
  const pods: MappedPod[] = [];
  const priorityClasses: Data[] = [];
  /** Carried job fields, applied once the job's pods are attached (they may set `tasks`). */
  const jobFields = new Map<string, Data>();
  let topLevel: Data | null = null;
  let scheduler: Data | null = null;
  const setProfile = (p: 'kai' | 'volcano', why: string) => {
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
    const carried = readLabAnnotations(t, errors);
    if (kind === 'Queue' && apiVersion.startsWith(KAI_GROUP)) {
      setProfile('kai', label);
      queues.push(withFields(mapKaiQueue(t, notes), carried));
    } else if (kind === 'Queue' && apiVersion.startsWith(VOLCANO_SCHEDULING)) {
      setProfile('volcano', label);
      queues.push(withFields(mapVolcanoQueue(t), carried));
    } else if (kind === 'ConfigMap' && name === LAB_CONFIGMAP) {
      topLevel = readLabConfigMap(t, errors);
    } else if (kind === 'PriorityClass' && apiVersion.startsWith(K8S_SCHEDULING)) {
      priorityClasses.push(withFields(mapPriorityClass(t), carried));
    } else if (kind === 'ConfigMap') {
      const config = mapSchedulerConfigMap(t, errors);
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
      unmapped.push(...config.unmapped);
    } else if (kind === 'Node' && apiVersion === 'v1') {
      nodes.push(withFields(mapNode(t), carried));
    } else if (
      kind === 'PodGroup' &&
      (apiVersion.startsWith(KAI_GROUP) || apiVersion.startsWith(VOLCANO_SCHEDULING))
    ) {
      setProfile(apiVersion.startsWith(KAI_GROUP) ? 'kai' : 'volcano', label);
      jobs.set(name, mapPodGroup(t));
      jobFields.set(name, carried);
    } else if (kind === 'Job' && apiVersion.startsWith(VOLCANO_BATCH)) {
      setProfile('volcano', label);
      jobs.set(name, mapVolcanoJob(t));
      jobFields.set(name, carried);
    } else if (kind === 'Pod' && apiVersion === 'v1') {
      const pod = mapPod(t);
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
    unmapped.push(...t.unmapped());
  });
  if (errors.length > 0) return { ok: false, errors };
  if (imported.length === 0)
    return {
      ok: false,
      errors: [
        'No document could be imported: nothing here is a Queue, ConfigMap, Node, PodGroup, Job or Pod of KAI or Volcano.',
      ],
    };

  for (const pod of pods) {
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
    const job: Data = { name: pod.task.name, queue: pod.queue ?? 'default', tasks: [pod.task] };
    if (pod.queue === null)
      notes.push(`Pod/${String(pod.task.name)}: no kai.scheduler/queue label; it goes to queue "default".`);
    if (pod.priorityClassName !== null) job.priorityClassName = pod.priorityClassName;
    if (pod.namespace !== null && pod.namespace !== 'default') job.namespace = pod.namespace;
    jobs.set(String(pod.task.name), job);
  }
  for (const job of jobs.values()) {
    if (Array.isArray(job.tasks) && job.tasks.length === 0) {
      const count = typeof job.minAvailable === 'number' && job.minAvailable > 0 ? job.minAvailable : 1;
      job.tasks = count;
      notes.push(
        `${String(job.name)}: no pods among the documents; it gets ${count} task(s) with no requests (add resources).`,
      );
    }
    job.queue ??= 'default';
  }
  for (const [name, fields] of jobFields) {
    const job = jobs.get(name);
    if (job !== undefined) mergeLabFields(job, fields);
  }
  const queueNames = new Set(queues.map((q) => q.name));
  for (const job of jobs.values()) {
    if (!queueNames.has(job.queue)) {
      queues.push({ name: job.queue });
      queueNames.add(job.queue);
      notes.push(
        `Queue ${String(job.queue)} is used by job ${String(job.name)} but not among the documents; it was added with default settings.`,
      );
    }
  }

  const scenario: Data = { version: 1, name: 'Imported from Kubernetes YAML', profile: profile ?? 'kai' };
  if (priorityClasses.length > 0) scenario.priorityClasses = priorityClasses;
  if (scheduler !== null) scenario.scheduler = scheduler;
  scenario.nodes = nodes;
  scenario.queues = queues;
  scenario.jobs = [...jobs.values()];
  // A Preemption Lab export carries name, lesson text, profile, run, events and expect (labCarrier.ts).
  if (topLevel !== null) mergeLabFields(scenario, topLevel);
  if (nodes.length === 0)
    notes.push('No Node documents: the scenario has no nodes yet (add some under `nodes`).');
  const header = [
    `# Imported from ${imported.length} Kubernetes document(s): ${imported.join(', ')}.`,
    ...notes.map((n) => `# Note: ${n}`),
    ...unmapped.map(
      (u) => `# Not mapped: ${u.document} ${u.field}${u.reason === undefined ? '' : ` (${u.reason})`}`,
    ),
  ].join('\n');
  return {
    ok: true,
    scenario,
    text: `${header}\n${stringify(scenario, { lineWidth: 110 })}`,
    imported,
    unmapped,
    notes,
  };
}

function withFields(mapped: Data, carried: Data): Data {
  mergeLabFields(mapped, carried);
  return mapped;
}
