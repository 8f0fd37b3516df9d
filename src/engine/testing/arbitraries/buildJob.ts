/**
 * Job documents: gangs and elastic jobs (minAvailable < tasks), every priority form (default class, custom
 * class with `preemptionPolicy: Never`, raw integer, omitted), explicit preemptibility, runtime, namespace,
 * annotations, KAI's preemptionDelay and lastEvictedAt (§23), terminating Running pods (deletionTimestamp, §23.4), per-task objects (name, resources, priority, labels, nodeSelector), and, for jobs present at
 * t=0, Running tasks placed on nodes with room (all of a job's Running tasks, at least minAvailable of them,
 * or none, so the initial state never holds a broken gang). Late arrivals too: a job with `submitAt` > 0,
 * as users write it; its tasks are listed Running only when the scenario keeps them so (rare), and the parser
 * must then refuse it at the task's status (issue 18: the node went over capacity when it arrived; decision
 * 0112 refuses Running before submission). Volcano
 * and kube-batch have no default classes, so a class pick there becomes a raw priority.
 */
import { formatDuration } from '../../model/duration';
import { quantity, tryPlace, type NodeRoom } from './buildNodes';
import {
  CUSTOM_CLASS,
  DEFAULT_CLASSES,
  JOB_CPU,
  JOB_GPU,
  JOB_MEMORY,
  NAMESPACES,
  ODD_VALUES,
  PREEMPTIBILITY,
  RAW_PRIORITIES,
  TASK_GPU,
  VOLCANO_PRIORITIES,
  ZONES,
  at,
  defaultProfile,
  traitsOf,
  type GeneratedProfile,
} from './menus';
import type { RawJob } from './rawScenario';
import { addSubGroups } from './buildSubGroups';

export interface JobContext {
  leaves: readonly string[];
  customClass: boolean;
  /** Rooms of the nodes present at t=0; null for jobs submitted by events (always Pending). */
  rooms: NodeRoom[] | null;
  profile?: GeneratedProfile;
  /** Late arrivals keep their Running tasks (an intended rejection) instead of arriving Pending. */
  keepLateRunning?: boolean;
}

/** A built job, and whether it is a late arrival listed Running (the parser must refuse it). */
export interface BuiltJob {
  doc: Record<string, unknown>;
  lateRunning: boolean;
}

