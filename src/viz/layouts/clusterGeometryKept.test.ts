import { describe, expect, it } from 'vitest';
import { paintClusterBase, paintClusterMap } from '../charts/paintClusterMap';
import { queueColourScale } from './queueColour';
import { LIGHT_VIZ_THEME as theme } from '../theme';
import { jobState, nodeState, taskState } from '../testing/vizFixtures';
import { layoutClusterMap } from './layoutClusterMap';

// Decision 0276: the session-independent part of the layout is built once and kept; the base picture is
// painted once per geometry. Both must give exactly what a fresh layout and a full paint give.
describe('cluster map geometry kept between sessions', () => {
  const SIZE = { width: 640, height: 360 };
  const nodes = [nodeState('b', 4), nodeState('a', 8), nodeState('c-10', 2)];
  const jobs = [jobState('j1', 'q1'), jobState('j2', 'q2')];
  const session1 = [taskState('j1-0', 'j1', 'Running', 'a', { 0: 1, 1: 1 })];
  const session2 = [
    taskState('j1-0', 'j1', 'Releasing', 'a', { 0: 1, 1: 1 }),
    taskState('j2-0', 'j2', 'Pipelined', 'b', { 3: 0.5 }),
  ];

  it('gives the same layout as one built from scratch, with the idle devices shared', () => {
    const first = layoutClusterMap(nodes, session1, SIZE, { jobs });
    const second = layoutClusterMap(nodes, session2, SIZE, { jobs });
    expect(second.geometry).toBe(first.geometry);
    // Node c-10 is idle in both sessions: the same cells, not copies.
    expect(second.byNode.get('c-10')?.cells[0]).toBe(first.byNode.get('c-10')?.cells[0]);
    // A fresh geometry (another viewport in between) lays out session 2 identically.
    layoutClusterMap(nodes, [], { width: 300, height: 200 });
    const fresh = layoutClusterMap(nodes, session2, SIZE, { jobs });
    expect(fresh.geometry).not.toBe(second.geometry);
    expect({ ...fresh, geometry: 0, byCell: null }).toEqual({ ...second, geometry: 0, byCell: null });
    expect(second.byCell.get('b#3')?.state).toBe('pipelined');
    expect(second.byCell.get('a#0')?.state).toBe('releasing');
    expect(second.byCell.get('a#5')?.state).toBe('idle');
  });

  it('a new node name or device count is a new geometry', () => {
    const before = layoutClusterMap(nodes, [], SIZE);
    const renamed = layoutClusterMap([...nodes.slice(0, 2), nodeState('c-11', 2)], [], SIZE);
    expect(renamed.geometry).not.toBe(before.geometry);
    expect(renamed.nodes.map((n) => n.name)).toEqual(['a', 'b', 'c-11']);
    const bigger = layoutClusterMap([...nodes.slice(0, 2), nodeState('c-11', 4)], [], SIZE);
    expect(bigger.geometry).not.toBe(renamed.geometry);
    expect(bigger.cells).toHaveLength(16);
  });

  it('base plus session layers are the full paint, in the same order', () => {
    const layout = layoutClusterMap(nodes, session2, SIZE, { jobs });
    const colourOf = queueColourScale(['q1', 'q2'], theme);
    const full = paintClusterMap(layout, theme, colourOf, { selectedJob: 'j2' });
    const layered = [
      ...paintClusterBase(layout, theme),
      ...paintClusterMap(layout, theme, colourOf, { selectedJob: 'j2' }, 'session'),
    ];
    expect(layered).toEqual(full);
    expect(full.some((op) => op.op === 'rect' && op.fill === theme.idleCell)).toBe(true);
  });
});
