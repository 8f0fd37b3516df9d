/**
 * Export of the cluster map from the same inputs as the `ClusterMap` component: the layout and paint
 * operations are rebuilt, so the file matches the screen without reading back the canvas.
 */
import type { JobState, NodeState, QueueState, TaskState } from '../../engine/model/snapshot';
import { paintClusterMap, type ClusterEmphasis } from '../charts/paintClusterMap';
import { drawPaintOps, paintOpsToSvg } from '../charts/paintOps';
import { layoutClusterMap, type ClusterMapOptions } from '../layouts/layoutClusterMap';
import { leafQueueNames, queueColourScale } from '../layouts/queueColour';
import type { VizTheme } from '../theme';
import type { ExportFormat } from './exportQueueTree';
import { canvasToBlob, createScaledCanvas } from './rasterize';

/** What to export (the `ClusterMap` props that affect the picture). */
export interface ClusterMapExportInput {
  nodes: readonly NodeState[];
  tasks: readonly TaskState[];
  jobs: readonly JobState[];
  queues: readonly QueueState[];
  width: number;
  height: number;
  theme: VizTheme;
  options?: Omit<ClusterMapOptions, 'jobs'>;
  emphasis?: ClusterEmphasis;
}

function build(input: ClusterMapExportInput) {
  const layout = layoutClusterMap(
    input.nodes,
    input.tasks,
    { width: input.width, height: input.height },
    {
      ...input.options,
      jobs: input.jobs,
    },
  );
  const colourOf = queueColourScale(leafQueueNames(input.queues), input.theme);
  return { layout, ops: paintClusterMap(layout, input.theme, colourOf, input.emphasis ?? {}) };
}

/** The cluster map as a standalone SVG document string. */
export function clusterMapSvgText(input: ClusterMapExportInput): string {
  const { layout, ops } = build(input);
  const { width, height } = layout;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<rect width="${width}" height="${height}" fill="${input.theme.background}"/>\n${paintOpsToSvg(ops)}\n</svg>\n`
  );
}

/** The cluster map as an SVG or PNG Blob. */
export async function exportClusterMap(
  input: ClusterMapExportInput,
  format: ExportFormat,
  scale = 2,
): Promise<Blob> {
  if (format === 'svg') return new Blob([clusterMapSvgText(input)], { type: 'image/svg+xml' });
  const { layout, ops } = build(input);
  const { canvas, ctx } = createScaledCanvas(layout.width, layout.height, scale);
  ctx.fillStyle = input.theme.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  drawPaintOps(ctx, ops);
  return canvasToBlob(canvas);
}