export function buildJob(raw: RawJob, name: string, ctx: JobContext): BuiltJob {
  const doc: Record<string, unknown> = { name, queue: at(ctx.leaves, raw.queuePick) };
  const ns = at(NAMESPACES, raw.namespace);
  if (ns !== null) doc['namespace'] = ns;
  const reads = traitsOf(ctx.profile ?? defaultProfile());
  if (!reads.defaultClasses) {
    if (raw.priorityPick === DEFAULT_CLASSES.length && ctx.customClass)
      doc['priorityClassName'] = CUSTOM_CLASS.name;
    else if (raw.priorityPick > 0) doc['priority'] = at(VOLCANO_PRIORITIES, raw.priorityPick);
  } else if (raw.priorityPick < DEFAULT_CLASSES.length)
    doc['priorityClassName'] = at(DEFAULT_CLASSES, raw.priorityPick);
  else if (raw.priorityPick === DEFAULT_CLASSES.length)
    doc['priorityClassName'] = ctx.customClass ? CUSTOM_CLASS.name : 'inference';
  else if (raw.priorityPick <= DEFAULT_CLASSES.length + RAW_PRIORITIES.length)
    doc['priority'] = at(RAW_PRIORITIES, raw.priorityPick - DEFAULT_CLASSES.length - 1);
  const pre = at(PREEMPTIBILITY, raw.preemptibility);
  // `preemptibility` is KAI's; the other profiles refuse it.
  if (pre !== null && reads.preemptibility) doc['preemptibility'] = pre;
  // 0 = not written: the job needs all its tasks (Kueue refuses the field, admitting a Workload whole).
  const minAvailable = reads.minAvailable ? Math.min(raw.minAvailable, raw.tasks) : 0;
  if (minAvailable > 0) doc['minAvailable'] = minAvailable;
  if (raw.runtime !== null) doc['runtime'] = formatDuration(raw.runtime * 1000);
  // KAI's preemption delay (§23; the other profiles refuse the fields), on about a third of the jobs. Derived
  // from the fields already drawn rather than drawn anew, so that the generated sample (and what the property
  // test's statistics count) stays the one the seeds were chosen for.
  if (reads.preemptionDelay && (raw.priorityPick + raw.cpu) % 3 === 0) {
    doc['preemptionDelay'] = formatDuration(((raw.gpu * 7 + raw.tasks * 5 + raw.queuePick) % 41) * 1000);
    if (raw.annotate && raw.startedAgo !== null && ctx.rooms !== null)
      doc['lastEvictedAt'] = formatDuration(-raw.startedAgo * 1000);
  }
  if (raw.annotate)
    doc['annotations'] = { 'sla-waiting-time': '1h2m3s', note: at(ODD_VALUES, raw.queuePick + raw.tasks) };

  const gpu = at(JOB_GPU, raw.gpu);
  const cpu = at(JOB_CPU, raw.cpu);
  const memory = at(JOB_MEMORY, raw.memory);
  const resources: Record<string, unknown> = { gpu };
  if (cpu !== null) resources['cpu'] = cpu;
  if (memory !== null) resources['memory'] = memory;
  doc['resources'] = resources;

  const tasks: Record<string, unknown>[] = Array.from({ length: raw.tasks }, (_, i) => {
    const t = raw.taskList?.[i % raw.taskList.length];
    const task: Record<string, unknown> = {};
    if (!t) return task;
    if (i % 2 === 1) task['name'] = `${name}-t${i}`;
    if (t.gpuOverride !== null) task['resources'] = { gpu: at(TASK_GPU, t.gpuOverride) };
    if (t.priority !== null) task['priority'] = t.priority;
    if (t.zoneSelector > 0) task['nodeSelector'] = { zone: at(ZONES, t.zoneSelector - 1) };
    task['labels'] = { role: i === 0 ? 'leader' : at(ODD_VALUES, raw.priorityPick + i - 1) };
    return task;
  });

  const wantRunning = ctx.rooms === null ? 0 : Math.min(raw.running, raw.tasks);
  const placed =
    wantRunning >= Math.max(minAvailable || raw.tasks, 1)
      ? placeRunning(tasks, wantRunning, gpu, cpu, memory, ctx.rooms ?? [])
      : 0;
  let lateRunning = false;
  if (placed > 0 && raw.lateRunning !== null) {
    // Created later than t=0. Listed Running only when kept so (the parser refuses it, decision 0112);
    // otherwise its tasks arrive Pending at submitAt, as a pod group created then has no running pods.
    doc['submitAt'] = formatDuration(raw.lateRunning * 1000);
    lateRunning = ctx.keepLateRunning === true;
    if (!lateRunning)
      for (const t of tasks) {
        delete t['status'];
        delete t['node'];
      }
  } else if (placed > 0) {
    // A job running at t=0 was created before it; its last start is at or after its creation.
    const ago = raw.startedAgo ?? 0;
    doc['submitAt'] = formatDuration(-(ago + Math.abs(raw.submitAt)) * 1000);
    if (raw.startedAgo !== null) doc['startedAt'] = formatDuration(-ago * 1000);
    if (reads.terminating) markTerminating(tasks, placed, raw);
  } else if (raw.submitAt !== 0 && ctx.rooms !== null) {
    doc['submitAt'] = formatDuration(raw.submitAt * 1000);
  }
  doc['tasks'] = raw.taskList === null && placed === 0 ? raw.tasks : tasks;
  // Only a job that exists at t=0 may have pods that already finished (refused otherwise, decision 0330).
  const submitAt = String(doc['submitAt'] ?? '0s');
  if (reads.succeededTasks && ctx.rooms !== null && doc['tasks'] === tasks && !/^[1-9]/.test(submitAt))
    markSucceeded(tasks, placed, raw);
  if (reads.taskRoles && raw.taskList !== null) addRoles(doc, tasks, minAvailable, raw);
  if (reads.subGroups) addSubGroups(raw, doc);
  return { doc, lateRunning };
}

