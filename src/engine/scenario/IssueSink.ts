/**
 * Collects the errors and warnings of one parse. Normalisers report problems by code and field path;
 * the sink renders the path, looks up the source position and adds the catalogue hint.
 */
import { ISSUE_CATALOGUE, type IssueCode, type ScenarioIssue } from './issues';
import { formatFieldPath, type FieldPath } from './fieldPath';

/** Where a field path is written in the source, 1-based; null when unknown (plain JSON objects). */
export type Locator = (path: FieldPath) => { line: number; column: number } | null;

/** A locator for input without source positions. */
export const NO_LOCATION: Locator = () => null;

/** The errors and warnings of one parse, in reporting order (see {@link sortIssues}). */
export class IssueSink {
  readonly errors: ScenarioIssue[] = [];
  readonly warnings: ScenarioIssue[] = [];

  constructor(private readonly locate: Locator) {}

  /** Reports a problem; its severity comes from the catalogue. */
  report(code: IssueCode, path: FieldPath, message: string, hint?: string): void {
    const info = ISSUE_CATALOGUE[code];
    const at = this.locate(path);
    const issue: ScenarioIssue = {
      code,
      path: formatFieldPath(path),
      message,
      line: at?.line ?? null,
      column: at?.column ?? null,
    };
    const effectiveHint = hint ?? ('hint' in info ? info.hint : undefined);
    if (effectiveHint !== undefined) issue.hint = effectiveHint;
    (info.severity === 'error' ? this.errors : this.warnings).push(issue);
  }

  /** Source line of a path (for messages that point at another definition). */
  lineOf(path: FieldPath): number | null {
    return this.locate(path)?.line ?? null;
  }

  get hasErrors(): boolean {
    return this.errors.length > 0;
  }
}

/** Orders issues by source line (stable, so issues without a line keep their reporting order). */
export function sortIssues(issues: readonly ScenarioIssue[]): ScenarioIssue[] {
  return [...issues].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || 0);
}
