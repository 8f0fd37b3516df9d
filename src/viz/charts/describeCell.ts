/**
 * Words for what lies under the pointer or the keyboard focus on the cluster map.
 */
import { formatNumber, formatSpan, formatTime } from '../layouts/formatSpan';
import type { CellProtection, CellState, ClusterHit, SegmentState } from '../layouts/layoutClusterMap';
import { plural } from '../../common/plural';

/** What the cluster map reports on hover and keyboard focus. */
export interface ClusterHoverInfo {
  node: string;
  /** GPU device index, or null when over the node frame or its bars. */
  device: number | null;
  task: string | null;
  job: string | null;
  queue: string | null;
  state: CellState | SegmentState | null;
  /** The task's share of the device. */
  share: number | null;
  protection: CellProtection | null;
}

/** The hover report for a hit. */
export function hoverInfo(hit: ClusterHit): ClusterHoverInfo {
  const g = hit.segment;
  return {
    node: hit.node.name,
    device: hit.cell?.index ?? null,
    task: g?.task ?? null,
    job: g?.job ?? null,
    queue: g?.queue ?? null,
    state: g?.state ?? hit.cell?.state ?? null,
    share: g?.share ?? null,
    protection: g?.protection ?? null,
  };
}

/** Tooltip lines for a hit (first line is the title). */
export function describeHit(hit: ClusterHit): string[] {
  const lines: string[] = [];
  const { node, cell, segment } = hit;
  lines.push(cell === null ? node.name : `${node.name} · GPU ${cell.index}`);
  if (cell === null) {
    for (const b of node.bars) lines.push(b.text);
    if (node.gpulessTasks > 0) lines.push(`${plural(node.gpulessTasks, 'task')} without GPUs`);
    return lines;
  }
  if (cell.reservedFor !== null)
    lines.push(`reserved for ${cell.reservedFor} during the session (released when it closed)`);
  if (segment === null) {
    if (cell.segments.length === 0 && cell.reservedFor === null) lines.push('idle');
    for (const g of cell.segments) lines.push(`${g.task} (${g.state}, ${formatNumber(g.share)} GPU)`);
    return lines;
  }
  lines.push(`task ${segment.task}`);
  lines.push(`job ${segment.job}${segment.queue === null ? '' : ` · queue ${segment.queue}`}`);
  lines.push(`${segment.state}${segment.share < 1 ? ` · ${formatNumber(segment.share)} of the device` : ''}`);
  const p = segment.protection;
  if (p !== null) {
    lines.push(
      `${p.kind} protection: ${formatSpan(p.remainingMs)} left of ${formatSpan(p.durationMs)} (until ${formatTime(p.untilMs)})`,
    );
  }
  for (const g of cell.segments)
    if (g !== segment) lines.push(`also: ${g.task} (${g.state}, ${formatNumber(g.share)})`);
  return lines;
}
