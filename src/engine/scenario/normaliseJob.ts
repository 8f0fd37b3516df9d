/**
 * `jobs` entries (and `submit` events): a pod group and its tasks, with the profile's priority,
 * preemptibility and gang defaults.
 */
import { applyDeletionGracePeriod, applyTerminatingSince } from './readTerminating';
import type { JobSpec, PreemptionPolicy, PriorityClass, Profile, TaskSpec } from '../model/scenario';
import type { Resources } from '../model/resources';
import { formatDuration } from '../model/duration';
import { accepts, catalogueOf, moduleOf } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote, type FieldPath } from './fieldPath';
import { isMapping, readFields, type FieldValues } from './readFields';
import { readResourceList } from './normaliseQueue';
import { describeValue, expansionSchema, JOB_FIELDS, REQUEST_FIELDS, TASK_FIELDS } from './schema';
import { reportZodIssues } from './reportZodIssues';
import { readMinTaskMember, readTaskRole } from './normaliseTaskRoles';
import { normaliseSubGroups } from './normaliseSubGroups';
import { readTopologyConstraint, rememberConstraint } from './normaliseTopology';
import { applyPreemptionDelay } from './readPreemptionDelay';
import { applyTaskGpuMemory } from './readGpuMemory';
import { refuseUnreadJobFields } from './refuseUnreadFields';

/** KAI: a job is preemptible iff its priority is below this (the `build` class value). */
export const KAI_NON_PREEMPTIBLE_PRIORITY = 100;
/** Namespace of a job that names none. */
export const DEFAULT_NAMESPACE = 'default';

type Requests = Partial<Record<'gpu' | 'cpu' | 'memory' | 'gpuMemory' | 'gpuMemoryDevices', number>>;

/** How a job entry is read. */
export interface JobOptions {
  /** The job arrives through a `submit` event, so its tasks cannot already be running. */
  submitted?: boolean;
  /**
   * The `at` of that event: the job is created then, so that is its `submitAt` (what orders jobs and
   * victims, Volcano's sla waiting time and the metrics' waits count from). A `submitAt` written in the
   * event that says otherwise is an error.
   */
  submittedAtMs?: number;
}

/** A job with every default applied; null when the entry is not a mapping. */
export function normaliseJob(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
  options: JobOptions = {},
): JobSpec | null {
  const f = readFields(raw, path, JOB_FIELDS, ctx.sink, {
    required: ['name', 'queue'],
    what: 'a job ({name, queue, ...})',
  });
  if (f === null || !ctx.budget.take('jobs', 1, path)) return null;
  const written = raw as Record<string, unknown>;
  refuseUnreadJobFields(raw, path, ctx);
  const name = f.name ?? '';
  const requests = readRequests(f.resources, [...path, 'resources'], ctx);
  const tasks = normaliseTasks(written['tasks'], path, name, requests, ctx, options.submitted === true);
  const priority = resolvePriority(f, written, path, ctx);
  // §22: a job with subgroups takes its scalar minimum from the tree (the least tasks that satisfy it).
  const subGroups = normaliseSubGroups(f, written, tasks, path, ctx);
  const minAvailable = subGroups.minTasks ?? f.minAvailable ?? tasks.length;
  if (minAvailable > tasks.length) {
    ctx.sink.report(
      'min-available-above-tasks',
      [...path, 'minAvailable'],
      `minAvailable is ${minAvailable} but the job has ${tasks.length} task${tasks.length === 1 ? '' : 's'}`,
    );
  }
  const submitAtMs = options.submittedAtMs ?? f.submitAt ?? 0;
  if (options.submittedAtMs !== undefined && f.submitAt !== undefined && f.submitAt !== submitAtMs) {
    ctx.sink.report(
      'invalid-event',
      [...path, 'submitAt'],
      `a job submitted by an event is created at the event's time (at: ${formatDuration(submitAtMs)}); its submitAt cannot be ${formatDuration(f.submitAt)}`,
      'Remove `submitAt` from the submitted job, or move the job to `jobs` with that `submitAt`.',
    );
  }
  const hasRunning = tasks.some((t) => t.status === 'Running');
  if (submitAtMs > 0 && options.submitted !== true) checkRunningBeforeCreation(tasks, submitAtMs, ctx);
  const job: JobSpec = {
    name,
    namespace: f.namespace ?? DEFAULT_NAMESPACE,
    queue: f.queue ?? '',
    priority: priority.value,
    priorityClassName: priority.className,
    preemptible:
      f.preemptibility === undefined
        ? defaultPreemptible(ctx.profile, priority.value)
        : f.preemptibility === 'preemptible',
    preemptionPolicy: priority.preemptionPolicy,
    minAvailable,
    minResources: readResourceList(f.minResources, [...path, 'minResources'], ctx),
    phase: f.phase ?? 'Pending',
    submitAtMs,
    // Only a job that runs at t=0 has a last start; it defaults to its creation.
    startedAtMs: f.startedAt ?? (hasRunning ? submitAtMs : null),
    runtimeMs: f.runtime ?? null,
    annotations: { ...(f.annotations ?? {}) },
    tasks,
    ...subGroups.fields,
  };
  readMinTaskMember(job, written['minTaskMember'], path, ctx);
  if (f.topologyConstraint !== undefined) {
    const at = [...path, 'topologyConstraint'];
    const constraint = readTopologyConstraint(f.topologyConstraint, at, ctx);
    if (constraint !== null) rememberConstraint(job, constraint, at);
  }
  applyPreemptionDelay(job, f.preemptionDelay, f.lastEvictedAt, path, ctx);
  if (f.nodePool !== undefined) job.nodePool = f.nodePool;
  ctx.origins.set(job, path);
  return job;
}

