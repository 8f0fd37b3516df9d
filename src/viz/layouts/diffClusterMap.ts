/**
 * What changed on the cluster map between two sessions, for brief transitions: new placements, evictions
 * (a task turning Releasing), vacated devices (a task gone: completed or released) and protection running
 * out on a task that keeps running.
 */
import type { CellSegment, ClusterMapLayout } from './layoutClusterMap';

/** Kind of change on one segment. */
export type CellChangeKind = 'placed' | 'evicted' | 'vacated' | 'protectionEnded';

/** One change, with the geometry to animate (from the new layout, or the old one for `vacated`). */
export interface CellChange {
  kind: CellChangeKind;
  cell: string;
  task: string;
  job: string;
  queue: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when both layouts put every node and cell in the same place. */
export function isSameGrid(a: ClusterMapLayout, b: ClusterMapLayout): boolean {
  if (a.cellSize !== b.cellSize || a.columns !== b.columns || a.originX !== b.originX) return false;
  if (a.nodes.length !== b.nodes.length || a.cellsPerRow !== b.cellsPerRow) return false;
  for (let i = 0; i < a.nodes.length; i++) {
    const na = a.nodes[i];
    const nb = b.nodes[i];
    if (na === undefined || nb === undefined || na.name !== nb.name || na.gpuDevices !== nb.gpuDevices)
      return false;
  }
  return true;
}

function change(kind: CellChangeKind, cell: string, g: CellSegment): CellChange {
  return {
    kind,
    cell,
    task: g.task,
    job: g.job,
    queue: g.queue,
    x: g.x,
    y: g.y,
    width: g.width,
    height: g.height,
  };
}

/**
 * Changes from `prev` to `next`. Returns nothing when the grids differ (a resize or a node added), since
 * the old geometry would then point at the wrong place.
 */
export function diffClusterMap(prev: ClusterMapLayout | null, next: ClusterMapLayout): CellChange[] {
  if (prev === null || !isSameGrid(prev, next)) return [];
  const out: CellChange[] = [];
  const before = new Map<string, CellSegment>();
  for (const c of prev.cells) for (const g of c.segments) before.set(`${c.key}|${g.task}`, g);
  const seen = new Set<string>();
  for (const c of next.cells) {
    for (const g of c.segments) {
      const id = `${c.key}|${g.task}`;
      seen.add(id);
      const old = before.get(id);
      if (old === undefined) {
        if (g.state !== 'releasing') out.push(change('placed', c.key, g));
      } else if (old.state === 'pipelined' && g.state === 'running') {
        out.push(change('placed', c.key, g));
      } else if (old.state !== 'releasing' && g.state === 'releasing') {
        out.push(change('evicted', c.key, g));
      } else if (old.protection !== null && g.protection === null && g.state === 'running') {
        out.push(change('protectionEnded', c.key, g));
      }
    }
  }
  for (const c of prev.cells) {
    for (const g of c.segments) if (!seen.has(`${c.key}|${g.task}`)) out.push(change('vacated', c.key, g));
  }
  return out;
}
