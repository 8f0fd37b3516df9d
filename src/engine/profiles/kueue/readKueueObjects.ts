/**
 * Kueue's Kubernetes objects into a `profile: kueue` scenario (docs/scenario-format.md §12.2, addition;
 * decision 0294). Read at kueue @ff69552e, API versions v1beta2 (served and stored) and v1beta1:
 *
 * - ResourceFlavor, Cohort and ClusterQueue become the `kueue:` block (apis/kueue/v1beta2/
 *   resourceflavor_types.go, cohort_types.go, clusterqueue_types.go; v1beta1 writes `spec.cohort` where
 *   v1beta2 writes `spec.cohortName`, v1beta1/clusterqueue_types.go:79). The block is checked by the
 *   profile's own reader (readSpec.ts); its issues are errors naming the document and field.
 * - LocalQueue maps a namespace's queue name to its ClusterQueue (localqueue_types.go:37): a scenario job
 *   names the ClusterQueue directly (§27.3).
 * - WorkloadPriorityClass becomes a priority class of its `value` (workloadpriorityclass_types.go).
 * - Workload (spec.queueName, spec.podSets[].count and .template, spec.priorityClassRef, spec.priority;
 *   workload_types.go:39-57) and batch/v1 Job carrying `kueue.x-k8s.io/queue-name`
 *   (pkg/controller/constants/constants.go:23) become jobs; a Job has min(parallelism, completions) pods
 *   (pkg/controller/jobs/job/job_controller.go:450-456). Pods with the queue label are tasks: of the
 *   Workload or pod group their `kueue.x-k8s.io/pod-group-name` label names
 *   (pkg/controller/jobs/pod/constants/constants.go:27), else a job of their own.
 *
 * - Fair sharing (decision 0307): `spec.fairSharing.weight` of a ClusterQueue and a Cohort
 *   (clusterqueue_types.go:150, cohort_types.go:71, fairsharing_types.go:25-40) and the Configuration's
 *   `fairSharing` (apis/config/v1beta2/configuration_types.go:92-93,742-766; v1beta1 adds `enable`,
 *   v1beta1/configuration_types.go:612-615) become the block's `fairSharing` entries.
 *
 * Every field read is marked used; whatever else a document holds (a Workload's `status.admission`,
 * admission fair sharing, admission checks, taints…) is listed as not mapped with its reason, never
 * dropped silently.
 */
import type {
  ClaimedObject,
  ImportedObject,
  ObjectImport,
  ObjectImportContext,
} from '../../framework/ProfileModule';
import type { ProfileFieldIssue } from '../../framework/ProfileModule';
import { mergeLabFields } from '../../scenario/importers/labCarrier';
import { mapPod } from '../../scenario/importers/mapWorkloads';
import { podResources } from '../../scenario/importers/podResources';
import { MAX_IMPORT_REPLICAS } from '../../scenario/importers/importLimits';
import { isData, type Data, type FieldTracker } from '../../scenario/importers/FieldTracker';
import { readKueueBlock } from './profile';
import {
  GROUP_NAME_LABEL,
  GROUP_TOTAL_COUNT_ANNOTATION,
  KUEUE_GROUP,
  PRIORITY_CLASS_LABEL,
  QUEUE_NAME_LABEL,
} from './kueueNames';

/** Kueue API versions read (v1beta2 is served and stored at ff69552e; v1beta1 is still served). */
const VERSIONS = new Set([`${KUEUE_GROUP}v1beta1`, `${KUEUE_GROUP}v1beta2`]);

/**
 * Admission fair sharing (decision 0324): the Configuration's `admissionFairSharing`
 * (configuration_types.go:95-96 @ff69552e), a ClusterQueue's `admissionScope` and a LocalQueue's
 * `fairSharing` are listed as not mapped with this reason.
 */
const AFS_NOT_MODELLED =
  'admission fair sharing (LocalQueue usage ordering) is not modelled: the scenario has no LocalQueues (decision 0324)';

/** ClusterQueue fields the profile does not model, with the reason listed beside them (§27.2). */
const CQ_UNMODELLED: Readonly<Record<string, string>> = {
  admissionChecks: 'admission checks are not modelled',
  admissionChecksStrategy: 'admission checks are not modelled',
  admissionScope: 'admission fair sharing is not implemented for profile kueue',
  stopPolicy: 'stopPolicy is not modelled (every ClusterQueue is active)',
  concurrentAdmissionPolicy: 'concurrent admission is not modelled',
};