/**
 * Volcano task roles (decision 0227) on one job in three with a task list: tasks alternate roles `r0`,
 * `r1`, as the `role` field or the `volcano.sh/task-spec` label, each role's minimum half the gang (so
 * the first minAvailable tasks, which are the ones placed Running at t=0, hold every role's minimum);
 * one such job in two asks more of its roles than minAvailable, which turns the role checks off.
 */
function addRoles(
  doc: Record<string, unknown>,
  tasks: Record<string, unknown>[],
  min: number,
  raw: RawJob,
): void {
  if ((raw.queuePick + raw.tasks) % 3 !== 0 || tasks.length < 2) return;
  tasks.forEach((t, i) => {
    if (i % 4 === 3) t['labels'] = { ...(t['labels'] as object), 'volcano.sh/task-spec': `r${i % 2}` };
    else t['role'] = `r${i % 2}`;
  });
  const gang = min || tasks.length;
  const each = raw.namespace % 2 === 0 ? Math.floor(gang / 2) : gang;
  doc['minTaskMember'] = { r0: each, r1: each };
}

/** Puts the first `want` tasks Running where they fit; all or nothing (undoes partial placements). */
function placeRunning(
  tasks: Record<string, unknown>[],
  want: number,
  gpu: number,
  cpu: string | null,
  memory: string | null,
  rooms: NodeRoom[],
): number {
  const snapshot = rooms.map((r) => ({ ...r, devices: [...r.devices] }));
  const chosen: string[] = [];
  for (let i = 0; i < want; i++) {
    const task = tasks[i] as Record<string, unknown>;
    const override = task['resources'] as { gpu?: number } | undefined;
    const g = override?.gpu ?? gpu;
    const selector = (task['nodeSelector'] as { zone?: string } | undefined)?.zone;
    const room = rooms.find(
      (r) =>
        (selector === undefined || r.zone === selector) &&
        (g === 0 || r.devices.length > 0 || r.gpuUnconstrained) &&
        tryPlace(r, g, cpu === null ? 0 : quantity(cpu), memory === null ? 0 : quantity(memory)),
    );
    if (!room) {
      rooms.forEach((r, k) => Object.assign(r, snapshot[k]));
      return 0;
    }
    chosen.push(room.name);
  }
  chosen.forEach((node, i) =>
    Object.assign(tasks[i] as Record<string, unknown>, { status: 'Running', node }),
  );
  return want;
}

/**
 * KAI long-terminating pods (§23.4) on about a fifth of the jobs running at t=0: the last Running task is
 * has a deletionTimestamp from 299 s before the run to 30 s into it (a grace period still running), so both
 * sides of the default 2 m threshold occur; half of them carry a deletionGracePeriod, so a deletion ahead of
 * t=0 completes during the run. Derived
 * from fields already drawn (like the preemption delay above), so the seeds' sample is unchanged.
 */
/**
 * A partly finished job (decision 0330) on about one job in four with a task list, created at or before t=0:
 * its last task that is not placed Running starts `Succeeded`. Running tasks stay as placed, so a running gang
 * keeps its minimum of Running tasks; a job with none placed may then have fewer alive tasks than its minimum
 * (KAI never schedules it; Volcano counts the succeeded pod toward its gang). Derived from fields already
 * drawn, as preemptionDelay is, so the seeds' sample is unchanged.
 */
function markSucceeded(tasks: Record<string, unknown>[], placed: number, raw: RawJob): void {
  if ((raw.gpu + raw.tasks + raw.queuePick) % 4 !== 1) return;
  const last = tasks.length - 1;
  if (last < placed) return;
  const task = tasks[last];
  if (task && task['status'] === undefined) task['status'] = 'Succeeded';
}

function markTerminating(tasks: Record<string, unknown>[], placed: number, raw: RawJob): void {
  if ((raw.gpu + raw.tasks + raw.priorityPick) % 5 !== 0) return;
  const task = tasks[placed - 1];
  if (!task) return;
  task['deletionTimestamp'] = formatDuration((30 - ((raw.cpu * 37 + raw.queuePick * 11) % 330)) * 1000);
  // Half of them with a deletion grace period (decision 0305): one still ahead at t=0 completes in the run.
  if (raw.cpu % 2 === 0) task['deletionGracePeriod'] = '30s';
}
