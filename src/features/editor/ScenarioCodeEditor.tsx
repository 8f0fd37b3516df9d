/**
 * The scenario editor: CodeMirror 6 with YAML highlighting, line numbers, folding, search (Ctrl+F),
 * completion from the schema (Ctrl+Space, or as you type), hover explanations, and inline marks for
 * every problem the worker's validator finds (debounced as you type). Loaded with the editor dialog only,
 * so none of this is in the first screen's bundle.
 */
import { autocompletion } from '@codemirror/autocomplete';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { ValidateResult } from '../../protocol/messages';
import { issueDiagnostic } from './issueDiagnostics';
import { scenarioCompletion } from './scenarioCompletion';
import { scenarioHover } from './scenarioHover';
import { useYamlEditor } from './useYamlEditor';
import { YamlEditorFrame } from './YamlEditorFrame';

export interface ScenarioCodeEditorHandle {
  /** Selects a 1-based line and scrolls it into view. */
  showLine(line: number): void;
  focus(): void;
  /** Puts a large text's last change into the store now (it follows a short pause otherwise). */
  flush(): void;
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

export const ScenarioCodeEditor = forwardRef<ScenarioCodeEditorHandle, ScenarioCodeEditorProps>(
  function ScenarioCodeEditor(props, ref) {
    const latest = useRef(props);
    latest.current = props;
    const lintSource = async (view: EditorView): Promise<Diagnostic[]> => {
      const checked = view.state.doc;
      const text = checked.toString();
      if (text.trim() === '') return [];
      try {
        const result = await latest.current.validate(text);
        // The text changed while validating: the next run marks the new text.
        // The document is immutable: the same object is the same text, and only a changed one is read again
        // (a 13 MB text was joined once more per check; decision 0336).
        if (view.state.doc !== checked && view.state.doc.toString() !== text) return [];
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
    const editor = useYamlEditor({
      value: props.value,
      onChange: (text) => latest.current.onChange(text),
      onSubmit: () => latest.current.onApply(),
      label: 'Scenario YAML',
      testId: 'editor.text',
      // A large text (largeText.ts) completes on Ctrl+Space only and has no hover explanations (both read the
      // whole text each time). Its marks keep the same pause: a longer one let the check of a text just applied
      // reach the worker after the load, and delay a Cancel's restore behind it (load-progress spec).
      extensions: (isLarge) => [
        autocompletion({ override: [scenarioCompletion], activateOnTyping: !isLarge }),
        isLarge ? [] : scenarioHover,
        linter(lintSource, { delay: latest.current.lintDelayMs ?? 400 }),
        lintGutter(),
      ],
    });

    useImperativeHandle(ref, () => ({ showLine: editor.showLine, focus: editor.focus, flush: editor.flush }));

    return <YamlEditorFrame host={editor.host} testId="editor.code" height="min(58vh, 560px)" />;
  },
);
