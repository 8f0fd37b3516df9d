import { describe, expect, it } from 'vitest';
import { jobState, nodeState, syntheticCluster, taskState } from '../testing/vizFixtures';
import { hitTestClusterMap, layoutClusterMap } from './layoutClusterMap';

const SIZE = { width: 800, height: 400 };

describe('layoutClusterMap', () => {
  const nodes = [nodeState('node-10', 4), nodeState('node-2', 4), nodeState('node-1', 8)];
  const jobs = [
    jobState('train', 'team-a', { kind: 'reclaim', untilMs: 90_000, durationMs: 60_000 }),
    jobState('infer', 'team-b'),
    jobState('notebook', 'team-b', { kind: 'preempt', untilMs: 10_000, durationMs: 60_000 }),
  ];

  it('sorts nodes by name in natural order and gives one cell per device', () => {
    const layout = layoutClusterMap(nodes, [], SIZE);
    expect(layout.nodes.map((n) => n.name)).toEqual(['node-1', 'node-2', 'node-10']);
    expect(layout.nodes.map((n) => n.cells.length)).toEqual([8, 4, 4]);
    expect(layout.cells).toHaveLength(16);
    expect(layout.cells.every((c) => c.state === 'idle' && c.segments.length === 0)).toBe(true);
    // Groups have a uniform size (the largest node), so the grid stays aligned.
    expect(new Set(layout.nodes.map((n) => n.width)).size).toBe(1);
  });

  it('shrinks cells until one node fits the width, not only the height (Elastic on the stage)', () => {
    // One node of 4 GPUs in a panel wider than tall enough for 160 px cells: the node must stay inside.
    const layout = layoutClusterMap(
      [nodeState('node0', 4)],
      [],
      { width: 300, height: 400 },
      {
        maxCellSize: 160,
        labelFontSize: 14,
      },
    );
    const node = layout.nodes[0]!;
    expect(node.x + node.width).toBeLessThanOrEqual(300);
    expect(layout.cells.every((c) => c.x + c.size <= 300)).toBe(true);
  });

  it('reports cell states, queues, jobs and tasks', () => {
    const tasks = [
      taskState('train-0', 'train', 'Running', 'node-1', { 0: 1 }),
      taskState('infer-0', 'infer', 'Pipelined', 'node-1', { 1: 1 }),
      taskState('notebook-0', 'notebook', 'Releasing', 'node-1', { 2: 1 }),
      taskState('pending-0', 'infer', 'Pending', null),
      taskState('done-0', 'infer', 'Succeeded', 'node-1', { 3: 1 }),
    ];
    const layout = layoutClusterMap(nodes, tasks, SIZE, { jobs, cursorMs: 60_000 });
    const cell = (i: number) => layout.byCell.get(`node-1#${i}`);
    expect(cell(0)?.state).toBe('running');
    expect(cell(0)?.segments[0]).toMatchObject({
      task: 'train-0',
      job: 'train',
      queue: 'team-a',
      state: 'running',
      share: 1,
    });
    expect(cell(1)?.state).toBe('pipelined');
    expect(cell(2)?.state).toBe('releasing');
    expect(cell(3)?.state).toBe('idle');
    expect(cell(0)?.usedShare).toBe(1);
    expect(cell(1)?.usedShare).toBe(0);
  });

  it('draws fractional shares as partial fills stacked from the bottom', () => {
    const tasks = [
      taskState('a-0', 'train', 'Running', 'node-2', { 0: 0.5 }),
      taskState('b-0', 'infer', 'Running', 'node-2', { 0: 0.25 }),
    ];
    const layout = layoutClusterMap(nodes, tasks, SIZE, { jobs });
    const c = layout.byCell.get('node-2#0');
    expect(c?.state).toBe('running');
    expect(c?.usedShare).toBe(0.75);
    const size = c?.size ?? 0;
    // Sorted by job name: infer (0.25) at the bottom, train (0.5) above it.
    const [first, second] = c?.segments ?? [];
    expect(first).toMatchObject({ task: 'b-0', share: 0.25 });
    expect(first?.height).toBeCloseTo(size * 0.25);
    expect((first?.y ?? 0) + (first?.height ?? 0)).toBeCloseTo((c?.y ?? 0) + size);
    expect(second).toMatchObject({ task: 'a-0', share: 0.5 });
    expect(second?.height).toBeCloseTo(size * 0.5);
    expect((second?.y ?? 0) + (second?.height ?? 0)).toBeCloseTo(first?.y ?? 0);
  });

  it('places a pipelined task over the releasing one it waits for', () => {
    const tasks = [
      taskState('old-0', 'notebook', 'Releasing', 'node-2', { 1: 1 }),
      taskState('new-0', 'train', 'Pipelined', 'node-2', { 1: 1 }),
    ];
    const c = layoutClusterMap(nodes, tasks, SIZE, { jobs }).byCell.get('node-2#1');
    expect(c?.state).toBe('releasing');
    expect(c?.segments.find((g) => g.state === 'pipelined')?.isOverlay).toBe(true);
    const free = layoutClusterMap(
      nodes,
      [taskState('new-0', 'train', 'Pipelined', 'node-2', { 1: 0.5 })],
      SIZE,
      { jobs },
    );
    expect(free.byCell.get('node-2#1')?.segments[0]?.isOverlay).toBe(false);
  });

  it('computes protection left at the cursor for running tasks', () => {
    const tasks = [
      taskState('train-0', 'train', 'Running', 'node-1', { 0: 1 }),
      taskState('notebook-0', 'notebook', 'Running', 'node-1', { 1: 1 }),
    ];
    const at = (cursorMs: number, protection?: 'preempt' | 'reclaim' | 'either') =>
      layoutClusterMap(nodes, tasks, SIZE, { jobs, cursorMs, ...(protection ? { protection } : {}) });
    const p = at(60_000).byCell.get('node-1#0')?.segments[0]?.protection;
    expect(p).toMatchObject({ kind: 'reclaim', untilMs: 90_000, remainingMs: 30_000, durationMs: 60_000 });
    expect(p?.fraction).toBeCloseTo(0.5);
    // Protection ends strictly at protectedUntil.
    expect(at(90_000).byCell.get('node-1#0')?.segments[0]?.protection).toBeNull();
    expect(at(60_000, 'preempt').byCell.get('node-1#0')?.segments[0]?.protection).toBeNull();
    expect(at(0).byCell.get('node-1#1')?.segments[0]?.protection?.kind).toBe('preempt');
    expect(
      layoutClusterMap(nodes, tasks, SIZE, { jobs }).byCell.get('node-1#0')?.segments[0]?.protection,
    ).toBeNull();
  });

  it('keeps every position when allocations change between sessions', () => {
    const before = layoutClusterMap(nodes, [taskState('t', 'train', 'Running', 'node-2', { 0: 1 })], SIZE, {
      jobs,
    });
    const after = layoutClusterMap(
      [...nodes].reverse(),
      [taskState('u', 'infer', 'Running', 'node-10', { 3: 0.5 })],
      SIZE,
      { jobs },
    );
    const geometry = (l: typeof before) => l.cells.map((c) => [c.key, c.x, c.y, c.size]);
    expect(geometry(after)).toEqual(geometry(before));
  });

  it('adds cpu and memory bars where nodes declare them', () => {
    const withCpu = [
      nodeState('n1', 2, {
        capacity: { gpu: 2, cpu: 32, memory: Infinity, pods: Infinity },
        used: { gpu: 1, cpu: 8, memory: 0, pods: 1 },
        releasing: { gpu: 0, cpu: 8, memory: 0, pods: 0 },
      }),
    ];
    const layout = layoutClusterMap(withCpu, [], SIZE);
    expect(layout.resources).toEqual(['cpu']);
    const bar = layout.nodes[0]?.bars[0];
    expect(bar?.usedWidth).toBeCloseTo((bar?.width ?? 0) / 4);
    expect(bar?.releasingWidth).toBeCloseTo((bar?.width ?? 0) / 4);
    expect(bar?.text).toBe('cpu 8/32 (8 releasing)');
    expect(layoutClusterMap(nodes, [], SIZE).resources).toEqual([]);
  });

  it('hit-tests nodes, cells and segments', () => {
    const tasks = [taskState('a-0', 'train', 'Running', 'node-2', { 0: 0.5 })];
    const layout = layoutClusterMap(nodes, tasks, SIZE, { jobs });
    const c = layout.byCell.get('node-2#0');
    if (c === undefined) throw new Error('missing cell');
    const bottom = hitTestClusterMap(layout, c.x + 2, c.y + c.size - 2);
    expect(bottom?.node.name).toBe('node-2');
    expect(bottom?.cell?.key).toBe('node-2#0');
    expect(bottom?.segment?.task).toBe('a-0');
    const top = hitTestClusterMap(layout, c.x + 2, c.y + 1);
    expect(top?.cell?.key).toBe('node-2#0');
    expect(top?.segment).toBeNull();
    expect(hitTestClusterMap(layout, -5, -5)).toBeNull();
    const last = layout.byCell.get('node-10#3');
    if (last === undefined) throw new Error('missing cell');
    expect(hitTestClusterMap(layout, last.x + 1, last.y + 1)?.cell?.key).toBe('node-10#3');
  });

  // Its time is printed by `npm run bench:ui`; tests assert no timings.
  it('fits 500 nodes x 8 GPUs in a 1280 x 720 viewport', () => {
    const c = syntheticCluster(500, 8);
    const layout = layoutClusterMap(
      c.nodes,
      c.tasks,
      { width: 1280, height: 720 },
      { jobs: c.jobs, cursorMs: 0 },
    );
    expect(layout.cells).toHaveLength(4000);
    expect(layout.height).toBeLessThanOrEqual(720);
    expect(layout.cellSize).toBeGreaterThanOrEqual(8);
  });

  it('grows taller than the viewport (to scroll) when even the smallest cells do not fit', () => {
    const c = syntheticCluster(500, 8);
    const layout = layoutClusterMap(c.nodes, [], { width: 300, height: 200 });
    expect(layout.cellSize).toBe(6);
    expect(layout.height).toBeGreaterThan(200);
  });
});
