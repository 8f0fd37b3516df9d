import { uiModuleOf } from '../profiles/uiRegistry';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { FlagIcon, ZoomInIcon, ZoomOutIcon, ZoomOutMapIcon } from '../../ui/icons';
import Button from '@mui/material/Button';
import { memo, useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useAxisZoom } from '../../viz/behaviours/useAxisZoom';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectCursor, selectCursorMarker, selectMarkers } from '../../store/runSlice';
import { selectSummary } from '../../store/scenarioSlice';
import { selectTimelineFlag } from '../../store/viewSlice';
import { useElementWidth } from '../../ui/useElementWidth';
import { formatInstant } from '../format/formatTime';
import { layoutTimeline, sessionAt, sessionX, type TimelineLayout } from './layoutTimeline';

const HEIGHT = 46;
/** The deepest zoom gives every session this many px (a run of thousands can be read session by session). */
const SESSION_PX_AT_MAX_ZOOM = 28;

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

/** The legend of the marks (this profile's among them); memoised: a step or a width change leaves it as it is. */
const TimelineLegend = memo(function TimelineLegend({ profile }: { profile: string | undefined }) {
  const sim = useTheme().palette.sim;
  return (
    <>
      <LegendKey color={sim.evict} label="eviction" shape="bar" />
      <LegendKey color={sim.pipeline} label="pipeline" shape="bar" />
      {uiModuleOf(profile).timelineLegend.map((entry) => (
        <LegendKey key={entry.label} color={sim[entry.color]} label={entry.label} shape={entry.shape} />
      ))}
    </>
  );
});

