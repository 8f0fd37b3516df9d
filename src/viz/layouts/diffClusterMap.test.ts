import { describe, expect, it } from 'vitest';
import { jobState, nodeState, taskState } from '../testing/vizFixtures';
import { diffClusterMap } from './diffClusterMap';
import { layoutClusterMap } from './layoutClusterMap';

const SIZE = { width: 600, height: 300 };
const nodes = [nodeState('n1', 4)];
const jobs = [
  jobState('old', 'q1', { kind: 'reclaim', untilMs: 60_000, durationMs: 60_000 }),
  jobState('new', 'q2'),
  jobState('done', 'q1'),
];

describe('diffClusterMap', () => {
  it('finds placements, evictions, vacated devices and protection running out', () => {
    const before = layoutClusterMap(
      nodes,
      [
        taskState('old-0', 'old', 'Running', 'n1', { 0: 1 }),
        taskState('old-1', 'old', 'Running', 'n1', { 1: 1 }),
        taskState('done-0', 'done', 'Running', 'n1', { 2: 1 }),
        taskState('new-0', 'new', 'Pipelined', 'n1', { 3: 1 }),
      ],
      SIZE,
      { jobs, cursorMs: 30_000 },
    );
    const after = layoutClusterMap(
      nodes,
      [
        taskState('old-0', 'old', 'Releasing', 'n1', { 0: 1 }),
        taskState('old-1', 'old', 'Running', 'n1', { 1: 1 }),
        taskState('new-0', 'new', 'Running', 'n1', { 3: 1 }),
      ],
      SIZE,
      { jobs, cursorMs: 60_000 },
    );
    const changes = diffClusterMap(before, after).map((c) => `${c.kind}:${c.cell}:${c.task}`);
    expect(changes).toEqual([
      'evicted:n1#0:old-0',
      'protectionEnded:n1#1:old-1',
      'placed:n1#3:new-0',
      'vacated:n1#2:done-0',
    ]);
  });

  it('reports nothing on the first session or when the grid moved', () => {
    const a = layoutClusterMap(nodes, [], SIZE);
    expect(diffClusterMap(null, a)).toEqual([]);
    const b = layoutClusterMap(
      [...nodes, nodeState('n0', 4)],
      [taskState('x', 'new', 'Running', 'n1', { 0: 1 })],
      SIZE,
    );
    expect(diffClusterMap(a, b)).toEqual([]);
  });
});
