import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../engine/index';
import type { JobState, NodeState, TaskState } from '../engine/model/snapshot';
import { BUILTIN_SCENARIOS } from '../scenarios/builtinScenarios';
import { nodeState, syntheticCluster, taskState } from '../viz/testing/vizFixtures';
import { layoutClusterMap, type ClusterMapLayout } from '../viz/layouts/layoutClusterMap';
import { clusterOccupancyOf } from '../worker/clusterOccupancyOf';

const SIZE = { width: 900, height: 500 };

/** What a layout shows, as plain data (the kept idle objects and the lazy index are not compared). */
const shown = (layout: ClusterMapLayout) => ({
  nodes: layout.nodes.map((n) => ({ ...n, cells: n.cells.map((c) => ({ ...c })) })),
  cells: layout.cells.map((c) => ({ ...c })),
});

/** The map from the worker's arrays must be the map from the tasks themselves (decision 0300). */
function expectSameMap(nodes: NodeState[], tasks: TaskState[], jobs: JobState[], cursorMs: number | null) {
  const occupancy = clusterOccupancyOf({ nodes, tasks, jobs });
  const fromTasks = layoutClusterMap(nodes, tasks, SIZE, { jobs, cursorMs });
  const fromArrays = layoutClusterMap(nodes, tasks, SIZE, { jobs, cursorMs, occupancy });
  expect(shown(fromArrays)).toEqual(shown(fromTasks));
  // Survives the trip to the page (the worker transfers the buffers; structured clone keeps typed arrays).
  const copy = structuredClone(occupancy);
  expect(copy.segmentTask).toBeInstanceOf(Int32Array);
  expect(shown(layoutClusterMap(nodes, tasks, SIZE, { jobs, cursorMs, occupancy: copy }))).toEqual(
    shown(fromTasks),
  );
}

describe('clusterOccupancyOf', () => {
  it('lists per device the tasks on it, with state, share and job, and GPU-less tasks per node', () => {
    const nodes = [nodeState('b', 2), nodeState('a', 4)];
    const tasks = [
      taskState('p-0', 'pending', 'Pending', null),
      taskState('t-0', 'train', 'Running', 'a', { 1: 0.5, 3: 1 }),
      taskState('i-0', 'infer', 'Releasing', 'a', { 1: 0.25 }),
      taskState('c-0', 'cpu', 'Running', 'b'),
      taskState('q-0', 'queued', 'Pipelined', 'b', { 0: 1 }),
      taskState('x-0', 'ghost', 'Running', 'nowhere', { 0: 1 }),
    ];
    const jobs = [{ name: 'infer' }, { name: 'train' }] as JobState[];
    const o = clusterOccupancyOf({ nodes, tasks, jobs });
    expect([...o.deviceStart]).toEqual([0, 2, 6]);
    // Devices: b#0, b#1, a#0, a#1, a#2, a#3.
    expect([...o.segmentStart]).toEqual([0, 1, 1, 1, 3, 3, 4]);
    expect([...o.segmentTask]).toEqual([4, 1, 2, 1]);
    expect([...o.segmentJob]).toEqual([-1, 1, 0, 1]);
    expect([...o.segmentState]).toEqual([2, 1, 3, 1]);
    expect([...o.segmentShare]).toEqual([1, 0.5, 0.25, 1]);
    expect([...o.gpulessTasks]).toEqual([1, 0]);
  });

  it('gives the same map as the tasks: shared, pipelined and releasing devices, protections', () => {
    const { nodes, tasks, jobs } = syntheticCluster(60, 8, 6, 7);
    expectSameMap(nodes, tasks, jobs, 30_000);
  });

  it('gives the same map as the tasks at every session of every gallery scenario', () => {
    for (const builtin of BUILTIN_SCENARIOS) {
      const parsed = parseScenario(builtin.text, {});
      if (!parsed.ok) throw new Error(`${builtin.id} does not parse`);
      const sim = createSimulation(parsed.scenario);
      while (sim.step()) {
        /* run to the end */
      }
      for (let i = 1; i <= sim.sessionCount(); i++) {
        const s = sim.snapshot(i);
        expectSameMap(s.nodes, s.tasks, s.jobs, s.timeMs);
      }
    }
  });
});