/** One zoom button; the span keeps its tooltip working while the button is disabled. */
function ZoomButton(props: {
  tip: string;
  label: string;
  testId: string;
  disabled: boolean;
  onClick: () => void;
  icon: ReactNode;
}) {
  return (
    <Tooltip title={props.tip}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          disabled={props.disabled}
          onClick={props.onClick}
          data-testid={props.testId}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The zoom buttons with their tooltips; memoised, and zooming around the cursor's x as it is when clicked, so
 * that a step re-renders none of them (the timeline re-rendered whole on every step and four times while a
 * scenario loaded: issue 22 item 6, decision 0373).
 */
const TimelineZoomButtons = memo(function TimelineZoomButtons({
  canZoomIn,
  isZoomed,
  zoomAroundCursor,
  reset,
}: {
  canZoomIn: boolean;
  isZoomed: boolean;
  zoomAroundCursor: (factor: number) => void;
  reset: () => void;
}) {
  return (
    <Box sx={{ display: 'inline-flex', mt: -0.5, mb: -0.5 }}>
      <ZoomButton
        tip="Zoom in around the cursor"
        label="Zoom the timeline in"
        testId="timeline.zoom-in"
        disabled={!canZoomIn}
        onClick={() => zoomAroundCursor(2)}
        icon={<ZoomInIcon fontSize="small" />}
      />
      <ZoomButton
        tip="Zoom out"
        label="Zoom the timeline out"
        testId="timeline.zoom-out"
        disabled={!isZoomed}
        onClick={() => zoomAroundCursor(0.5)}
        icon={<ZoomOutIcon fontSize="small" />}
      />
      <ZoomButton
        tip="The whole run"
        label="Show the whole run on the timeline"
        testId="timeline.zoom-reset"
        disabled={!isZoomed}
        onClick={reset}
        icon={<ZoomOutMapIcon fontSize="small" />}
      />
    </Box>
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
  const cursor = useAppStore(selectCursor);
  const cursorMarker = useAppStore(selectCursorMarker);
  const actions = useAppStore(selectActions);
  // Another view's labelled session (the Workshop's first divergence); drawn only if this run has it.
  const flag = useAppStore(selectTimelineFlag);
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const count = markers.length;
  const svgRef = useRef<SVGSVGElement | null>(null);
  const maxScale = Math.max(1, (count * SESSION_PX_AT_MAX_ZOOM) / Math.max(1, width - 20));
  const zoom = useAxisZoom(svgRef, { width, height: HEIGHT, maxScale });
  const view = zoom.transform;
  const isZoomed = view.k > 1;
  const layout = useMemo(() => layoutTimeline(markers, width, { view }), [markers, width, view]);
  const rangeHint = `${
    isZoomed
      ? `Sessions ${layout.firstVisible}–${layout.lastVisible} of ${count} · drag to pan, click to jump`
      : 'Click or drag to jump · wheel to zoom'
  } · E next eviction`;
  const isDragging = useRef(false);

  const seek = (event: { clientX: number; currentTarget: SVGSVGElement }) => {
    const rect = event.currentTarget.getBoundingClientRect();
    actions.setCursor(sessionAt(layout, event.clientX - rect.left, count));
  };

  // Zoomed in, the cursor's session stays on screen: stepping past an edge pans the strip to it (only
  // when the cursor moves, so a person can still pan away from it).
  const cursorX = count > 0 && cursor > 0 ? sessionX(layout, cursor) : null;
  const { panBy } = zoom;
  const followed = useRef(cursor);
  useEffect(() => {
    if (followed.current === cursor) return;
    followed.current = cursor;
    if (!isZoomed || cursorX === null) return;
    const margin = Math.min(40, width / 4);
    if (cursorX < margin || cursorX > width - margin) panBy(width / 2 - cursorX);
  }, [cursor, isZoomed, cursorX, width, panBy]);

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    // Page keys move by a tenth of the run; arrows, Home and End are the global shortcuts.
    const jump = Math.max(1, Math.round(count / 10));
    if (event.key === 'PageUp') actions.setCursor(cursor - jump);
    else if (event.key === 'PageDown') actions.setCursor(cursor + jump);
    else return;
    event.preventDefault();
  };

  const zoomCentre = useRef(0);
  zoomCentre.current = cursorX ?? width / 2;
  const { zoomBy } = zoom;
  const zoomAroundCursor = useCallback((factor: number) => zoomBy(factor, zoomCentre.current), [zoomBy]);

  const flagX = flag !== null && flag.session <= count ? sessionX(layout, flag.session) : null;
  const flagShown = flagX !== null && flagX >= 0 && flagX <= width;
  const mid = HEIGHT / 2;
  return (
    <Box sx={{ px: 1.5, pb: 0.75 }}>
      <Box ref={containerRef} sx={{ width: '100%' }}>
        <svg
          ref={svgRef}
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
          data-zoom={view.k.toFixed(2)}
          data-first-visible={layout.firstVisible}
          data-last-visible={layout.lastVisible}
          style={{
            display: 'block',
            cursor: count === 0 ? 'default' : isZoomed ? 'grab' : 'pointer',
            touchAction: 'none',
          }}
          onPointerDown={(event) => {
            // Zoomed in, a drag pans (d3-zoom) and a click seeks (below).
            if (count === 0 || isZoomed) return;
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
          onClick={(event) => {
            // d3-zoom swallows the click that ends a pan, so this is a click in place.
            if (isZoomed && count > 0) seek(event);
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
          {cursorX !== null && (
            // Under the marks: the cursor never hides the eviction or pipeline of its own session.
            <line
              x1={cursorX}
              x2={cursorX}
              y1={0}
              y2={HEIGHT}
              stroke={sim.cursor}
              strokeWidth={2}
              opacity={0.6}
              pointerEvents="none"
            />
          )}
          <TimelineTicks layout={layout} />
          {flag !== null && flagX !== null && flagShown && (
            <g data-testid="timeline.flag" data-session={flag.session}>
              <title>{flag.label}</title>
              <line
                x1={flagX}
                x2={flagX}
                y1={0}
                y2={HEIGHT}
                stroke={sim.unprotected}
                strokeWidth={2}
                strokeDasharray="4 2"
              />
              <path d={`M${flagX},0 h9 l-3,4 l3,4 h-9 z`} fill={sim.unprotected} />
            </g>
          )}
          {cursorX !== null && (
            <circle
              cx={cursorX}
              cy={mid}
              r={7}
              fill="none"
              stroke={sim.cursor}
              strokeWidth={2.5}
              pointerEvents="none"
              data-testid="timeline.cursor"
            />
          )}
        </svg>
      </Box>
      {/* One line: beside the side panel (decision 0302) the row is ~880 px at 1280x720, and a second line at
          the largest text took its height from the stage. The hint gives way (ellipsis, whole in its title). */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2.5,
          mt: 0.25,
          color: 'text.secondary',
          '& > *': { flexShrink: 0, whiteSpace: 'nowrap' },
        }}
      >
        {/* The legend names the marks this profile makes (its UI module lists them). */}
        <TimelineLegend profile={summary?.profile} />
        {flag !== null && flag.session <= count && (
          <Button
            size="small"
            variant="text"
            color="inherit"
            startIcon={<FlagIcon sx={{ color: sim.unprotected }} />}
            onClick={() => actions.setCursor(flag.session)}
            title={`Go to session ${flag.session}`}
            sx={{ textTransform: 'none', minWidth: 0, py: 0, fontWeight: 400, ml: 'auto' }}
            data-testid="timeline.flag-button"
          >
            {flag.label}
          </Button>
        )}
        <Typography
          variant="body2"
          noWrap
          title={rangeHint}
          sx={{
            ml: flag !== null && flag.session <= count ? 0 : 'auto',
            minWidth: 0,
            flexShrink: '1 !important',
          }}
          data-testid="timeline.range"
        >
          {isZoomed
            ? `Sessions ${layout.firstVisible}–${layout.lastVisible} of ${count} · drag to pan, click to jump`
            : 'Click or drag to jump · wheel to zoom'}{' '}
          · <b>E</b> next eviction
        </Typography>
        <TimelineZoomButtons
          canZoomIn={count > 0 && view.k < maxScale}
          isZoomed={isZoomed}
          zoomAroundCursor={zoomAroundCursor}
          reset={zoom.reset}
        />
      </Box>
    </Box>
  );
}
