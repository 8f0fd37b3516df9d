/**
 * One CodeMirror YAML editor's life cycle, shared by the scenario editor and the dry run's job editor: the
 * view is created once in `host` with the shared setup, the app theme (followed through a compartment), the
 * caller's extra extensions and Ctrl/Cmd+Enter; text set from outside replaces the document; `showLine`
 * selects a line. Later props are read through a ref, so callbacks never rebuild the editor.
 */
import { isolateHistory } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, type RefObject } from 'react';
import { MONO_FONT } from '../../ui/theme';
import { editorSetup } from './editorSetup';
import { paletteTheme } from './paletteTheme';

export interface YamlEditorOptions {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+Enter. */
  onSubmit(): void;
  /** The text area's accessible name and test id. */
  label: string;
  testId: string;
  /** Extensions beyond the shared setup (completion, marks), made once with the view. */
  extensions?: () => Extension[];
}

export interface YamlEditor {
  host: RefObject<HTMLDivElement | null>;
  /** Selects a 1-based line, scrolls it into view and focuses the editor. */
  showLine(line: number): void;
  focus(): void;
}

export function useYamlEditor(options: YamlEditorOptions): YamlEditor {
  const host = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const latest = useRef(options);
  latest.current = options;
  const theme = useTheme();

  useEffect(() => {
    if (host.current === null) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          editorSetup,
          yaml(),
          themeSlot.current.of(paletteTheme(theme.palette)),
          ...(latest.current.extensions?.() ?? []),
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  latest.current.onSubmit();
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
            'aria-label': latest.current.label,
            'data-testid': latest.current.testId,
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
    // Created once; later options are read through `latest` and theme changes through the compartment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: themeSlot.current.reconfigure(paletteTheme(theme.palette)) });
  }, [theme.palette]);

  // Text set from outside (Open file, Revert, Format, Expand workload) replaces the document as one step
  // of its own in the undo history: never merged with the typing just before it, so one undo takes back
  // exactly that replacement (issue 20, decision 0195).
  useEffect(() => {
    const view = viewRef.current;
    if (view === null) return;
    const current = view.state.doc.toString();
    if (current !== options.value) {
      view.dispatch({
        changes: { from: 0, to: current.length, insert: options.value },
        annotations: isolateHistory.of('full'),
      });
    }
  }, [options.value]);

  return {
    host,
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
  };
}
