/**
 * The reader's "reduce motion" setting, honoured by the whole page. The diagrams already jump instead of
 * animating under it (useZoom, ClusterMap, LcaOverlay); MUI's own motion did not: dialogs faded, panels slid
 * and a button focused from the keyboard pulsed its focus ripple for as long as it kept the focus (an endless
 * CSS animation, 0.13 CPU-s per second of the renderer and compositor at rest, measured 2026-11-28).
 *
 * Under `prefers-reduced-motion: reduce` every transition and animation ends at once (0.01 ms, so the
 * `transitionend` and `animationend` that MUI's transitions wait for still fire) and runs once: the focus
 * ripple shows as a still ring, a dialog appears without its fade. Progress indicators keep moving: an
 * indeterminate bar or spinner that stood still would no longer say that work goes on (WCAG 2.3.3 exempts
 * motion that is essential to the information).
 */
import GlobalStyles from '@mui/material/GlobalStyles';

/** What keeps its motion: MUI's progress indicators (the run's spinner, the load and import bars). */
const KEEPS_MOTION = [
  '.MuiCircularProgress-root',
  '.MuiCircularProgress-svg',
  '.MuiCircularProgress-circle',
  '.MuiLinearProgress-bar',
]
  .map((selector) => `:not(${selector})`)
  .join('');

/** Static, so emotion inserts the rule once, not on every render of the app. */
const STYLES = {
  '@media (prefers-reduced-motion: reduce)': {
    [`*${KEEPS_MOTION}, *${KEEPS_MOTION}::before, *${KEEPS_MOTION}::after`]: {
      animationDuration: '0.01ms !important',
      animationDelay: '0s !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important',
    },
  },
} as const;

export function ReducedMotionStyles() {
  return <GlobalStyles styles={STYLES} />;
}
