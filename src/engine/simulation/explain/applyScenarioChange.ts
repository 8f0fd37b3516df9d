/**
 * Applies one {@link ScenarioChange} to a normalised scenario, returning a new scenario (the input is not
 * changed). A change with `atMs` becomes a timed event (docs §6: updateQueue, addNode, deleteJob) so the
 * history before it stays the same; without it, the scenario as written is changed. `wait-until` changes
 * nothing: the run simply goes on.
 */
import { parseDuration } from '../../model/duration';
import type { NodeSpec, QueueSpec, Scenario, ScenarioEvent } from '../../model/scenario';
import type { ScenarioChange } from './types';

/** Thrown for a change that names what the scenario does not have (its message says what). */
export class ScenarioChangeError extends Error {
  override name = 'ScenarioChangeError';
}

/** Why `change` cannot be applied to `scenario`, or null when it can. */
export function scenarioChangeError(scenario: Scenario, change: ScenarioChange): string | null {
  const queueNames = new Set(scenario.queues.map((q) => q.name));
  switch (change.kind) {
    case 'set-queue-resource':
      if (!queueNames.has(change.queue)) return `queue ${JSON.stringify(change.queue)} does not exist`;
      if (!Number.isFinite(change.value) || change.value < -1)
        return `${change.field} must be -1 or a number ≥ 0, got ${String(change.value)}`;
      return null;
    case 'set-queue-weight':
    case 'set-queue-bound':
      if (!queueNames.has(change.queue)) return `queue ${JSON.stringify(change.queue)} does not exist`;
      if (!Number.isFinite(change.value) || change.value < 0)
        return `${change.kind === 'set-queue-weight' ? 'weight' : change.field} must be a number ≥ 0, got ${String(change.value)}`;
      return null;
    case 'set-min-runtime': {
      if (!queueNames.has(change.queue)) return `queue ${JSON.stringify(change.queue)} does not exist`;
      const d = parseDuration(change.value);
      if (!d.ok) return `${change.field}: ${d.error}`;
      return null;
    }
    case 'add-node': {
      const name = change.node.name;
      const taken =
        scenario.nodes.some((n) => n.name === name) ||
        scenario.events.some((e) => e.kind === 'addNode' && e.node.name === name);
      if (taken) return `node ${JSON.stringify(name)} already exists`;
      for (const [k, v] of Object.entries(change.node.resources))
        if (v !== undefined && (!Number.isFinite(v) || v < 0))
          return `node resource ${k} must be a number ≥ 0, got ${String(v)}`;
      return null;
    }
    case 'delete-job': {
      const known =
        scenario.jobs.some((j) => j.name === change.job) ||
        scenario.events.some((e) => e.kind === 'submit' && e.job.name === change.job);
      return known ? null : `job ${JSON.stringify(change.job)} does not exist`;
    }
    case 'wait-until':
      return Number.isFinite(change.time)
        ? null
        : `wait-until needs a time in ms, got ${String(change.time)}`;
  }
}

/** The scenario with `change` made. Throws a {@link ScenarioChangeError} when {@link scenarioChangeError} says why not. */
export function applyScenarioChange(scenario: Scenario, change: ScenarioChange): Scenario {
  const error = scenarioChangeError(scenario, change);
  if (error !== null) throw new ScenarioChangeError(error);
  if (change.kind === 'wait-until') return scenario;
  const at = change.atMs;
  const withEvent = (event: ScenarioEvent): Scenario => ({
    ...scenario,
    events: [...scenario.events, event],
  });
  switch (change.kind) {
    case 'set-queue-resource': {
      const patchResources = (q: QueueSpec): QueueSpec['resources'] => ({
        ...q.resources,
        [change.resource]: { ...q.resources[change.resource], [change.field]: change.value },
      });
      if (at === undefined)
        return {
          ...scenario,
          queues: scenario.queues.map((q) =>
            q.name === change.queue ? { ...q, resources: patchResources(q) } : q,
          ),
        };
      // An updateQueue patch replaces `resources` whole: start from the queue as in force at `at`.
      const current = queueAt(scenario, change.queue, at);
      return withEvent({
        atMs: at,
        kind: 'updateQueue',
        patch: { name: change.queue, resources: patchResources(current) },
      });
    }
    case 'set-min-runtime': {
      const d = parseDuration(change.value);
      const ms = d.ok ? d.ms : 0;
      const key = change.field === 'preemptMinRuntime' ? 'preemptMinRuntimeMs' : 'reclaimMinRuntimeMs';
      if (at === undefined)
        return {
          ...scenario,
          queues: scenario.queues.map((q) => (q.name === change.queue ? { ...q, [key]: ms } : q)),
        };
      return withEvent({ atMs: at, kind: 'updateQueue', patch: { name: change.queue, [key]: ms } });
    }
    case 'set-queue-weight':
    case 'set-queue-bound': {
      const patch = (q: QueueSpec): Partial<QueueSpec> =>
        change.kind === 'set-queue-weight'
          ? { weight: change.value }
          : { [change.field]: { ...(q[change.field] ?? {}), [change.resource]: change.value } };
      if (at === undefined)
        return {
          ...scenario,
          queues: scenario.queues.map((q) => (q.name === change.queue ? { ...q, ...patch(q) } : q)),
        };
      return withEvent({
        atMs: at,
        kind: 'updateQueue',
        patch: { name: change.queue, ...patch(queueAt(scenario, change.queue, at)) },
      });
    }
    case 'add-node': {
      const r = change.node.resources;
      const node: NodeSpec = {
        name: change.node.name,
        // Omitted resources are unconstrained, as in a scenario's `nodes` (docs §3).
        resources: {
          gpu: r.gpu ?? Infinity,
          cpu: r.cpu ?? Infinity,
          memory: r.memory ?? Infinity,
          pods: Infinity,
        },
        labels: { ...(change.node.labels ?? {}) },
      };
      if (at === undefined) return { ...scenario, nodes: [...scenario.nodes, node] };
      return withEvent({ atMs: at, kind: 'addNode', node });
    }
    case 'delete-job': {
      if (at !== undefined) return withEvent({ atMs: at, kind: 'deleteJob', name: change.job });
      return {
        ...scenario,
        jobs: scenario.jobs.filter((j) => j.name !== change.job),
        events: scenario.events.filter(
          (e) =>
            !(e.kind === 'submit' && e.job.name === change.job) &&
            !(e.kind === 'deleteJob' && e.name === change.job),
        ),
      };
    }
  }
}

/** The queue's spec after the updateQueue events due by `atMs` (in the order the simulator applies them). */
function queueAt(scenario: Scenario, name: string, atMs: number): QueueSpec {
  let q = scenario.queues.find((x) => x.name === name) as QueueSpec;
  const due = scenario.events
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.atMs <= atMs)
    .sort((a, b) => a.e.atMs - b.e.atMs || a.i - b.i);
  for (const { e } of due) if (e.kind === 'updateQueue' && e.patch.name === name) q = { ...q, ...e.patch };
  return q;
}
