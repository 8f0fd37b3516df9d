/**
 * The dry run's job editor: the scenario editor's CodeMirror setup (line numbers, search, history, YAML
 * highlighting, theme) without the scenario schema's completion and marks, since a job text is checked
 * when it is run. Ctrl/Cmd+Enter runs it.
 */
import { useTheme } from '@mui/material/styles';
import { forwardRef, useImperativeHandle } from 'react';
import { useYamlEditor } from '../editor/useYamlEditor';

export interface JobCodeEditorHandle {
  /** Selects a 1-based line and scrolls it into view. */
  showLine(line: number): void;
}

export const JobCodeEditor = forwardRef<
  JobCodeEditorHandle,
  { value: string; onChange(text: string): void; onRun(): void }
>(function JobCodeEditor({ value, onChange, onRun }, ref) {
  const theme = useTheme();
  const editor = useYamlEditor({
    value,
    onChange,
    onSubmit: onRun,
    label: 'Job YAML to dry-run',
    testId: 'dryrun.text',
  });
  useImperativeHandle(ref, () => ({ showLine: editor.showLine }));
  return (
    <div
      ref={editor.host}
      data-testid="dryrun.code"
      // Escape that the editor used (closing search) must not also close the dialog.
      onKeyDown={(event) => {
        if (event.key === 'Escape' && event.defaultPrevented) event.stopPropagation();
      }}
      style={{
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: 4,
        overflow: 'hidden',
        height: '100%',
        minHeight: 0,
        colorScheme: theme.palette.mode === 'dark' ? 'dark' : 'light',
        background: theme.palette.background.paper,
      }}
    />
  );
});
