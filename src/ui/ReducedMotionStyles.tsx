/**
 * The reader's "reduce motion" setting, honoured by the whole page. The diagrams already jump instead of
 * animating under it (useZoom, ClusterMap, LcaOverlay); MUI's own motion did not: dialogs faded, panels slid
 * and a button focused from the keyboard pulsed its focus ripple for as long as it kept the focus (an endless
 * CSS animation, 0.13 CPU-s per second of the renderer and compositor at rest, measured 2026-11-28).
 *
 * Under `prefers-reduced-motion: reduce` no transition runs (dialogs appear without their fade; MUI's
 * transitions end on their timeouts, not on `transitionend`), and MUI's ripples, the page's only decorative CSS
 * animations, end at once and run once: the focus ripple shows as a still ring. Progress indicators keep
 * moving: an indeterminate bar or spinner that stood still would no longer say that work goes on (WCAG 2.3.3
 * exempts motion that is essential to the information), nor do their determinate fills' glides.
 *
 * The rules are shaped by what a style recalculation costs. The first version gave every element (and its
 * `::before` and `::after`) a 0.01 ms transition and animation: Blink then weighs a transition of every
 * property of every element on each recalculation, and a full recalculation of the stage (367 elements) took
 * 13-17 ms instead of 2-3. `transition: none` lets it skip transitions outright, and the animation rule now
 * matches the ripples only (decision 0374). Every lesson step of a reader who asks for reduced motion paid that.
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

/** Static, so emotion inserts the rules once, not on every render of the app. */
const STYLES = {
  '@media (prefers-reduced-motion: reduce)': {
    [`*${KEEPS_MOTION}, *${KEEPS_MOTION}::before, *${KEEPS_MOTION}::after`]: {
      transition: 'none !important',
      scrollBehavior: 'auto !important',
    },
    // The ripple of a pressed or keyboard-focused button (MUI's TouchRipple: enter, exit and the focus pulse).
    '.MuiTouchRipple-root, .MuiTouchRipple-root *': {
      animationDuration: '0.01ms !important',
      animationDelay: '0s !important',
      animationIterationCount: '1 !important',
    },
  },
} as const;

export function ReducedMotionStyles() {
  return <GlobalStyles styles={STYLES} />;
}
