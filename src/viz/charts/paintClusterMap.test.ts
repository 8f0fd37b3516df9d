import { describe, expect, it } from 'vitest';
import { diffClusterMap } from '../layouts/diffClusterMap';
import { layoutClusterMap } from '../layouts/layoutClusterMap';
import { leafQueueNames, queueColourScale } from '../layouts/queueColour';
import { jobState, nodeState, syntheticCluster, taskState } from '../testing/vizFixtures';
import { LIGHT_VIZ_THEME as theme } from '../theme';
import { paintClusterMap, paintTransition } from './paintClusterMap';
import { recordingContext } from '../testing/recordingContext';
import { drawPaintOps, paintOpsToSvg, type PaintOp } from './paintOps';

const colourOf = queueColourScale(['q1', 'q2'], theme);
const nodes = [nodeState('n1', 4)];
const jobs = [
  jobState('a', 'q1', { kind: 'reclaim', untilMs: 45_000, durationMs: 60_000 }),
  jobState('b', 'q2'),
];

describe('paintClusterMap', () => {
  const layout = layoutClusterMap(
    nodes,
    [
      taskState('a-0', 'a', 'Running', 'n1', { 0: 1 }),
      taskState('b-0', 'b', 'Running', 'n1', { 1: 0.5 }),
      taskState('b-1', 'b', 'Releasing', 'n1', { 2: 1 }),
      taskState('a-1', 'a', 'Pipelined', 'n1', { 2: 1 }),
    ],
    { width: 400, height: 200 },
    { jobs, cursorMs: 30_000 },
  );
  const ops = paintClusterMap(layout, theme, colourOf);
  const rects = ops.filter((o): o is Extract<PaintOp, { op: 'rect' }> => o.op === 'rect');

  it('fills running segments with the queue colour, fractional ones partially', () => {
    const half = layout.byCell.get('n1#1')?.segments[0];
    const fill = rects.find((r) => r.x === half?.x && r.y === half?.y && r.fill === colourOf('q2'));
    expect(fill?.h).toBeCloseTo((layout.byCell.get('n1#1')?.size ?? 0) / 2);
    expect(fill?.alpha).toBe(1);
  });

  it('hatches releasing and outlines pipelined segments', () => {
    expect(ops.filter((o) => o.op === 'hatch')).toHaveLength(1);
    const outline = rects.find((r) => r.fill === null && r.stroke === colourOf('q1'));
    expect(outline).toBeDefined();
  });

  it('draws a protection ring showing the time left', () => {
    const rings = ops.filter((o): o is Extract<PaintOp, { op: 'ring' }> => o.op === 'ring');
    expect(rings).toHaveLength(1);
    expect(rings[0]?.fraction).toBeCloseTo(0.25);
  });

  it('dims other jobs and outlines the selected one', () => {
    const sel = paintClusterMap(layout, theme, colourOf, { selectedJob: 'a' });
    const half = layout.byCell.get('n1#1')?.segments[0];
    const bFill = sel.find((o) => o.op === 'rect' && o.fill === colourOf('q2') && o.y === half?.y);
    expect(bFill?.alpha).toBeCloseTo(theme.dimOpacity);
    expect(sel.filter((o) => o.op === 'rect' && o.stroke === theme.selection)).toHaveLength(2);
  });

  it('dims the queues outside a highlighted set', () => {
    const half = layout.byCell.get('n1#1')?.segments[0];
    const fillOf = (ops: PaintOp[]) =>
      ops.find((o) => o.op === 'rect' && o.fill === colourOf('q2') && o.y === half?.y);
    const onlyQ1 = paintClusterMap(layout, theme, colourOf, { highlightedQueues: new Set(['q1']) });
    expect(fillOf(onlyQ1)?.alpha).toBeCloseTo(theme.dimOpacity);
    const both = paintClusterMap(layout, theme, colourOf, { highlightedQueues: new Set(['q1', 'q2']) });
    expect(fillOf(both)?.alpha).toBe(1);
  });

  it('adds transition accents that fade out', () => {
    const before = layoutClusterMap(nodes, [], { width: 400, height: 200 }, { jobs });
    const changes = diffClusterMap(before, layout);
    const start = paintTransition({ changes, t: 0 }, theme, colourOf);
    const accent = start.filter((o) => o.op === 'rect' && o.stroke === theme.placed);
    expect(accent.length).toBeGreaterThan(0);
    expect(accent[0]?.alpha).toBe(1);
    // New placements start covered by an idle veil that fades away.
    expect(start.filter((o) => o.op === 'rect' && o.fill === theme.idleCell)).toHaveLength(accent.length);
    expect(paintTransition({ changes, t: 1 }, theme, colourOf)).toEqual([]);
  });

  it('serialises to SVG with the same marks', () => {
    const svg = paintOpsToSvg(ops);
    expect(svg).toContain(`fill="${colourOf('q1')}"`);
    expect(svg).toMatch(/<path d="M[^"]+L[^"]+" stroke="#ffffff"/);
    expect(svg).toContain('stroke-dasharray="2 2"');
    expect(svg).toMatch(/<path d="M[^"]+A/);
  });

  // Its time is printed by `npm run bench:ui` (the project times nothing in tests: a loaded CI machine
  // would fail a timed assertion that says nothing about the code).
  it('paints and draws 500 nodes x 8 GPUs with batched fills', () => {
    const c = syntheticCluster(500, 8);
    const big = layoutClusterMap(
      c.nodes,
      c.tasks,
      { width: 1280, height: 720 },
      { jobs: c.jobs, cursorMs: 0 },
    );
    const scale = queueColourScale(leafQueueNames(c.queues), theme);
    const ctx = recordingContext();
    const run = () => drawPaintOps(ctx, paintClusterMap(big, theme, scale, { selectedJob: 'job-7' }));
    run();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    run();
    expect(ctx.calls.rect).toBeGreaterThan(4000);
    // Same-coloured cells are batched: far fewer fills than rectangles.
    expect(ctx.calls.fill ?? 0).toBeLessThan(40);
  });
});
