import { describe, expect, it } from 'vitest';
import type { TaskState } from '../engine/model/snapshot';
import { taskColumnBuffers, tasksFromColumns, tasksToColumns } from './taskColumns';

const tasks: TaskState[] = [
  { name: 'a-0', job: 'a', status: 'Running', node: 'n1', gpus: [{ index: 3, share: 1 }] },
  { name: 'a-1', job: 'a', status: 'Pending', node: null, gpus: [] },
  {
    name: 'b-0',
    job: 'b',
    status: 'Running',
    node: 'n1',
    gpus: [
      { index: 0, share: 0.25 },
      { index: 1, share: 0.1 + 0.2 },
    ],
    terminating: {
      task: 'b-0',
      job: 'b',
      node: 'n1',
      status: 'StuckInReleasing',
      sinceMs: -5000,
      message: 'b-0 has been terminating for 5 s',
    },
  },
  { name: 'c-0', job: 'c', status: 'Pipelined', node: 'n2', gpus: [{ index: 7, share: 1 }] },
];

describe('tasks as columns', () => {
  it('gives back equal tasks, in order, with the same fields in the same order', () => {
    const back = tasksFromColumns(structuredClone(tasksToColumns(tasks)));
    expect(back).toEqual(tasks);
    expect(JSON.stringify(back)).toBe(JSON.stringify(tasks));
    // Only a terminating pod has the field, as in the engine's snapshot.
    expect(back.map((t) => 'terminating' in t)).toEqual([false, false, true, false]);
  });

  it('writes each job, status and node name of a slice once, and moves its arrays', () => {
    const columns = tasksToColumns(tasks);
    expect(columns.strings).toEqual(['a', 'Running', 'n1', 'Pending', 'b', 'c', 'Pipelined', 'n2']);
    expect([...columns.gpuStart]).toEqual([0, 1, 1, 3, 4]);
    const buffers = taskColumnBuffers(columns);
    const moved = structuredClone(columns, { transfer: buffers });
    expect(columns.job.length).toBe(0); // detached on the sending side
    expect(tasksFromColumns(moved)).toEqual(tasks);
  });

  it('handles an empty slice', () => {
    expect(tasksFromColumns(tasksToColumns([]))).toEqual([]);
  });
});
