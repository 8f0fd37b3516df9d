import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { memo, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectCursor, selectCursorMarker, selectMarkers } from '../../store/runSlice';
import { selectSummary } from '../../store/scenarioSlice';
import { useElementWidth } from '../../ui/useElementWidth';
import { formatInstant } from '../format/formatTime';
import { layoutTimeline, sessionAt, sessionX, type TimelineLayout } from './layoutTimeline';

const HEIGHT = 46;

function LegendKey({
  color,
  label,
  shape,
}: {
  color: string;
  label: string;
  shape: 'bar' | 'dot' | 'diamond' | 'triangle';
}) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        aria-hidden
        sx={{
          width: shape === 'bar' ? 4 : 8,
          height: shape === 'bar' ? 14 : 8,
          borderRadius: shape === 'dot' ? '50%' : 0.5,
          bgcolor: color,
          ...(shape === 'diamond' ? { transform: 'rotate(45deg)' } : {}),
          ...(shape === 'triangle' ? { clipPath: 'polygon(0 0, 100% 0, 50% 100%)', width: 10 } : {}),
        }}
      />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}

/** The event ticks; memoised because only the cursor moves from step to step. */
const TimelineTicks = memo(function TimelineTicks({ layout }: { layout: TimelineLayout }) {
  const theme = useTheme();
  const sim = theme.palette.sim;
  const mid = HEIGHT / 2;
  return (
    <g>
      {layout.ticks.map((tick) => {
        const w = Math.max(2, Math.min(tick.width - 1, 8));
        const x = tick.x + tick.width / 2 - w / 2;
        return (
          <g key={tick.firstSession} data-session={tick.firstSession}>
            <title>
              {tick.firstSession === tick.lastSession
                ? `Session ${tick.firstSession}`
                : `Sessions ${tick.firstSession}–${tick.lastSession}`}
              {tick.evictions > 0 ? ` · ${tick.evictions} evicted` : ''}
              {tick.pipelines > 0 ? ` · ${tick.pipelines} pipelined` : ''}
              {tick.protectionChanges > 0 ? ` · ${tick.protectionChanges} protection changes` : ''}
              {tick.enqueued > 0 ? ` · ${tick.enqueued} enqueued (Pending → Inqueue)` : ''}
              {tick.slaExpired.length > 0 ? ` · SLA expired: ${tick.slaExpired.join(', ')}` : ''}
            </title>
            {/* An invisible full-height hit area so that every session shows its title on hover. */}
            <rect x={tick.x} y={0} width={tick.width} height={HEIGHT} fill="transparent" />
            <rect x={x} y={mid - 3} width={w} height={6} fill={theme.palette.text.disabled} opacity={0.5} />
            {tick.evictions > 0 && (
              <rect x={x} y={4} width={w} height={mid - 6} fill={sim.evict} data-kind="eviction" />
            )}
            {tick.pipelines > 0 && (
              <rect x={x} y={mid + 2} width={w} height={mid - 12} fill={sim.pipeline} data-kind="pipeline" />
            )}
            {tick.protectionChanges > 0 && (
              <circle
                cx={tick.x + tick.width / 2}
                cy={HEIGHT - 5}
                r={3.5}
                fill={sim.protected}
                data-kind="protection"
              />
            )}
            {tick.enqueued > 0 && (
              <path d={`M${tick.x + tick.width / 2 - 4},0 h8 l-4,6 z`} fill={sim.bind} data-kind="enqueue" />
            )}
            {tick.slaExpired.length > 0 && (
              <rect
                x={tick.x + tick.width / 2 - 3}
                y={HEIGHT - 8}
                width={6}
                height={6}
                transform={`rotate(45 ${tick.x + tick.width / 2} ${HEIGHT - 5})`}
                fill={sim.unprotected}
                data-kind="sla-expiry"
              />
            )}
          </g>
        );
      })}
    </g>
  );
});

