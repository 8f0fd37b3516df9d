/**
 * The redaction's translation table as CSV (issue 19, part 2): offered as a separate download, never put
 * in a link, the scenario or "My scenarios". RFC 4180: every field quoted, quotes doubled, CRLF line ends,
 * so any name (a comma, a quote, a line break in a label value) reads back as it was.
 */
import type { RedactionRow } from '../../protocol/clusterImport';

const field = (value: string) => `"${value.replace(/"/g, '""')}"`;

export function nameTableCsv(rows: readonly RedactionRow[]): string {
  const lines = ['kind,pseudonym,original'];
  for (const row of rows) lines.push([row.kind, row.pseudonym, row.original].map(field).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `snapshot.zip` -> `snapshot-names.csv`. */
export function nameTableFileName(fileName: string): string {
  const stem = fileName
    .replace(/\.(zip|json|ya?ml)$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 60);
  return `${stem === '' ? 'cluster' : stem}-names.csv`;
}
