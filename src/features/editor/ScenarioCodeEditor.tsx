/**
 * The scenario editor: CodeMirror 6 with YAML highlighting, line numbers, folding, search (Ctrl+F),
 * completion from the schema (Ctrl+Space, or as you type), hover explanations, and inline marks for
 * every problem the worker's validator finds (debounced as you type). Loaded with the editor dialog only,
 * so none of this is in the first screen's bundle.
 */
import { autocompletion } from '@codemirror/autocomplete';
import { yaml } from '@codemirror/lang-yaml';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { editorSetup } from './editorSetup';
import { useTheme } from '@mui/material/styles';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { ValidateResult } from '../../protocol/messages';
import { MONO_FONT } from '../../ui/theme';
import { issueDiagnostic } from './issueDiagnostics';
import { scenarioCompletion } from './scenarioCompletion';
import { scenarioHover } from './scenarioHover';

export interface ScenarioCodeEditorHandle {
  /** Selects a 1-based line and scrolls it into view. */
  showLine(line: number): void;
  focus(): void;
}

export interface ScenarioCodeEditorProps {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+Enter. */
  onApply(): void;
  validate(text: string): Promise<ValidateResult>;
  /** Extra marks not from validation (the engine refused the applied text), shown at the top. */
  engineError: string | null;
  /** Milliseconds of quiet typing before validating (default 400). */
  lintDelayMs?: number;
}

/** Colours from the app theme, so the editor follows light and dark mode. */
function paletteTheme(palette: {
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

export const ScenarioCodeEditor = forwardRef<ScenarioCodeEditorHandle, ScenarioCodeEditorProps>(
  function ScenarioCodeEditor(props, ref) {
    const host = useRef<HTMLDivElement | null>(null);
    const viewRef = useRef<EditorView | null>(null);
    const themeSlot = useRef(new Compartment());
    const latest = useRef(props);
    latest.current = props;
    const theme = useTheme();
    const isDark = theme.palette.mode === 'dark';

    useEffect(() => {
      if (host.current === null) return;
      const lintSource = async (view: EditorView): Promise<Diagnostic[]> => {
        const text = view.state.doc.toString();
        if (text.trim() === '') return [];
        try {
          const result = await latest.current.validate(text);
          // The text changed while validating: the next run marks the new text.
          if (view.state.doc.toString() !== text) return [];
          const doc = view.state.doc;
          const marks = [
            ...result.errors.map((i) => issueDiagnostic(doc, i, 'error')),
            ...result.warnings.map((i) => issueDiagnostic(doc, i, 'warning')),
          ];
          const engineError = latest.current.engineError;
          if (engineError !== null && marks.length === 0 && doc.length > 0) {
            marks.push({
              from: 0,
              to: doc.line(1).to,
              severity: 'error',
              message: engineError,
              source: 'engine',
            });
          }
          return marks;
        } catch {
          return []; // The simulator restarted: the next edit validates again.
        }
      };
      const view = new EditorView({
        parent: host.current,
        state: EditorState.create({
          doc: latest.current.value,
          extensions: [
            editorSetup,
            yaml(),
            themeSlot.current.of(paletteTheme(theme.palette)),
            autocompletion({ override: [scenarioCompletion], activateOnTyping: true }),
            scenarioHover,
            linter(lintSource, { delay: latest.current.lintDelayMs ?? 400 }),
            lintGutter(),
            Prec.highest(
              keymap.of([
                {
                  key: 'Mod-Enter',
                  run: () => {
                    latest.current.onApply();
                    return true;
                  },
                },
              ]),
            ),
            EditorView.updateListener.of((update) => {
              if (update.docChanged) latest.current.onChange(update.state.doc.toString());
            }),
            // An explicit tabindex lets checkers see that the scrolling area holds a keyboard-focusable
            // element (the contenteditable already is one; no extra tab stop is added).
            EditorView.contentAttributes.of({
              'aria-label': 'Scenario YAML',
              'data-testid': 'editor.text',
              tabindex: '0',
            }),
            EditorView.theme({
              '&': { fontSize: '0.95rem', height: '100%' },
              '.cm-scroller': { fontFamily: MONO_FONT, lineHeight: 1.45 },
              '.cm-field-doc': { padding: '4px 8px', maxWidth: '420px' },
            }),
          ],
        }),
      });
      viewRef.current = view;
      return () => {
        view.destroy();
        viewRef.current = null;
      };
      // Created once; later props are read through `latest` and theme changes through the compartment.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    useEffect(() => {
      viewRef.current?.dispatch({ effects: themeSlot.current.reconfigure(paletteTheme(theme.palette)) });
    }, [theme.palette]);

    // Text set from outside (Open file, Revert, New scenario) replaces the document.
    useEffect(() => {
      const view = viewRef.current;
      if (view === null) return;
      const current = view.state.doc.toString();
      if (current !== props.value) {
        view.dispatch({ changes: { from: 0, to: current.length, insert: props.value } });
      }
    }, [props.value]);

    useImperativeHandle(ref, () => ({
      showLine(line) {
        const view = viewRef.current;
        if (view === null) return;
        const target = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
        view.dispatch({
          selection: { anchor: target.from, head: target.to },
          effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
        });
        view.focus();
      },
      focus() {
        viewRef.current?.focus();
      },
    }));

    return (
      <div
        ref={host}
        data-testid="editor.code"
        // Escape that the editor used (closing completion or search) must not also close the dialog.
        onKeyDown={(event) => {
          if (event.key === 'Escape' && event.defaultPrevented) event.stopPropagation();
        }}
        style={{
          border: `1px solid ${theme.palette.divider}`,
          borderRadius: 4,
          height: 'min(58vh, 560px)',
          overflow: 'hidden',
          colorScheme: isDark ? 'dark' : 'light',
          background: theme.palette.background.paper,
        }}
      />
    );
  },
);
