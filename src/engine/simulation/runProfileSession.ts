/**
 * Runs one session of a profile that has its own session loop (Volcano, kube-batch) over the cluster
 * state, and writes the result back: task statuses and places, and the profile's per-job state (PodGroup
 * phase), which persists across sessions.
 */
import type { ProfileJobInput, ProfileQueueFigures, SessionProfile } from '../framework/Profile';
import type { Decision, SessionTrace } from '../model/trace';
import type { ClusterState, JobRecord, TaskRecord } from './ClusterState';
import { numberDevices } from './numberDevices';

export interface ProfileSessionOutcome {
  decisions: Decision[];
  trace: SessionTrace;
  queues: readonly ProfileQueueFigures[];
  changedTasks: TaskRecord[];
  changedJobs: JobRecord[];
}

export function runProfileSession(
  profile: SessionProfile,
  state: ClusterState,
  index: number,
  timeMs: number,
): ProfileSessionOutcome {
  const live = state.liveJobs();
  const jobs: ProfileJobInput[] = live.map((rec) => ({
    id: rec.id,
    spec: rec.spec,
    phase: rec.phase,
    tasks: rec.tasks.map((t) => ({ id: t.id, spec: t.spec, status: t.status, node: t.node })),
  }));
  const result = profile.runSession({
    index,
    timeMs,
    config: state.config,
    priorityClasses: state.scenario.priorityClasses,
    nodes: [...state.nodes.values()],
    queues: [...state.queues.values()],
    jobs,
    ...(state.scenario.profileBlock ? { profileData: state.scenario.profileBlock.data } : {}),
  });
  const runningBefore = new Map<JobRecord, boolean>();
  for (const rec of live)
    runningBefore.set(
      rec,
      rec.tasks.some((t) => t.status === 'Running'),
    );
  const changedTasks: TaskRecord[] = [];
  for (const t of result.tasks) {
    const rec = state.tasks[t.id] as TaskRecord;
    if (rec.status !== t.status || rec.node !== t.node) {
      // An evicted task keeps its devices while it releases them; any other move is numbered again.
      if (!(rec.node === t.node && rec.status === 'Running' && t.status === 'Releasing')) rec.gpus = [];
      rec.status = t.status;
      rec.node = t.node;
      changedTasks.push(rec);
    }
  }
  const taskChanged = new Set(changedTasks);
  for (const t of numberDevices(state)) if (!taskChanged.has(t)) changedTasks.push(t);
  const changedJobs: JobRecord[] = [];
  for (const rec of live) {
    let changed = false;
    const phase = result.phases.get(rec.id) ?? null;
    if (phase !== null && phase !== rec.phase) {
      rec.phase = phase;
      changed = true;
    }
    // A job whose first task runs in this session started now (the jobs table's "started t=…" and run so far).
    // Volcano keeps no start time of its own: nothing it decides reads one, so this is for the views only.
    if (
      !runningBefore.get(rec) &&
      rec.tasks.some((t) => t.status === 'Running') &&
      rec.startedAtMs !== timeMs
    ) {
      rec.startedAtMs = timeMs;
      changed = true;
    }
    if (changed) changedJobs.push(rec);
  }
  return {
    decisions: result.decisions,
    trace: result.trace,
    queues: result.queues,
    changedTasks,
    changedJobs,
  };
}