/** kai: preemptible iff priority < 100; volcano and kube-batch: every job is preemptible. */
export function defaultPreemptible(profile: Profile, priority: number): boolean {
  return accepts(profile, 'priorityPreemptibility') ? priority < KAI_NON_PREEMPTIBLE_PRIORITY : true;
}

interface ResolvedPriority {
  value: number;
  className: string | null;
  preemptionPolicy: PreemptionPolicy;
}

/**
 * `priorityClassName` gives value and preemption policy; an explicit `priority` overrides the value.
 * With neither, the profile's default class applies (kai: `train`); volcano and kube-batch have none
 * (priority 0).
 */
function resolvePriority(
  f: FieldValues<typeof JOB_FIELDS>,
  written: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): ResolvedPriority {
  let cls: PriorityClass | undefined;
  if (f.priorityClassName !== undefined) {
    cls = ctx.classes.get(f.priorityClassName);
    if (cls === undefined) {
      ctx.sink.report(
        'unknown-priority-class',
        [...path, 'priorityClassName'],
        `priority class ${quote(f.priorityClassName)} does not exist (defined: ${listNames([...ctx.classes.keys()])})`,
      );
    }
  } else if (
    f.priority === undefined &&
    written['priorityClassName'] == null &&
    written['priority'] == null
  ) {
    const defaultName = catalogueOf(ctx.profile).defaultJobClass;
    cls = defaultName === null ? undefined : ctx.classes.get(defaultName);
  }
  return {
    value: f.priority ?? cls?.value ?? 0,
    className: cls?.name ?? null,
    preemptionPolicy: cls?.preemptionPolicy ?? 'PreemptLowerPriority',
  };
}

function readRequests(raw: unknown, path: FieldPath, ctx: NormaliseContext): Requests {
  if (raw === undefined) return {};
  const r = readFields(raw, path, REQUEST_FIELDS, ctx.sink, {
    what: 'a resource request {gpu?, cpu?, memory?}',
  });
  return r ?? {};
}