/** The shared importer hands its field trackers (importKubernetesYaml.ts); the shared pod readers take them. */
const tracker = (t: ImportedObject): FieldTracker => t as FieldTracker;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

interface Job {
  data: Data;
  label: string;
}

class KueueReader {
  readonly flavors: Data[] = [];
  readonly cohorts: Data[] = [];
  readonly clusterQueues: Data[] = [];
  /** Document labels of the block's entries, to name them in errors. */
  readonly labels: Record<string, string[]> = { resourceFlavors: [], cohorts: [], clusterQueues: [] };
  /** `namespace/name` of a LocalQueue → its ClusterQueue. */
  readonly localQueues = new Map<string, string>();
  readonly priorityClasses: Data[] = [];
  readonly jobs: Job[] = [];
  /** Pods by the group (Workload or pod group) they name; `null` group = a job of their own. */
  readonly pods: { object: ImportedObject; carried: Data; group: string | null; namespace: string }[] = [];

  constructor(readonly context: ObjectImportContext) {}

  read({ object: t, carried }: ClaimedObject): void {
    const kind = String(t.doc.kind);
    const apiVersion = String(t.doc.apiVersion);
    t.use('apiVersion');
    t.use('kind');
    t.use('metadata.name');
    if (kind === 'Pod') return this.pod(t, carried);
    if (kind === 'Job') return this.batchJob(t, carried);
    if (!VERSIONS.has(apiVersion)) {
      this.whole(t, `only ${[...VERSIONS].join(' and ')} are read`);
      return;
    }
    if (kind === 'ResourceFlavor') this.flavor(t);
    else if (kind === 'Cohort') this.cohort(t);
    else if (kind === 'ClusterQueue') this.clusterQueue(t, apiVersion);
    else if (kind === 'LocalQueue') this.localQueue(t);
    else if (kind === 'WorkloadPriorityClass') this.workloadPriorityClass(t);
    else if (kind === 'Workload') this.workload(t, carried);
    else this.whole(t, `${apiVersion} ${kind} is not modelled by profile kueue`);
  }

  private flavor(t: ImportedObject): void {
    const out: Data = { name: t.get('metadata.name') };
    const labels = t.get('spec.nodeLabels');
    if (labels !== undefined) out.nodeLabels = labels;
    for (const key of ['nodeTaints', 'tolerations', 'topologyName'])
      this.unmodelled(t, `spec.${key}`, 'taints, tolerations and topology of a flavor are not modelled');
    this.flavors.push(out);
    this.labels.resourceFlavors?.push(t.label);
  }

  private cohort(t: ImportedObject): void {
    const out: Data = { name: t.get('metadata.name') };
    // Any value but empty is passed on: the block's reader checks its type at its path.
    const parent = t.get('spec.parentName');
    if (parent !== undefined && parent !== '') out.parentName = parent;
    const groups = this.resourceGroups(t);
    if (groups !== undefined) out.resourceGroups = groups;
    this.fairWeight(t, out);
    this.cohorts.push(out);
    this.labels.cohorts?.push(t.label);
  }

  private clusterQueue(t: ImportedObject, apiVersion: string): void {
    const out: Data = { name: t.get('metadata.name') };
    const cohort = t.get(apiVersion.endsWith('v1beta1') ? 'spec.cohort' : 'spec.cohortName');
    if (cohort !== undefined && cohort !== '') out.cohortName = cohort;
    for (const key of ['queueingStrategy', 'preemption', 'flavorFungibility']) {
      const value = t.get(`spec.${key}`);
      if (value !== undefined) out[key] = value;
    }
    const groups = this.resourceGroups(t);
    if (groups !== undefined) out.resourceGroups = groups;
    // `{}` admits every namespace (clusterqueue_types.go:111-113), as a scenario job naming the queue does.
    const selector = t.peek('spec.namespaceSelector');
    if (isData(selector) && Object.keys(selector).length === 0) t.use('spec.namespaceSelector');
    else
      this.unmodelled(
        t,
        'spec.namespaceSelector',
        'only `{}` (every namespace) is modelled: a job names its ClusterQueue through its LocalQueue',
      );
    for (const [key, why] of Object.entries(CQ_UNMODELLED)) this.unmodelled(t, `spec.${key}`, why);
    this.fairWeight(t, out);
    this.clusterQueues.push(out);
    this.labels.clusterQueues?.push(t.label);
  }

