/** The code editors' colours (scenario editor, dry-run job editor). */
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';

/** Colours from the app theme, so the editor follows light and dark mode. */
export function paletteTheme(palette: {
  mode: string;
  text: { primary: string; secondary: string };
  background: { paper: string; default: string };
  divider: string;
  action: { selected: string };
}): Extension {
  return EditorView.theme(
    {
      '&': { color: palette.text.primary, backgroundColor: palette.background.paper },
      '.cm-gutters': {
        backgroundColor: palette.background.default,
        color: palette.text.secondary,
        borderRight: `1px solid ${palette.divider}`,
      },
      '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: palette.action.selected },
      '.cm-content': { caretColor: palette.text.primary },
    },
    { dark: palette.mode === 'dark' },
  );
}
