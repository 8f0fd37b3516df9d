/**
 * Draws a min-runtime resolution (from `layoutLcaPath`) over the queue tree. The `under` layer holds the
 * two branches below the LCA (drawn beneath the cards); the `over` layer holds card outlines, role tags,
 * the walk arrows and the callouts.
 */
import {
  type LcaCallout,
  type LcaPathCard,
  type LcaPathGeometry,
  type LcaRole,
  type TagMetrics,
} from '../layouts/layoutLcaPath';
import type { VizTheme } from '../theme';

/**
 * How many times the walk's dashes march up the tree when it is drawn, then rest (the arrowheads keep the
 * direction). An endless march repainted the tree every frame: half a core of the renderer and a tenth of the
 * compositor's for as long as a path stayed on screen, on a teacher's laptop as in CI (decision 0370).
 */
const MARCHES = 3;

/** Props of {@link LcaOverlay}. */
export interface LcaOverlayProps {
  geometry: LcaPathGeometry;
  theme: VizTheme;
  layer: 'under' | 'over';
  /** Id of the arrowhead marker (unique per tree instance). */
  markerId: string;
  /** Disables the marching-ants animation of the walk (it runs {@link MARCHES} times otherwise). */
  reducedMotion?: boolean;
}

const LINE_HEIGHT = 15;
const FONT_SIZE = 11;

function roleColour(roles: readonly LcaRole[], theme: VizTheme): string {
  if (roles.includes('victim')) return theme.lca.victim;
  if (roles.includes('preemptor')) return theme.lca.preemptor;
  return theme.lca.walk;
}

function Outline({ card, theme, tag }: { card: LcaPathCard; theme: VizTheme; tag: TagMetrics }) {
  const isWalk = card.roles.some((r) => r === 'lca' || r === 'stepDown' || r === 'walk' || r === 'source');
  const isSide = card.roles.includes('victim') || card.roles.includes('preemptor');
  const isSource = card.roles.includes('source');
  return (
    <g transform={`translate(${card.x},${card.y})`} data-lca-card={card.name}>
      {isSide && (
        <rect
          x={-4}
          y={-4}
          width={card.width + 8}
          height={card.height + 8}
          rx={7}
          fill="none"
          stroke={roleColour(card.roles, theme)}
          strokeWidth={2.5}
        />
      )}
      {isWalk && (
        <rect
          x={-1}
          y={-1}
          width={card.width + 2}
          height={card.height + 2}
          rx={5}
          fill="none"
          stroke={isSource ? theme.lca.source : theme.lca.walk}
          strokeWidth={isSource ? 3 : 1.5}
          strokeDasharray={isSource ? undefined : '4 2'}
        />
      )}
      {card.tag !== '' && (
        <g transform={`translate(0,${-tag.offset})`}>
          <rect
            width={card.tagWidth}
            height={tag.height}
            rx={tag.height / 2}
            fill={roleColour(card.roles, theme)}
          />
          <text
            x={tag.pad}
            y={tag.height / 2 + tag.fontSize * 0.35}
            fontSize={tag.fontSize}
            fontWeight={600}
            fill={theme.surface}
          >
            {card.tag}
          </text>
        </g>
      )}
    </g>
  );
}

function Callout({
  callout,
  theme,
  border,
  isMuted,
  boldFirst,
}: {
  callout: LcaCallout;
  theme: VizTheme;
  border: string;
  isMuted: boolean;
  boldFirst: boolean;
}) {
  const { x, y, width, height, leader } = callout;
  return (
    <g>
      <line x1={leader.x1} y1={leader.y1} x2={leader.x2} y2={leader.y2} stroke={border} strokeWidth={1.5} />
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={4}
        fill={theme.lca.labelBackground}
        stroke={border}
        strokeWidth={1.5}
        opacity={0.97}
      />
      {callout.lines.map((line, i) => (
        <text
          key={i}
          x={x + 8}
          y={y + 4 + (i + 1) * LINE_HEIGHT - 3}
          fontSize={FONT_SIZE}
          fontWeight={boldFirst && i === 0 ? 700 : 400}
          fill={isMuted || i > 0 ? theme.textMuted : theme.lca.labelText}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

/** The LCA overlay (render once per layer inside the zoomed layer of the queue tree). */
export function LcaOverlay({ geometry, theme, layer, markerId, reducedMotion = false }: LcaOverlayProps) {
  if (layer === 'under') {
    return (
      <g aria-hidden="true" pointerEvents="none">
        {geometry.edges
          .filter((e) => e.kind !== 'walk')
          .map((e) => (
            <path
              key={`${e.kind}:${e.from}>${e.to}`}
              d={e.path}
              fill="none"
              stroke={e.kind === 'preemptor' ? theme.lca.preemptor : theme.lca.victim}
              strokeWidth={3}
              strokeDasharray={e.kind === 'preemptor' ? '6 3' : undefined}
              strokeLinecap="round"
            />
          ))}
      </g>
    );
  }
  const c = geometry.callout;
  return (
    <g pointerEvents="none" data-lca-overlay="">
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 10 10"
          refX={8}
          refY={5}
          markerWidth={7}
          markerHeight={7}
          orient="auto"
        >
          <path d="M0,0L10,5L0,10z" fill={theme.lca.walk} />
        </marker>
        {!reducedMotion && <style>{`@keyframes ${markerId}-march { to { stroke-dashoffset: -12; } }`}</style>}
      </defs>
      {geometry.cards.map((c) => (
        <Outline key={c.name} card={c} theme={theme} tag={geometry.tagMetrics} />
      ))}
      {geometry.edges
        .filter((e) => e.kind === 'walk')
        .map((e) => (
          <path
            key={`walk:${e.from}>${e.to}`}
            d={e.path}
            fill="none"
            stroke={theme.lca.walk}
            strokeWidth={2.5}
            strokeDasharray="8 4"
            markerEnd={`url(#${markerId})`}
            style={reducedMotion ? undefined : { animation: `${markerId}-march 0.8s linear ${MARCHES}` }}
          />
        ))}
      {geometry.leveled.map((l) => (
        <Callout
          key={l.side}
          callout={l}
          theme={theme}
          border={l.side === 'reclaimer' ? theme.lca.preemptor : theme.lca.victim}
          isMuted={false}
          boldFirst
        />
      ))}
      {geometry.calloutsInTree && (
        <g role="note" aria-label={c.lines.join('. ')}>
          <Callout
            callout={c}
            theme={theme}
            border={theme.lca.labelBorder}
            isMuted={c.tone === 'expired'}
            boldFirst
          />
        </g>
      )}
    </g>
  );
}
