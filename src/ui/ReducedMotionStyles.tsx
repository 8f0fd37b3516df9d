/**
 * The reader's "reduce motion" setting, honoured by the whole page. The diagrams already jump instead of
 * animating under it (useZoom, ClusterMap, LcaOverlay); MUI's own motion did not: dialogs faded, panels slid
 * and a button focused from the keyboard pulsed its focus ripple for as long as it kept the focus (an endless
 * CSS animation, 0.13 CPU-s per second of the renderer and compositor at rest, measured 2026-11-28).
 *
 * Under `prefers-reduced-motion: reduce` no transition runs (dialogs appear without their fade; MUI's
 * transitions end on their timeouts, not on `transitionend`), and MUI's ripples, the page's only decorative CSS
 * animations, end at once and run once: the focus ripple shows as a still ring. Indeterminate progress bars and
 * spinners keep moving: they are keyframe animations, which the transition rule does not touch, and one that
 * stood still would no longer say that work goes on (WCAG 2.3.3 exempts motion that is essential to the
 * information). A determinate bar's fill (the lesson's position, a load's or an import's share done) jumps to
 * its new value instead of gliding there over 400 ms: the value is the information, the glide is not. The
 * lesson bar's glide was the only motion left on a lesson step under reduced motion, about 24 frames of the
 * compositor after each step (decision 0381).
 *
 * The rules are shaped by what a style recalculation costs. The first version gave every element (and its
 * `::before` and `::after`) a 0.01 ms transition and animation: Blink then weighs a transition of every
 * property of every element on each recalculation, and a full recalculation of the stage (367 elements) took
 * 13-17 ms instead of 2-3. `transition: none` lets it skip transitions outright, and the animation rule now
 * matches the ripples only (decision 0374). Every lesson step of a reader who asks for reduced motion paid that.
 */
import GlobalStyles from '@mui/material/GlobalStyles';

/** Static, so emotion inserts the rules once, not on every render of the app. */
const STYLES = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
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
