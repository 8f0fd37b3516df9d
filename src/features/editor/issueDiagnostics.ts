/**
 * The worker's validation issues as CodeMirror diagnostics: marked from the issue's line and column (the
 * field or value the problem is about) to the end of that line; an issue without a place marks the
 * first line. Messages are the engine's own, with its path.
 */
import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { IssueDto } from '../../protocol/messages';

export function issueDiagnostic(doc: Text, issue: IssueDto, severity: 'error' | 'warning'): Diagnostic {
  const lineNumber = Math.min(Math.max(issue.line ?? 1, 1), doc.lines);
  const line = doc.line(lineNumber);
  const column = Math.max((issue.column ?? 1) - 1, 0);
  const from = Math.min(line.from + column, line.to);
  // An empty range (an issue at the end of a line) would be invisible: mark at least one character.
  const to = line.to > from ? line.to : Math.min(from + 1, doc.length);
  const where = issue.path === '' ? '' : `${issue.path}: `;
  const hint = issue.hint === null ? '' : ` (${issue.hint})`;
  return {
    from: Math.max(0, Math.min(from, to)),
    to,
    severity,
    message: `${where}${issue.message}${hint}`,
    source: 'scenario',
  };
}
