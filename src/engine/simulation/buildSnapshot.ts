/**
 * Rebuilds what a person sees at the end of one session from the stored history: every task's status and
 * place, job summaries with their min-runtime protection at that moment, queue figures and node occupation.
 */
import { zeroResources, addInto, type QueueResources, type Resources } from '../model/resources';
import { resourcesOnNode } from '../model/gpuDevices';
import type { JobSpec, NodeSpec } from '../model/scenario';
import type { ProfileQueueExtras, SnapshotJobInput } from '../framework/ProfileModule';
import type {
  JobExtras,
  JobState,
  NodeState,
  QueueExtras,
  QueueState,
  SessionSnapshot,
  SubGroupState,
  TaskState,
} from '../model/snapshot';
import { moduleOf } from '../registry';
import type { ClusterState } from './ClusterState';
import { subGroupStates } from './subGroupStates';
import { addSubGroupDomains, type PlacedTask } from './subGroupDomains';
import type { TopologySpec } from '../model/topology';
import type { TaskStatus } from '../model/trace';
import type { JobDelta, Keyframe, SessionEntry, TaskDelta } from './History';
import { RoleCounter } from './roleStates';
import { sessionFigures } from './sessionFigures';

const ZERO_Q: QueueResources = { gpu: 0, cpu: 0, memory: 0 };

export function buildSnapshot(state: ClusterState, entry: SessionEntry, frame: Keyframe): SessionSnapshot {
  const profile = moduleOf(state.scenario.profile);
  // The session's own record of its terminating pods (§23.4): views say what the engine decided.
  const terminatingByTask = new Map((entry.trace.terminating ?? []).map((n) => [n.task, n]));
  const tasks: TaskState[] = [];
  const gpuByTask = new Map<TaskState, number>();
  // The frame's nodes by name: a placed GPU-memory request counts m / D of its node's devices (decision 0328).
  const nodeByName = new Map(frame.nodeSpecs.map((n) => [n.name, n]));
  const jobs: JobState[] = [];
  const used = new Map<string, Resources>();
  const releasing = new Map<string, Resources>();
  /** Highest GPU device index held on each node, + 1 (the devices of a node that omits `gpu`). */
  const devicesInUse = new Map<string, number>();

  // Filled in once every job's counts are known: reclaim protection depends on who waits to reclaim.
  const built: { job: JobState; input: SnapshotJobInput }[] = [];

  for (let id = 0; id < entry.jobCount; id++) {
    const rec = state.jobList[id];
    if (!rec) continue;
    const jd: JobDelta | undefined = frame.jobs[id];
    if (jd?.deleted) continue;
    const spec = rec.spec;
    const counts = { Pending: 0, Pipelined: 0, Running: 0, Releasing: 0, Succeeded: 0 };
    const terminating = { releasing: 0, stuck: 0 };
    const roles = new RoleCounter(spec);
    const statusByTask = new Map<string, TaskStatus>();
    const placedByTask = new Map<string, PlacedTask>();
    for (const t of rec.tasks) {
      if (t.id >= entry.taskCount) continue;
      const td: TaskDelta | undefined = frame.tasks[t.id];
      const status = td?.status ?? t.spec.status;
      const node = td ? td.node : t.spec.node;
      const gpus = td?.gpus ?? [];
      counts[status]++;
      roles.add(t.spec.role, status);
      if (spec.subGroups !== undefined) {
        statusByTask.set(t.spec.name, status);
        placedByTask.set(t.spec.name, { status, node });
      }
      const task: TaskState = {
        name: t.spec.name,
        job: spec.name,
        status,
        node,
        gpus: gpus.map((g) => ({ ...g })),
      };
      const term = terminatingByTask.get(t.spec.name);
      if (term !== undefined) {
        task.terminating = term;
        terminating[term.status === 'StuckInReleasing' ? 'stuck' : 'releasing']++;
      }
      tasks.push(task);
      // A placed GPU-memory request counts m / D of its node's devices (decision 0328).
      const onNode = node === null ? t.spec.resources : resourcesOnNode(t.spec, nodeByName.get(node));
      gpuByTask.set(task, onNode.gpu);
      if (node !== null) {
        for (const g of gpus) devicesInUse.set(node, Math.max(devicesInUse.get(node) ?? 0, g.index + 1));
        // A pod terminating within the threshold is releasing, as the session counted it (§23.4).
        const freeing = status === 'Releasing' || term?.status === 'Releasing';
        const bucket = freeing ? releasing : status === 'Running' ? used : null;
        if (bucket) {
          const r = bucket.get(node) ?? zeroResources();
          addInto(r, onNode);
          bucket.set(node, r);
        }
      }
    }
    const roleRows = roles.finish();
    const startedAtMs = jd ? jd.startedAtMs : spec.startedAtMs;
    const isRunning = jd ? jd.isRunning : counts.Running >= Math.max(spec.minAvailable, 1);
    const progressMs = jd ? jd.progressMs + (jd.isRunning ? entry.timeMs - jd.progressAtMs : 0) : 0;
    const input: SnapshotJobInput = { spec, startedAtMs, counts, isRunning, phase: jd?.phase ?? null };
    const job: JobState = {
      name: spec.name,
      queue: spec.queue,
      phase: profile.snapshot.phase(input),
      priority: spec.priority,
      priorityClassName: spec.priorityClassName,
      preemptible: spec.preemptible,
      minAvailable: spec.minAvailable,
      taskCount: spec.tasks.length,
      ...(terminating.releasing + terminating.stuck > 0 ? { terminating } : {}),
      running: counts.Running,
      pipelined: counts.Pipelined,
      pending: counts.Pending,
      releasing: counts.Releasing,
      succeeded: counts.Succeeded,
      submitAtMs: spec.submitAtMs,
      startedAtMs,
      progressMs,
      stoppedAtMs: jd !== undefined && !jd.isRunning && jd.progressMs > 0 ? jd.progressAtMs : null,
      runtimeMs: spec.runtimeMs,
      isElastic: isElasticJob(spec),
      ...subGroupField(spec, statusByTask, placedByTask, frame.nodeSpecs, state.scenario.topologies ?? []),
      ...(spec.generatedBy === undefined ? {} : { generatedBy: spec.generatedBy }),
      ...(roleRows === null ? {} : { roles: roleRows }),
    };
    jobs.push(job);
    built.push({ job, input });
  }
  // The config and queues this session ran with, not the latest ones (an updateConfig or updateQueue
  // event after it must not change what it shows).
  const hooks = profile.snapshot.open(
    {
      scenario: state.scenario,
      config: frame.config,
      queues: frame.queueSpecs,
      nodePools: state.scenario.nodePools,
      timeMs: entry.timeMs,
      trace: entry.trace,
    },
    built.map((b) => b.input),
  );
  for (const { job, input } of built) {
    const extras = hooks.job(input);
    if (extras !== null) job.extras = extras as JobExtras;
  }

  const queues: QueueState[] = frame.queueSpecs.map((q) => {
    const fig = frame.queueFigures.get(q.name);
    const shown = {
      fairShare: fig?.fairShare ?? ZERO_Q,
      allocated: fig?.allocated ?? ZERO_Q,
      requested: fig?.requested ?? ZERO_Q,
    };
    // The profile's quota accounting and what only its session knew reach its resolved figures only, not
    // the neutral queue state.
    const given = {
      ...shown,
      ...(fig?.quotaUsage ? { quotaUsage: fig.quotaUsage } : {}),
      ...(fig?.sessionResolved ? { sessionResolved: fig.sessionResolved } : {}),
    };
    const resolved = hooks.resolved?.(q, given) ?? null;
    return {
      name: q.name,
      parent: q.parent,
      ...shown,
      quota: { gpu: q.resources.gpu.quota, cpu: q.resources.cpu.quota, memory: q.resources.memory.quota },
      limit: { gpu: q.resources.gpu.limit, cpu: q.resources.cpu.limit, memory: q.resources.memory.limit },
      overQuotaWeight: {
        gpu: q.resources.gpu.overQuotaWeight,
        cpu: q.resources.cpu.overQuotaWeight,
        memory: q.resources.memory.overQuotaWeight,
      },
      priority: q.priority,
      ...queueExtrasOf(hooks.queue(q)),
      ...(fig?.timeAware ? { timeAware: fig.timeAware } : {}),
      ...(resolved !== null ? { resolved } : {}),
    };
  });

  const nodes: NodeState[] = frame.nodeSpecs.map((n) => ({
    name: n.name,
    capacity: { ...n.resources },
    used: used.get(n.name) ?? zeroResources(),
    releasing: releasing.get(n.name) ?? zeroResources(),
    // A node that omits `gpu` is unconstrained (§3): it shows the devices its tasks hold, numbered on demand.
    gpuDevices: Number.isFinite(n.resources.gpu)
      ? Math.floor(n.resources.gpu + 1e-9)
      : (devicesInUse.get(n.name) ?? 0),
  }));

  return {
    index: entry.index,
    timeMs: entry.timeMs,
    tasks,
    jobs,
    queues,
    nodes,
    decisions: entry.decisions,
    trace: entry.trace,
    figures: sessionFigures(tasks, nodes, entry.trace, (t) => gpuByTask.get(t) ?? 0),
  };
}

