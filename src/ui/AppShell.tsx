import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface AppShellProps {
  header: ReactNode;
  /** Errors and notices above the controls (crash, invalid scenario). */
  banner?: ReactNode;
  controls: ReactNode;
  main: ReactNode;
  side: ReactNode;
  sideLabel: string;
  /** Closing the side panel gives the main view the full width (projectors at large text sizes). */
  isSideOpen?: boolean;
  /** The side panel's width as a CSS length; `SIDE_WIDTH` unless a lesson question needs more (0317). */
  sideWidth?: string;
}

/** The side panel's usual width: readable at 1280 px, not shrinking with the window nor taking a wide one. */
export const SIDE_WIDTH = 'clamp(360px, 31vw, 560px)';

/** The side panel `factor` times its usual width (a larger text size keeps its lines' length in characters). */
export function sideWidthTimes(factor: number): string {
  return `calc(${SIDE_WIDTH} * ${factor})`;
}

/** The main view's width beside a side panel of the usual width (the stage keeps its tree that wide). */
const MAIN_WIDTH_BESIDE_SIDE = `(100vw - ${SIDE_WIDTH})`;

/** The stage's tree column beside a side panel of the usual width: 5 of the stage's 8 columns. */
export const TREE_WIDTH_BESIDE_SIDE = `(${MAIN_WIDTH_BESIDE_SIDE} * 5 / 8)`;

/** Width of the stage's folded map/decision column (its button that brings them back). */
export const STAGE_RAIL_WIDTH = '44px';

/**
 * The page grid: header, banner and controls span the width; below them the main view scrolls on the left
 * and the details panel on the right. Sized for a 1280x720 projector upwards; the side panel keeps a
 * readable width instead of shrinking with the window.
 */
export function AppShell({
  header,
  banner,
  controls,
  main,
  side,
  sideLabel,
  isSideOpen = true,
  sideWidth = SIDE_WIDTH,
}: AppShellProps) {
  return (
    <Box
      sx={{
        height: '100vh',
        display: 'grid',
        gridTemplateRows: 'auto auto auto minmax(0, 1fr)',
        gridTemplateColumns: isSideOpen ? `minmax(0, 1fr) ${sideWidth}` : 'minmax(0, 1fr)',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>{header}</Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{banner}</Box>
      {/* The controls sit over the main view only: the side panel takes the height beside them, which a
          lesson's step and question need at 1280x720 (134 px more; decision 0302). */}
      <Box sx={{ gridColumn: '1', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        {controls}
      </Box>
      <Box component="main" sx={{ minWidth: 0, minHeight: 0, overflow: 'auto' }}>
        {main}
      </Box>
      <Box
        component="aside"
        aria-label={sideLabel}
        hidden={!isSideOpen}
        sx={{
          display: isSideOpen ? 'block' : 'none',
          gridColumn: '2',
          gridRow: '3 / 5',
          minHeight: 0,
          // The panel's panes scroll on their own (the lesson stays in view beside the details).
          overflow: 'hidden',
          borderLeft: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {side}
      </Box>
    </Box>
  );
}