/** `tasks` is a count (all Pending, named `<job>-<i>`) or a list of task objects; absent means 1. */
function normaliseTasks(
  raw: unknown,
  jobPath: FieldPath,
  jobName: string,
  jobRequests: Requests,
  ctx: NormaliseContext,
  submitted: boolean,
): TaskSpec[] {
  const path = [...jobPath, 'tasks'];
  const taskName = (i: number) => (jobName === '' ? '' : `${jobName}-${i}`);
  if (raw === undefined || raw === null || typeof raw === 'number') {
    const parsed = expansionSchema.safeParse(raw ?? 1, { reportInput: true });
    if (!parsed.success) {
      reportZodIssues(parsed.error.issues, path, ctx.sink);
      return [];
    }
    if (!ctx.budget.take('tasks', parsed.data, path)) return [];
    return Array.from({ length: parsed.data }, (_, i) => {
      const task = defaultTask(taskName(i), i, requestsToResources({}, jobRequests));
      applyTaskGpuMemory(task, {}, jobRequests, path, [...jobPath, 'resources'], ctx);
      ctx.origins.set(task, path);
      return task;
    });
  }
  if (!Array.isArray(raw)) {
    ctx.sink.report(
      'wrong-type',
      path,
      `expected a number of tasks or a list of tasks, got ${describeValue(raw)}`,
    );
    return [];
  }
  if (!ctx.budget.take('tasks', raw.length, path)) return [];
  const tasks: TaskSpec[] = [];
  raw.forEach((item: unknown, i) => {
    const taskPath = [...path, i];
    const f = readFields(item, taskPath, TASK_FIELDS, ctx.sink, {
      what: 'a task ({name?, resources?, status?, node?})',
    });
    if (f === null) return;
    const own = readRequests(f.resources, [...taskPath, 'resources'], ctx);
    const task: TaskSpec = {
      ...defaultTask(f.name ?? taskName(i), i, requestsToResources(own, jobRequests)),
      status: f.status ?? 'Pending',
      // A succeeded pod holds nothing on the node it ran on (decision 0330): its node is dropped, with a warning.
      node: f.status === 'Succeeded' ? null : (f.node ?? null),
      priority: f.priority ?? null,
      preemptable: f.preemptable ?? true,
      preemptionPolicy: f.preemptionPolicy ?? null,
      labels: { ...(f.labels ?? {}) },
      nodeSelector: { ...(f.nodeSelector ?? {}) },
      ...(f.subGroup === undefined ? {} : { subGroup: f.subGroup }),
    };
    readTaskRole(task, item, taskPath, ctx);
    applyTerminatingSince(task, f.deletionTimestamp, taskPath, ctx);
    applyDeletionGracePeriod(task, f.deletionGracePeriod, taskPath, ctx);
    applyTaskGpuMemory(task, own, jobRequests, [...taskPath, 'resources'], [...jobPath, 'resources'], ctx);
    checkTaskPlacement(task, isMapping(item) ? item : {}, taskPath, ctx, submitted);
    ctx.origins.set(task, taskPath);
    tasks.push(task);
  });
  return tasks;
}

/**
 * Running tasks need a node; Pending and Succeeded ones ignore it (a succeeded pod holds nothing on the node
 * it ran on, decision 0330); a submitted job's tasks start Pending. `Succeeded` is refused where the profile
 * does not model a partly finished job.
 */
function checkTaskPlacement(
  task: TaskSpec,
  written: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
  submitted: boolean,
): void {
  if (task.status !== 'Pending' && submitted) {
    ctx.sink.report(
      'invalid-event',
      [...path, 'status'],
      `tasks of a submitted job start Pending; they cannot be ${task.status}`,
    );
  } else if (task.status === 'Succeeded' && !accepts(ctx.profile, 'succeededTasks')) {
    ctx.sink.report(
      'field-not-in-profile',
      [...path, 'status'],
      moduleOf(ctx.profile).format.whyRefused('succeededTasks'),
    );
  } else if (task.status === 'Running' && task.node === null && written['node'] == null) {
    ctx.sink.report(
      'running-task-without-node',
      [...path, 'node'],
      `Running task ${quote(task.name)} has no node`,
    );
  } else if (task.status !== 'Running' && written['node'] != null) {
    ctx.sink.report(
      'node-ignored',
      [...path, 'node'],
      `task ${quote(task.name)} is ${task.status}, so its node is ignored`,
    );
  }
}

/**
 * A Running task runs from t=0 (§5): its job must exist by then. A job created later (`submitAt` > 0) has
 * no pods yet at t=0, and letting its task appear Running when the job arrives would put it on a node that
 * the scheduler may have filled meanwhile (issue 18: 4 GPUs running on a 2-GPU node). Its tasks start
 * Pending, as those of a `submit` event do. A Succeeded task has run before t=0, so the same holds for it.
 */
function checkRunningBeforeCreation(
  tasks: readonly TaskSpec[],
  submitAtMs: number,
  ctx: NormaliseContext,
): void {
  for (const task of tasks) {
    if (task.status === 'Pending') continue;
    ctx.sink.report(
      'running-before-submit',
      [...ctx.origins.of(task), 'status'],
      `task ${quote(task.name)} is ${task.status} at t=0, but its job is created later (submitAt ${formatDuration(submitAtMs)})`,
    );
  }
}

/** A Pending task with no placement, labels or own priority (what `tasks: N` makes). */
export function defaultTask(name: string, index: number, resources: Resources): TaskSpec {
  return {
    name,
    index,
    resources,
    status: 'Pending',
    node: null,
    priority: null,
    preemptable: true,
    preemptionPolicy: null,
    labels: {},
    nodeSelector: {},
  };
}

/** The task's own requests over the job's; omitted resources are 0; every task takes one pod slot. */
function requestsToResources(own: Requests, job: Requests): Resources {
  return {
    gpu: own.gpu ?? job.gpu ?? 0,
    cpu: own.cpu ?? job.cpu ?? 0,
    memory: own.memory ?? job.memory ?? 0,
    pods: 1,
  };
}