function queueExtrasOf(extras: ProfileQueueExtras | null): { extras?: QueueExtras } {
  return extras !== null ? { extras } : {};
}

/** §22: the job's subgroup rows, only for a job that has subgroups. */
function subGroupField(
  spec: JobSpec,
  statuses: ReadonlyMap<string, TaskStatus>,
  placed: ReadonlyMap<string, PlacedTask>,
  nodes: readonly NodeSpec[],
  topologies: readonly TopologySpec[],
): { subGroups?: SubGroupState[] } {
  const rows = subGroupStates(spec, (t) => statuses.get(t) ?? 'Pending');
  if (rows === undefined) return {};
  // §21: where constrained subgroups sit, only for jobs that have such constraints.
  if (spec.subGroups?.some((g) => g.topologyConstraint !== undefined))
    addSubGroupDomains(spec, rows, placed, (n) => nodes.find((x) => x.name === n)?.labels, topologies);
  return { subGroups: rows };
}

/** KAI IsElastic (job_info.go:486): with subgroups, some leaf has fewer minMember than tasks. */
function isElasticJob(spec: JobSpec): boolean {
  const groups = spec.subGroups ?? [];
  if (groups.length === 0) return spec.minAvailable < spec.tasks.length;
  return groups.some(
    (g) =>
      !groups.some((c) => c.parent === g.name) &&
      g.minMember < spec.tasks.filter((t) => (t.subGroup ?? 'default') === g.name).length,
  );
}
