import { describe, expect, it } from 'vitest';
import { layoutClusterMap } from '../layouts/layoutClusterMap';
import { leafQueueNames, queueColourScale } from '../layouts/queueColour';
import { nodeState, syntheticCluster, taskState } from '../testing/vizFixtures';
import { LIGHT_VIZ_THEME as theme } from '../theme';
import { drawClusterSession, paintClusterMap, type ClusterEmphasis } from './paintClusterMap';
import { recordingContext } from '../testing/recordingContext';
import { drawPaintOps } from './paintOps';

// Decision 0334: the screen draws the session straight from the layout's arrays; it must make exactly the
// canvas calls that drawing the export's op list makes.
describe('drawClusterSession', () => {
  const { nodes, tasks, jobs, queues } = syntheticCluster(40, 8, 6, 3);
  // cpu/memory bars on one node, a releasing share under a pipelined one, and a reservation.
  nodes[0] = nodeState(nodes[0]!.name, 8, {
    capacity: { gpu: 8, cpu: 64, memory: 2 ** 38, pods: Infinity },
    used: { gpu: 2, cpu: 20, memory: 2 ** 36, pods: 0 },
    releasing: { gpu: 0, cpu: 8, memory: 0, pods: 0 },
  });
  const more = [
    ...tasks,
    taskState('late-0', jobs[0]!.name, 'Releasing', nodes[1]!.name, { 7: 1 }),
    taskState('late-1', jobs[1]!.name, 'Pipelined', nodes[1]!.name, { 7: 1 }),
  ];
  const reservations = [{ job: jobs[2]!.name, task: 'r-0', node: nodes[2]!.name, gpu: 2 }];
  const colourOf = queueColourScale(leafQueueNames(queues), theme);
  const cases: [string, ClusterEmphasis, number][] = [
    ['no emphasis, large cells', {}, 36],
    ['a selected job and node', { selectedJob: jobs[4]!.name, highlightedNode: nodes[3]!.name }, 36],
    ['highlighted queues, small cells', { highlightedQueues: new Set(['team-1', 'team-2']) }, 9],
  ];
  it.each(cases)('%s', (_, emphasis, maxCellSize) => {
    const layout = layoutClusterMap(
      nodes,
      more,
      { width: 1280, height: 2000 },
      {
        jobs,
        cursorMs: 20_000,
        reservations,
        maxCellSize,
      },
    );
    const fromOps = recordingContext();
    drawPaintOps(fromOps, paintClusterMap(layout, theme, colourOf, emphasis, 'session'));
    const direct = recordingContext();
    drawClusterSession(direct, layout, theme, colourOf, emphasis);
    expect(direct.log.length).toBeGreaterThan(500);
    for (const call of ['arc(', 'lineTo(', 'setLineDash([[2,2]])'])
      expect(direct.log.some((l) => l.startsWith(call))).toBe(
        maxCellSize > 12 || !call.startsWith('setLineDash'),
      );
    expect(direct.log).toEqual(fromOps.log);
    expect(direct.globalAlpha).toBe(1);
  });
});
