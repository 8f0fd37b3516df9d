/**
 * The min-runtime path's headline in a band below a compact queue tree (layout: `layoutLcaBand`). It sits
 * outside the zoomed layer, at the readable text size, so the class always sees the resolved duration.
 */
import type { LcaBandLayout } from '../layouts/layoutLcaBand';
import type { LcaPathGeometry } from '../layouts/layoutLcaPath';
import type { VizTheme } from '../theme';

/** Props of {@link LcaBand}. */
export interface LcaBandProps {
  band: LcaBandLayout;
  geometry: LcaPathGeometry;
  theme: VizTheme;
  /** Top edge in px. */
  y: number;
  width: number;
}

export function LcaBand({ band, geometry, theme, y, width }: LcaBandProps) {
  const isMuted = geometry.callout.tone === 'expired';
  return (
    <g data-lca-overlay="" data-testid="queue-tree.band" transform={`translate(0,${y})`} pointerEvents="none">
      <g role="note" aria-label={geometry.callout.lines.join('. ')}>
        <rect width={width} height={band.height} fill={theme.lca.labelBackground} />
        <line x1={0} x2={width} y1={1} y2={1} stroke={theme.lca.labelBorder} strokeWidth={2} />
        {band.lines.map((line, i) => (
          <text
            key={i}
            x={band.padX}
            y={band.padY + (i + 1) * band.lineHeight - band.lineHeight * 0.28}
            fontSize={band.fontSize}
            fontWeight={line.isHeadline ? 700 : 400}
            fill={line.isHeadline && !isMuted ? theme.lca.labelText : theme.textMuted}
          >
            {line.text}
          </text>
        ))}
      </g>
    </g>
  );
}
