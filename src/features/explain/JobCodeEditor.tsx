/**
 * The dry run's job editor: the scenario editor's CodeMirror setup (line numbers, search, history, YAML
 * highlighting, theme) without the scenario schema's completion and marks, since a job text is checked
 * when it is run. Ctrl/Cmd+Enter runs it.
 */
import { forwardRef, useImperativeHandle } from 'react';
import { useYamlEditor } from '../editor/useYamlEditor';
import { YamlEditorFrame } from '../editor/YamlEditorFrame';

export interface JobCodeEditorHandle {
  /** Selects a 1-based line and scrolls it into view. */
  showLine(line: number): void;
}

export const JobCodeEditor = forwardRef<
  JobCodeEditorHandle,
  { value: string; onChange(text: string): void; onRun(): void }
>(function JobCodeEditor({ value, onChange, onRun }, ref) {
  const editor = useYamlEditor({
    value,
    onChange,
    onSubmit: onRun,
    label: 'Job YAML to dry-run',
    testId: 'dryrun.text',
  });
  useImperativeHandle(ref, () => ({ showLine: editor.showLine }));
  return <YamlEditorFrame host={editor.host} testId="dryrun.code" height="100%" />;
});
