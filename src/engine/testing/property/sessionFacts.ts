/**
 * Plain lookups the invariant checks share: task requests and job specs by name (initial and submitted
 * jobs), the queue tree of a session, and the scheduler configuration in force at a session's time.
 */
import { resourcesOnNode } from '../../model/gpuDevices';
import type { Resources } from '../../model/resources';
import type { JobSpec, NodeSpec, Scenario, SchedulerConfig, TaskSpec } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';

export interface ScenarioFacts {
  jobs: Map<string, JobSpec>;
  taskResources: Map<string, Resources>;
  /**
   * What a task holds on `node`: its request, with a GPU-memory request as m / D of that node's devices
   * (KAI node_info.go:727 @d5bc503, decision 0328), written from the scenario, not the engine.
   */
  heldOn: (task: string, node: string | null) => Resources | undefined;
  /**
   * What a task counts to its queue on `node`: `heldOn`, with a GPU-memory request's portion of one device
   * rounded up to the hundredth, `count × ceil(m / D × 100) / 100` (KAI gpu_sharing_node_info.go:355-358
   * through AcceptedResourceVector, node_info.go:742-755 @d5bc503, decision 0356), written out here rather
   * than taken from the engine, so the queue-limit invariant checks the engine's figure independently.
   */
  quotaOn: (task: string, node: string | null) => Resources | undefined;
}

export function scenarioFacts(scenario: Scenario): ScenarioFacts {
  const jobs = new Map<string, JobSpec>();
  for (const j of scenario.jobs) jobs.set(j.name, j);
  for (const e of scenario.events) if (e.kind === 'submit') jobs.set(e.job.name, e.job);
  const taskResources = new Map<string, Resources>();
  const specs = new Map<string, TaskSpec>();
  for (const j of jobs.values())
    for (const t of j.tasks) {
      taskResources.set(t.name, t.resources);
      specs.set(t.name, t);
    }
  const nodes = new Map<string, NodeSpec>();
  for (const n of scenario.nodes) nodes.set(n.name, n);
  for (const e of scenario.events) if (e.kind === 'addNode') nodes.set(e.node.name, e.node);
  const heldOn = (task: string, node: string | null): Resources | undefined => {
    const spec = specs.get(task);
    if (spec === undefined || node === null) return spec?.resources;
    return resourcesOnNode(spec, nodes.get(node));
  };
  const quotaOn = (task: string, node: string | null): Resources | undefined => {
    const held = heldOn(task, node);
    const spec = specs.get(task);
    const label = node === null ? undefined : nodes.get(node)?.gpuMemoryMiB;
    // KAI computes with the label floored to whole hundreds of MiB (node_info.go:673 @d5bc503).
    const device = label === undefined ? undefined : label - (label % 100);
    if (held === undefined || spec?.gpuMemoryMiB === undefined || device === undefined) return held;
    // Go's float64 arithmetic, which JavaScript's numbers share: the portion, then GPUs()' fixed point.
    const hundredths = Math.round((Math.ceil((spec.gpuMemoryMiB / device) * 100) / 100) * 100);
    return { ...held, gpu: (hundredths * (spec.gpuMemoryDevices ?? 1)) / 100 };
  };
  return { jobs, taskResources, heldOn, quotaOn };
}

/** Leaf-to-root queue names of `queue` in the session's tree. */
export function queuePathIn(snap: SessionSnapshot, queue: string): string[] {
  const parents = new Map(snap.queues.map((q) => [q.name, q.parent]));
  const path: string[] = [];
  let current: string | null | undefined = queue;
  while (current !== null && current !== undefined && !path.includes(current)) {
    path.push(current);
    current = parents.get(current);
  }
  return path;
}

/** The configuration in force when the session at `timeMs` ran: events apply before the first session at or after them. */
export function configAt(scenario: Scenario, timeMs: number): SchedulerConfig {
  let config = scenario.scheduler;
  const updates = scenario.events
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.kind === 'updateConfig' && e.atMs <= timeMs)
    .sort((a, b) => a.e.atMs - b.e.atMs || a.i - b.i);
  for (const { e } of updates) if (e.kind === 'updateConfig') config = { ...config, ...e.patch };
  return config;
}
