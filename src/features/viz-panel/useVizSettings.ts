/** The store's theme mode as viz tokens, and the reader's reduced-motion preference. */
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectFontScale, selectIsPresenting, selectThemeMode } from '../../store/viewSlice';
import { vizTheme, type VizTheme } from '../../viz/theme';

export function useVizTheme(): VizTheme {
  return vizTheme(useAppStore(selectThemeMode));
}

/** Diagram text at the default text size (px on screen); the text-size setting multiplies it. */
const BASE_TEXT_PX = 11;
/** Presenter mode enlarges every diagram's text again, for the back of a room. */
const PRESENTER_FACTOR = 1.1;
/**
 * ...and never below the projector size (14 px; 14.3, the stage's size at the largest setting, so
 * float rounding of the zoom never lands under 14), whatever the text-size setting: at the default
 * setting x1.1 gave 12.1 px, which the screenshots showed unreadable from the last row (decision 0081).
 */
const PRESENTER_MIN_PX = 14.3;

/**
 * The smallest text a diagram may show on screen (px): 11 px at the default text size, 14.3 px at the
 * largest (x1.3), more in presenter mode (at least 14 px there). Charts zoom or size their labels so none is smaller.
 */
export function useVizTextPx(): number {
  const scale = useAppStore(selectFontScale);
  const isPresenting = useAppStore(selectIsPresenting);
  const px = Math.round(BASE_TEXT_PX * scale * (isPresenting ? PRESENTER_FACTOR : 1) * 10) / 10;
  return isPresenting ? Math.max(PRESENTER_MIN_PX, px) : px;
}

/** True when the operating system asks for less motion (transitions then jump). */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
}
