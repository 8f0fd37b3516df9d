/** The store's theme mode as viz tokens, and the reader's reduced-motion preference. */
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectThemeMode } from '../../store/viewSlice';
import { vizTheme, type VizTheme } from '../../viz/theme';

export function useVizTheme(): VizTheme {
  return vizTheme(useAppStore(selectThemeMode));
}

/** True when the operating system asks for less motion (transitions then jump). */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
}
