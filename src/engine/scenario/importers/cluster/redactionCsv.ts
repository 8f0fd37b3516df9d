/**
 * The redaction's translation table as CSV (docs/scenario-format.md §17.5): what the runner writes with
 * `--table` and the app offers as "Download name table", one writer for both. Never part of the scenario.
 */
import type { RedactionRow } from './redaction';

/** The translation table as CSV (kind, original, pseudonym); a cell a spreadsheet would run starts with `'`. */
export function redactionCsv(rows: readonly RedactionRow[]): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `kind,original,pseudonym\n${rows.map((r) => [r.kind, r.original, r.pseudonym].map(cell).join(',')).join('\n')}\n`;
}