  /**
   * `spec.fairSharing.weight` (fairsharing_types.go:25-40) as the block's `fairSharing: {weight}`; any
   * value is passed on for the block's reader to check at its path, other keys stay unread and are listed.
   */
  private fairWeight(t: ImportedObject, out: Data): void {
    const weight = t.get('spec.fairSharing.weight');
    if (weight !== undefined) out.fairSharing = { weight };
    else if (t.peek('spec.fairSharing') !== undefined && !isData(t.peek('spec.fairSharing')))
      out.fairSharing = t.get('spec.fairSharing');
  }

  /** `spec.resourceGroups` as the block writes them: the fields readSpec.ts reads, the rest left unread. */
  private resourceGroups(t: ImportedObject): unknown {
    const raw = t.peek('spec.resourceGroups');
    // Not a list: passed on whole, the block's reader reports its type at its path.
    if (!Array.isArray(raw)) return t.get('spec.resourceGroups');
    return raw.map((g: unknown, i) => {
      const at = `spec.resourceGroups.${i}`;
      const group: Data = { coveredResources: t.get(`${at}.coveredResources`) };
      const flavors = t.peek(`${at}.flavors`);
      group.flavors = Array.isArray(flavors)
        ? flavors.map((_f: unknown, j) => {
            const fat = `${at}.flavors.${j}`;
            const resources = t.peek(`${fat}.resources`);
            return {
              name: t.get(`${fat}.name`),
              resources: Array.isArray(resources)
                ? resources.map((_q: unknown, k) => {
                    const q: Data = {};
                    for (const key of ['name', 'nominalQuota', 'borrowingLimit', 'lendingLimit']) {
                      const v = t.get(`${fat}.resources.${k}.${key}`);
                      if (v !== undefined) q[key] = v;
                    }
                    return q;
                  })
                : t.get(`${fat}.resources`),
            };
          })
        : t.get(`${at}.flavors`);
      return isData(g) ? group : g;
    });
  }

  private localQueue(t: ImportedObject): void {
    const cq = str(t.get('spec.clusterQueue'));
    const key = `${namespaceOf(t)}/${String(t.get('metadata.name'))}`;
    t.use('metadata.namespace');
    if (cq === null) this.context.errors.push(`${t.label}: spec.clusterQueue is missing`);
    else this.localQueues.set(key, cq);
    if (cq !== null && cq !== t.peek('metadata.name'))
      this.context.notes.push(
        `${t.label}: the scenario has no LocalQueues; jobs submitted to ${key} name ClusterQueue ${cq}.`,
      );
    this.unmodelled(t, 'spec.stopPolicy', CQ_UNMODELLED.stopPolicy ?? '');
    // A LocalQueue's weight is admission fair sharing's (localqueue_types.go fairSharing; admission_fair_sharing).
    this.unmodelled(t, 'spec.fairSharing', AFS_NOT_MODELLED);
  }

