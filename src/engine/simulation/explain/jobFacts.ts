/**
 * What an explanation reads about one job at one session: its spec, its tasks' requests, the part of it
 * that must still be placed, and figures from the session's snapshot, formatted for sentences.
 */
import { formatDuration } from '../../model/duration';
import type { QueueResourceName, QueueResources, Resources } from '../../model/resources';
import { resourcesOnNode } from '../../model/gpuDevices';
import type { JobSpec, NodeSpec, Scenario, TaskSpec } from '../../model/scenario';
import type { JobState, NodeState, QueueState, SessionSnapshot } from '../../model/snapshot';

/** The job's spec, from `jobs` or a `submit` event; null when the scenario has no such job. */
export function findJobSpec(scenario: Scenario, name: string): JobSpec | null {
  const listed = scenario.jobs.find((j) => j.name === name);
  if (listed) return listed;
  for (const e of scenario.events) if (e.kind === 'submit' && e.job.name === name) return e.job;
  return null;
}

/** Pending tasks of the job at this session, in task order, with their specs. */
export function pendingTasks(snap: SessionSnapshot, spec: JobSpec): TaskSpec[] {
  const pending = new Set(
    snap.tasks.filter((t) => t.job === spec.name && t.status === 'Pending').map((t) => t.name),
  );
  return spec.tasks.filter((t) => pending.has(t.name));
}

/**
 * The tasks that must be placed together for the job to start: enough pending tasks to reach minAvailable
 * (a gang starts whole, KAI and Volcano alike), at least one.
 */
export function neededTasks(snap: SessionSnapshot, spec: JobSpec, state: JobState): TaskSpec[] {
  const pending = pendingTasks(snap, spec);
  const missing = Math.max(1, state.minAvailable - state.running - state.pipelined);
  return pending.slice(0, Math.min(missing, pending.length));
}

export function sumRequests(tasks: readonly TaskSpec[]): QueueResources {
  const out: QueueResources = { gpu: 0, cpu: 0, memory: 0 };
  for (const t of tasks) {
    out.gpu += t.resources.gpu;
    out.cpu += t.resources.cpu;
    out.memory += t.resources.memory;
  }
  return { gpu: round(out.gpu), cpu: round(out.cpu), memory: out.memory };
}

/** The resource a sentence and a change speak of: GPUs when the job asks for any, else cpu, else memory. */
export function mainResource(r: QueueResources): QueueResourceName {
  if (r.gpu > 0) return 'gpu';
  if (r.cpu > 0) return 'cpu';
  return 'memory';
}

export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** `gpu 2`, `cpu 4`, `memory 16Gi`: one resource as sentences show it. */
export function amount(resource: QueueResourceName, value: number): string {
  if (!Number.isFinite(value)) return `${resource} unlimited`;
  if (resource === 'memory') return `memory ${bytes(value)}`;
  return `${resource} ${round(value)}`;
}

function bytes(n: number): string {
  const gi = 1024 ** 3;
  const mi = 1024 ** 2;
  if (n >= gi && n % (gi / 1024) === 0) return `${round(n / gi)}Gi`;
  if (n >= mi) return `${round(n / mi)}Mi`;
  return `${n}`;
}

/** Node capacity not held by running, releasing or pipelined tasks at the end of the session. */
export function idleOnNodes(
  snap: SessionSnapshot,
  scenarioTasks: Map<string, TaskSpec>,
  scenarioNodes: ReadonlyMap<string, NodeSpec> = new Map(),
): Map<string, Resources> {
  const idle = new Map<string, Resources>();
  for (const n of snap.nodes) idle.set(n.name, freeOf(n));
  for (const t of snap.tasks) {
    if (t.status !== 'Pipelined' || t.node === null) continue;
    const spec = scenarioTasks.get(t.name);
    const free = idle.get(t.node);
    if (!spec || !free) continue;
    // A GPU-memory request holds m / D of its node's devices (decision 0328).
    const held = resourcesOnNode(spec, scenarioNodes.get(t.node));
    free.gpu -= held.gpu;
    free.cpu -= held.cpu;
    free.memory -= held.memory;
  }
  return idle;
}

function freeOf(n: NodeState): Resources {
  return {
    gpu: n.capacity.gpu - n.used.gpu - n.releasing.gpu,
    cpu: n.capacity.cpu - n.used.cpu - n.releasing.cpu,
    memory: n.capacity.memory - n.used.memory - n.releasing.memory,
    pods: n.capacity.pods - n.used.pods - n.releasing.pods,
  };
}

/** Every task spec of the scenario by name (jobs and submitted jobs). */
/** The scenario's nodes by name, those added by events included. */
export function nodeSpecs(scenario: Scenario): Map<string, NodeSpec> {
  const out = new Map<string, NodeSpec>();
  for (const n of scenario.nodes) out.set(n.name, n);
  for (const e of scenario.events) if (e.kind === 'addNode') out.set(e.node.name, e.node);
  return out;
}

export function taskSpecs(scenario: Scenario): Map<string, TaskSpec> {
  const out = new Map<string, TaskSpec>();
  for (const j of scenario.jobs) for (const t of j.tasks) out.set(t.name, t);
  for (const e of scenario.events) if (e.kind === 'submit') for (const t of e.job.tasks) out.set(t.name, t);
  return out;
}

/** The queue and its ancestors, leaf first. */
export function queuePath(snap: SessionSnapshot, leaf: string): QueueState[] {
  const byName = new Map(snap.queues.map((q) => [q.name, q]));
  const out: QueueState[] = [];
  let q = byName.get(leaf);
  while (q !== undefined && out.length <= snap.queues.length) {
    out.push(q);
    q = q.parent === null ? undefined : byName.get(q.parent);
  }
  return out;
}

export function time(ms: number): string {
  return `t=${formatDuration(ms)}`;
}