/**
 * The scrubber: one tick per session (binned for long runs) marking evictions, pipelines and protection
 * changes; click or drag to move the cursor. Keyboard users get a slider with the same keys as the app.
 */
export function Timeline() {
  const theme = useTheme();
  const sim = theme.palette.sim;
  const markers = useAppStore(selectMarkers);
  const summary = useAppStore(selectSummary);
  // The legend names the marks this profile makes (min-runtime protection is KAI's).
  const isKai = summary === null || summary.profile === 'kai';
  const cursor = useAppStore(selectCursor);
  const cursorMarker = useAppStore(selectCursorMarker);
  const actions = useAppStore(selectActions);
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const layout = useMemo(() => layoutTimeline(markers, width), [markers, width]);
  const isDragging = useRef(false);
  const count = markers.length;

  const seek = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    actions.setCursor(sessionAt(layout, event.clientX - rect.left, count));
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    // Page keys move by a tenth of the run; arrows, Home and End are the global shortcuts.
    const jump = Math.max(1, Math.round(count / 10));
    if (event.key === 'PageUp') actions.setCursor(cursor - jump);
    else if (event.key === 'PageDown') actions.setCursor(cursor + jump);
    else return;
    event.preventDefault();
  };

  const mid = HEIGHT / 2;
  return (
    <Box sx={{ px: 1.5, pb: 0.75 }}>
      <Box ref={containerRef} sx={{ width: '100%' }}>
        <svg
          width={width}
          height={HEIGHT}
          role="slider"
          tabIndex={0}
          aria-label="Session timeline"
          aria-valuemin={count === 0 ? 0 : 1}
          aria-valuemax={count}
          aria-valuenow={cursor}
          aria-valuetext={
            cursorMarker === null
              ? 'No session'
              : `Session ${cursor} of ${count}, ${formatInstant(cursorMarker.timeMs)}`
          }
          data-testid="timeline"
          style={{ display: 'block', cursor: count > 0 ? 'pointer' : 'default', touchAction: 'none' }}
          onPointerDown={(event) => {
            if (count === 0) return;
            isDragging.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            seek(event);
          }}
          onPointerMove={(event) => {
            if (isDragging.current) seek(event);
          }}
          onPointerUp={() => {
            isDragging.current = false;
          }}
          onKeyDown={onKeyDown}
        >
          <line
            x1={layout.padding}
            x2={width - layout.padding}
            y1={mid}
            y2={mid}
            stroke={theme.palette.divider}
            strokeWidth={2}
          />
          <TimelineTicks layout={layout} />
          {count > 0 && cursor > 0 && (
            <g pointerEvents="none">
              <line
                x1={sessionX(layout, cursor)}
                x2={sessionX(layout, cursor)}
                y1={0}
                y2={HEIGHT}
                stroke={sim.cursor}
                strokeWidth={2}
              />
              <circle
                cx={sessionX(layout, cursor)}
                cy={mid}
                r={6}
                fill={theme.palette.background.paper}
                stroke={sim.cursor}
                strokeWidth={2}
              />
            </g>
          )}
        </svg>
      </Box>
      <Box sx={{ display: 'flex', gap: 2.5, mt: 0.25, color: 'text.secondary' }}>
        <LegendKey color={sim.evict} label="eviction" shape="bar" />
        <LegendKey color={sim.pipeline} label="pipeline" shape="bar" />
        {isKai ? (
          <LegendKey color={sim.protected} label="protection starts or ends" shape="dot" />
        ) : (
          <>
            <LegendKey color={sim.bind} label="enqueued" shape="triangle" />
            <LegendKey color={sim.unprotected} label="SLA expired" shape="diamond" />
          </>
        )}
        <Typography variant="body2" sx={{ ml: 'auto' }}>
          Click or drag to jump · <b>E</b> next eviction
        </Typography>
      </Box>
    </Box>
  );
}