  private workloadPriorityClass(t: ImportedObject): void {
    const value = t.get('value');
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.context.errors.push(`${t.label}: value must be a whole number, got ${String(value)}`);
      return;
    }
    t.use('description');
    this.priorityClasses.push({ name: t.get('metadata.name'), value });
  }

  /** A document the profile does not read: listed once, whole (as the shared importer lists one). */
  private whole(t: ImportedObject, reason: string): void {
    for (const key of Object.keys(t.doc)) t.use(key);
    this.context.unmapped(t.label, '(whole document)', reason);
  }

  /** A field Kueue has and the profile does not model: listed once, whole, with the reason. */
  private unmodelled(t: ImportedObject, path: string, reason: string): void {
    if (t.peek(path) === undefined) return;
    t.use(path);
    this.context.unmapped(t.label, path, reason);
  }

  /** The LocalQueue a job or pod names, as its ClusterQueue. */
  private queueOf(t: ImportedObject, localQueue: string | null): string | null {
    if (localQueue === null) return null;
    return `${namespaceOf(t)}/${localQueue}`;
  }

  private common(t: ImportedObject, job: Data, localQueue: string | null): void {
    const ns = namespaceOf(t);
    t.use('metadata.namespace');
    if (ns !== 'default') job.namespace = ns;
    const q = this.queueOf(t, localQueue);
    if (q !== null) job.queue = q; // resolved to a ClusterQueue once every LocalQueue is read
  }

  private workload(t: ImportedObject, carried: Data): void {
    const name = String(t.get('metadata.name'));
    const job: Data = { name };
    this.common(t, job, str(t.get('spec.queueName')));
    const ref = t.get('spec.priorityClassRef');
    if (isData(ref) && typeof ref.name === 'string') job.priorityClassName = ref.name;
    const priority = t.get('spec.priority');
    if (typeof priority === 'number' && Number.isInteger(priority) && job.priorityClassName === undefined)
      job.priority = priority;
    // v1beta1 names the class directly (v1beta1/workload_types.go priorityClassName).
    const v1beta1Class = str(t.get('spec.priorityClassName'));
    if (v1beta1Class !== null) job.priorityClassName = v1beta1Class;
    t.use('spec.priorityClassSource');
    const sets = t.peek('spec.podSets');
    const tasks: Data[] = [];
    if (Array.isArray(sets)) {
      sets.forEach((_s: unknown, i) => {
        const at = `spec.podSets.${i}`;
        const setName = str(t.get(`${at}.name`)) ?? `set${i}`;
        const count = this.count(t, `${at}.count`, 1);
        if (count === null) return;
        const resources = podResources(tracker(t), `${at}.template.spec`, this.context.errors);
        for (let r = 0; r < count; r++)
          tasks.push({ name: `${name}-${setName}-${r}`, resources: { ...resources } });
      });
    }
    const admission = t.peek('status.admission');
    if (isData(admission))
      this.context.notes.push(
        `${t.label}: admitted to ClusterQueue ${String(admission.clusterQueue)} in the cluster (status.admission); the run admits it again from t=0.`,
      );
    job.tasks = tasks;
    mergeLabFields(job, carried);
    this.jobs.push({ data: job, label: t.label });
  }

  private batchJob(t: ImportedObject, carried: Data): void {
    const name = String(t.get('metadata.name'));
    const job: Data = { name };
    this.common(t, job, str(t.get(['metadata', 'labels', QUEUE_NAME_LABEL])));
    this.priorityClass(t, job, 'spec.template.spec.priorityClassName');
    const parallelism = this.count(t, 'spec.parallelism', 1);
    const completions =
      t.peek('spec.completions') === undefined ? null : this.count(t, 'spec.completions', 1);
    if (parallelism === null) return;
    const count = completions === null ? parallelism : Math.min(parallelism, completions);
    const resources = podResources(tracker(t), 'spec.template.spec', this.context.errors);
    const tasks: Data[] = [];
    for (let r = 0; r < count; r++) tasks.push({ name: `${name}-${r}`, resources: { ...resources } });
    job.tasks = tasks;
    t.use('spec.suspend'); // Kueue suspends the Job until admission; the simulator admits it
    mergeLabFields(job, carried);
    this.jobs.push({ data: job, label: t.label });
  }

  /** The WorkloadPriorityClass label wins over the pod's PriorityClass (constants.go:45-48). */
  private priorityClass(t: ImportedObject, job: Data, podClassPath: string): void {
    const wpc = str(t.get(['metadata', 'labels', PRIORITY_CLASS_LABEL]));
    const pc = str(t.peek(podClassPath));
    if (wpc !== null) job.priorityClassName = wpc;
    else if (pc !== null) {
      t.use(podClassPath);
      job.priorityClassName = pc;
    }
  }

  private count(t: ImportedObject, path: string, absent: number): number | null {
    const raw = t.get(path);
    const n = raw === undefined || raw === null ? absent : raw;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_IMPORT_REPLICAS) {
      this.context.errors.push(
        `${t.label}: ${path} must be a whole number from 0 to ${MAX_IMPORT_REPLICAS}, got ${String(raw)}`,
      );
      return null;
    }
    return this.context.take('tasks', n, `${t.label}: ${path}`) ? n : null;
  }

  private pod(t: ImportedObject, carried: Data): void {
    const group = str(t.get(['metadata', 'labels', GROUP_NAME_LABEL]));
    this.pods.push({ object: t, carried, group, namespace: namespaceOf(t) });
  }

  /** Jobs with their pods attached and queues resolved through the LocalQueues. */
  finish(): Data[] {
    const byGroup = new Map<string, Job>();
    for (const j of this.jobs) {
      const key = `${String(j.data.namespace ?? 'default')}/${String(j.data.name)}`;
      byGroup.set(key, j);
    }
    const podsOf = new Map<Job, Data[]>();
    for (const p of this.pods) {
      const t = p.object;
      if (!this.context.take('tasks', 1, t.label)) break;
      const mapped = mapPod(tracker(t), this.context.errors);
      mergeLabFields(mapped.task, p.carried);
      const groupName = p.group ?? String(mapped.task.name);
      let job = byGroup.get(`${p.namespace}/${groupName}`);
      if (job === undefined) {
        const data: Data = { name: groupName, tasks: [] };
        this.common(t, data, str(t.get(['metadata', 'labels', QUEUE_NAME_LABEL])));
        this.priorityClass(t, data, 'spec.priorityClassName');
        job = { data, label: t.label };
        this.jobs.push(job);
        byGroup.set(`${p.namespace}/${groupName}`, job);
      } else {
        t.use(['metadata', 'labels', QUEUE_NAME_LABEL]);
        t.use('spec.priorityClassName'); // the group's class is its Workload's
      }
      // The group's total (pod constants.go:29) is the number of pods written here.
      t.use(['metadata', 'annotations', GROUP_TOTAL_COUNT_ANNOTATION]);
      const list = podsOf.get(job) ?? [];
      list.push(mapped.task);
      podsOf.set(job, list);
    }
    // A Workload's pods, when written, are its tasks (names, nodes, status); its pod sets only count them.
    for (const [job, tasks] of podsOf) job.data.tasks = tasks;
    const out: Data[] = [];
    for (const { data, label } of this.jobs) {
      if (!this.context.take('jobs', 1, label)) break;
      const lq = typeof data.queue === 'string' ? data.queue : null;
      const cq = lq === null ? null : this.localQueues.get(lq);
      if (lq === null) {
        data.queue = 'default';
        this.context.notes.push(`${label}: no queue name; it goes to ClusterQueue "default".`);
      } else if (cq === undefined) {
        data.queue = lq.slice(lq.indexOf('/') + 1);
        this.context.notes.push(
          `${label}: LocalQueue ${lq} is not among the documents; the job names ClusterQueue ${String(data.queue)}.`,
        );
      } else data.queue = cq;
      out.push(data);
    }
    // Kueue has no default quota to invent: a ClusterQueue no document declares is for the person to add.
    const declared = new Set(this.clusterQueues.map((q) => q.name));
    const missing = [
      ...new Set(out.map((j) => j.queue).filter((q) => typeof q === 'string' && !declared.has(q))),
    ];
    for (const q of missing)
      this.context.notes.push(
        `ClusterQueue ${String(q)} is used by jobs but not among the documents: add it under kueue.clusterQueues.`,
      );
    return out;
  }

  /** The `kueue:` block, checked by the profile's reader: its issues name the document and field. */
  block(): Data {
    const block: Data = {};
    const fairSharing = this.configFairSharing();
    if (fairSharing !== undefined) block.fairSharing = fairSharing;
    const conf = this.context.configuration;
    if (conf !== null && conf.data.admissionFairSharing !== undefined)
      this.context.unmapped(conf.document, `${conf.prefix}admissionFairSharing`, AFS_NOT_MODELLED);
    block.resourceFlavors = this.flavors;
    block.clusterQueues = this.clusterQueues;
    if (this.cohorts.length > 0) block.cohorts = this.cohorts;
    const { issues } = readKueueBlock(block);
    for (const issue of issues) this.context.errors.push(this.located(issue));
    return block;
  }

  /**
   * The Configuration's `fairSharing` (configuration_types.go:742-766). v1beta1's `enable: false` leaves fair
   * sharing off (v1beta1/configuration_types.go:612-615; v1beta2 turns it on by the field's presence).
   */
  private configFairSharing(): unknown {
    const raw = this.context.configuration?.data.fairSharing;
    if (!isData(raw) || !('enable' in raw)) return raw;
    const { enable, ...rest } = raw;
    return enable === true ? rest : undefined;
  }

  private located(issue: ProfileFieldIssue): string {
    const [, list, index, ...rest] = issue.path;
    const conf = this.context.configuration;
    if (list === 'fairSharing' && conf !== null)
      return `${conf.document}: ${conf.prefix}${issue.path.slice(1).join('.')}: ${issue.message}`;
    const doc =
      typeof list === 'string' && typeof index === 'number' ? this.labels[list]?.[index] : undefined;
    if (doc === undefined) return `kueue.${issue.path.slice(1).join('.')}: ${issue.message}`;
    const field = rest.length === 0 ? '' : ` ${rest[0] === 'name' ? 'metadata' : 'spec'}.${rest.join('.')}`;
    return `${doc}:${field} ${issue.message}`;
  }
}

function namespaceOf(t: ImportedObject): string {
  return str(t.peek('metadata.namespace')) ?? 'default';
}

/** Reads the Kueue documents an import claimed (in document order) into the scenario's parts. */
export function readKueueObjects(
  objects: readonly ClaimedObject[],
  context: ObjectImportContext,
): ObjectImport {
  const reader = new KueueReader(context);
  for (const o of objects) reader.read(o);
  const jobs = reader.finish();
  const block = reader.block();
  return { block, jobs, priorityClasses: reader.priorityClasses };
}
