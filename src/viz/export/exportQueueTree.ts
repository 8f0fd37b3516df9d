/**
 * Export of the queue tree (the whole tree, whatever the current zoom).
 */
import type { VizTheme } from '../theme';
import { svgTextToPng } from './rasterize';
import { serializeSvg } from './serializeSvg';

/** Export format. */
export type ExportFormat = 'svg' | 'png';

/** The tree behind `svg` (the `svgRef` of `QueueTree`) as an SVG or PNG Blob. */
export async function exportQueueTree(
  svg: SVGSVGElement,
  format: ExportFormat,
  theme: VizTheme,
  scale = 2,
): Promise<Blob> {
  const s = serializeSvg(svg, { background: theme.background });
  if (format === 'svg') return new Blob([s.text], { type: 'image/svg+xml' });
  return svgTextToPng(s.text, s.width, s.height, scale);
}
