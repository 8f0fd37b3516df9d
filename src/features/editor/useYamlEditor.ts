/**
 * One CodeMirror YAML editor's life cycle, shared by the scenario editor and the dry run's job editor: the
 * view is created once in `host` with the shared setup, the app theme (followed through a compartment), the
 * caller's extra extensions and Ctrl/Cmd+Enter; text set from outside replaces the document; `showLine`
 * selects a line. Later props are read through a ref, so callbacks never rebuild the editor. A text over
 * LARGE_TEXT_CHARS switches the editor to its large-text mode (largeText.ts, decision 0277): the syntax tree
 * and the whole-text extensions are left out, and `onChange` gets the text after a short pause instead of on
 * every key (copying megabytes into the store, and from there into this tab's saved draft, per key was most
 * of a key press); `flush` hands over a pending text at once.
 */
import { isolateHistory } from '@codemirror/commands';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, type RefObject } from 'react';
import { MONO_FONT } from '../../ui/theme';
import { editorSetup, richEditing } from './editorSetup';
import { isLargeText } from './largeText';
import { paletteTheme } from './paletteTheme';

export interface YamlEditorOptions {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+Enter. */
  onSubmit(): void;
  /** The text area's accessible name and test id. */
  label: string;
  testId: string;
  /**
   * Extensions beyond the shared setup (completion, marks), made with the view and again when the text
   * crosses LARGE_TEXT_CHARS (`isLarge`: the large-text mode).
   */
  extensions?: (isLarge: boolean) => Extension[];
}

export interface YamlEditor {
  host: RefObject<HTMLDivElement | null>;
  /** Selects a 1-based line, scrolls it into view and focuses the editor. */
  showLine(line: number): void;
  focus(): void;
  /** Hands the editor's text to `onChange` now if a large text's change is still waiting for its pause. */
  flush(): void;
}

/** Pause after the last change of a large text before `onChange` gets it. */
const LARGE_TEXT_CHANGE_DELAY_MS = 250;

export function useYamlEditor(options: YamlEditorOptions): YamlEditor {
  const host = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const modeSlot = useRef(new Compartment());
  const pendingChange = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const theme = useTheme();

  /** The text last handed to `onChange` and the document it was read from (see the value effect below). */
  const handedOut = useRef<{ text: string; doc: unknown } | null>(null);
  const handOut = (view: EditorView) => {
    const text = view.state.doc.toString();
    handedOut.current = { text, doc: view.state.doc };
    latest.current.onChange(text);
  };
  const flush = () => {
    if (pendingChange.current === null) return;
    clearTimeout(pendingChange.current);
    pendingChange.current = null;
    const view = viewRef.current;
    if (view !== null) handOut(view);
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (host.current === null) return;
    const modeOf = (isLarge: boolean): Extension => [
      isLarge ? [] : richEditing(),
      latest.current.extensions?.(isLarge) ?? [],
    ];
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          editorSetup,
          themeSlot.current.of(paletteTheme(theme.palette)),
          modeSlot.current.of(modeOf(isLargeText(latest.current.value.length))),
          // The change that takes the text across the bound also switches the mode, in the same step.
          EditorState.transactionExtender.of((tr) => {
            if (!tr.docChanged) return null;
            const isLarge = isLargeText(tr.newDoc.length);
            return isLarge === isLargeText(tr.startState.doc.length)
              ? null
              : { effects: modeSlot.current.reconfigure(modeOf(isLarge)) };
          }),
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  flushRef.current();
                  latest.current.onSubmit();
                  return true;
                },
              },
            ]),
          ),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (pendingChange.current !== null) clearTimeout(pendingChange.current);
            pendingChange.current = null;
            if (!isLargeText(update.state.doc.length)) {
              handOut(update.view);
              return;
            }
            pendingChange.current = setTimeout(() => flushRef.current(), LARGE_TEXT_CHANGE_DELAY_MS);
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
      flushRef.current(); // the last keys typed before closing are not lost
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
    // The editor's own change coming back through the store: the document it was read from is still shown, so
    // the text is the same; not joining and comparing it again saves two passes over a multi-MB text per change
    // (decision 0336).
    const own = handedOut.current;
    if (own !== null && own.text === options.value && own.doc === view.state.doc) return;
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
    flush,
  };
}
