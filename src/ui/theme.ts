/**
 * The app theme. Workshops are projected, so the base type is larger than MUI's default (16 px body,
 * scaled further by `fontScale`), and every colour used for text meets WCAG AA on its background.
 */
import { createTheme, type Theme } from '@mui/material/styles';

/** Colours for scheduling events, used by the timeline, the decision log and the jobs table. */
export interface SimColors {
  bind: string;
  pipeline: string;
  evict: string;
  complete: string;
  protected: string;
  unprotected: string;
  pending: string;
  cursor: string;
  /** Row/element highlight for the selected job. */
  selection: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    sim: SimColors;
  }
  interface PaletteOptions {
    sim?: SimColors;
  }
}

const LIGHT: SimColors = {
  bind: '#1b6e2c',
  pipeline: '#0b57a4',
  evict: '#b3261e',
  complete: '#5f6368',
  protected: '#6a3fb5',
  unprotected: '#8a4b00',
  pending: '#7a5c00',
  cursor: '#1f1f1f',
  selection: 'rgba(11, 87, 164, 0.14)',
};

const DARK: SimColors = {
  bind: '#7fd88f',
  pipeline: '#8ec5ff',
  evict: '#ffb4ab',
  complete: '#bdc1c6',
  protected: '#d0bcff',
  unprotected: '#ffb870',
  pending: '#f2cf66',
  cursor: '#f1f1f1',
  selection: 'rgba(142, 197, 255, 0.2)',
};

/** `rem × scale` as a CSS size, rounded to 1/1000 rem (no float noise in the style sheet). */
const scaledRem = (rem: number, scale: number): string => `${Math.round(rem * scale * 1000) / 1000}rem`;

export function createAppTheme(mode: 'light' | 'dark', fontScale = 1): Theme {
  const base = 16 * fontScale;
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b57a4' : '#8ec5ff' },
      secondary: { main: mode === 'light' ? '#6a3fb5' : '#d0bcff' },
      error: { main: mode === 'light' ? '#b3261e' : '#ffb4ab' },
      background:
        mode === 'light'
          ? { default: '#f6f7f9', paper: '#ffffff' }
          : { default: '#121417', paper: '#1b1e22' },
      sim: mode === 'light' ? LIGHT : DARK,
    },
    typography: {
      fontSize: base * 0.875, // MUI derives body2 (0.875rem) from this; body1 becomes `base`.
      htmlFontSize: 16,
      fontFamily: '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      // Headings follow the text-size setting (and presenter mode) like the body text: a rem size given
      // here is taken as is, so it carries the scale itself.
      h1: { fontSize: scaledRem(1.5, fontScale), fontWeight: 700 },
      h2: { fontSize: scaledRem(1.25, fontScale), fontWeight: 700 },
      h3: { fontSize: scaledRem(1.1, fontScale), fontWeight: 700 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiTableCell: { styleOverrides: { root: { paddingTop: 6, paddingBottom: 6 } } },
      MuiTooltip: { styleOverrides: { tooltip: { fontSize: '0.9rem' } } },
      // MUI's default (action.active, 54% black) misses WCAG AA for small text on white.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
      // A closing dialog stays in the page for its fade and keeps the focus (MUI's focus trap holds it until the
      // dialog is gone), so a shortcut pressed at once (pick a lesson, press F) went to the dialog and was dropped
      // (CI stop 34). Its root is marked as closing for that time; the shortcuts ignore a closing dialog
      // (`useKeyboardShortcuts.ts`).
      MuiDialog: {
        defaultProps: { slotProps: { transition: { onEnter: markOpening, onExit: markClosing } } },
      },
    },
  });
}

/** Marks the dialog around `node` (its transition's child) as closing, for the length of its fade. */
function markClosing(node: HTMLElement): void {
  node.closest('.MuiModal-root')?.setAttribute(CLOSING_ATTRIBUTE, '');
}

/** Clears the mark when the dialog opens (again: it can reopen before its fade has ended). */
function markOpening(node: HTMLElement): void {
  node.closest('.MuiModal-root')?.removeAttribute(CLOSING_ATTRIBUTE);
}

/** Set on a dialog's root while it fades out; the dialog no longer owns the keyboard then. */
export const CLOSING_ATTRIBUTE = 'data-closing';

export const MONO_FONT = '"JetBrains Mono", "DejaVu Sans Mono", "Menlo", "Consolas", monospace';
