/**
 * Pure readers for the credentials panel: the conformance INDEX tables, a scenario file's profile, and the
 * differences listed in a decision record. They run on text bundled at build time (credentialsData.ts),
 * so every count on the panel is computed from the files themselves.
 */

import type { Profile } from '../../engine/model/scenario';

/** A registered profile (the panel lists the registry's profiles, uiRegistry.ts). */
export type CredentialProfile = Profile;

/** One upstream test case translated into a conformance scenario. */
export interface ConformanceCase {
  /** `kai/E1-reclaim-waits-for-min-runtime.yaml` */
  file: string;
  id: string;
  checks: string;
  source: string;
  confidence: string;
  profile: CredentialProfile;
  /** The upstream feature the case tests (`reclaim`, `minruntime`, `design doc`…): see `featureOf`. */
  feature: string;
}

/** An upstream case the suite skips, with its reason. */
export interface SkippedCase {
  suite: string;
  id: string;
  upstream: string;
  reason: string;
}

/** One known difference from upstream, from a decision record. */
export interface KnownDifference {
  title: string;
  text: string;
}

export interface DifferenceRecord {
  /** `0002-engine-deviations-from-upstream.md` */
  file: string;
  title: string;
  differences: KnownDifference[];
}

/**
 * The profile a scenario declares (`profile:` at the top level); the first of `known` (the registry's default
 * profile) when absent, as the format says.
 */
export function profileOf(yamlText: string, known: readonly CredentialProfile[]): CredentialProfile {
  const match = /^profile:\s*["']?([a-z][a-z0-9-]*)["']?\s*(?:#.*)?$/m.exec(yamlText);
  const name = known.find((p) => p === match?.[1]);
  return name ?? (known[0] as CredentialProfile);
}

/** The scenario's `x-source` (the upstream test it translates), unquoted; '' when absent. */
export function sourceOf(yamlText: string): string {
  const match = /^x-source:\s*(.+?)\s*$/m.exec(yamlText);
  const raw = match?.[1] ?? '';
  return /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
}

/**
 * The upstream feature a case tests, read from the path of the test it translates: the action or plugin
 * folder (`pkg/scheduler/actions/reclaim/…` → `reclaim`, `plugins/proportion/resource_division/…` →
 * `proportion`), else the test file's folder (`api/podgroup_info/subgroup_info/…` → `subgroup_info`);
 * design documents and end-to-end suites are named as such, and a case without an upstream test is
 * `derived`.
 */
export function featureOf(source: string): string {
  const path = /\b((?:pkg|docs|test|cmd|internal)\/[\w./-]+)/.exec(source)?.[1];
  if (path === undefined) return 'derived';
  if (path.startsWith('docs/')) return 'design doc';
  if (path.startsWith('test/e2e/')) return 'e2e';
  const unit = /\/(?:actions|plugins)\/([\w-]+)\//.exec(path)?.[1];
  if (unit !== undefined) return unit;
  const folders = path.split('/').slice(0, -1);
  return folders[folders.length - 1] ?? 'derived';
}

/** Cases per feature, most first (ties by name). */
export function countByFeature(cases: readonly Pick<ConformanceCase, 'feature'>[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const c of cases) counts.set(c.feature, (counts.get(c.feature) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim().replace(/^`|`$/g, ''));

/** Every markdown table of `md` as header names (lower case) and rows of cells. */
export function markdownTables(md: string): { header: string[]; rows: string[][] }[] {
  const tables: { header: string[]; rows: string[][] }[] = [];
  const lines = md.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1] ?? '';
    if (!line.trim().startsWith('|') || !/^\s*\|[\s:|-]+\|\s*$/.test(next)) continue;
    const header = cellsOf(line).map((h) => h.toLowerCase());
    const rows: string[][] = [];
    let j = i + 2;
    for (; j < lines.length && (lines[j] ?? '').trim().startsWith('|'); j++)
      rows.push(cellsOf(lines[j] ?? ''));
    tables.push({ header, rows });
    i = j - 1;
  }
  return tables;
}

/** What an INDEX.md row says of one case. */
export type IndexRow = Omit<ConformanceCase, 'profile' | 'file' | 'feature'>;

/** The rows of an INDEX.md: its file table (by column names, which differ between suites) and skipped cases. */
export function readIndex(
  suite: string,
  md: string,
): { cases: Map<string, IndexRow>; skipped: SkippedCase[] } {
  const cases = new Map<string, IndexRow>();
  const skipped: SkippedCase[] = [];
  for (const { header, rows } of markdownTables(md)) {
    const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
    const file = col('file');
    const id = col('id');
    if (file >= 0 && id >= 0) {
      const checks = col('checks', 'what it checks');
      const source = col('source');
      const confidence = col('confidence');
      for (const row of rows) {
        const name = row[file] ?? '';
        cases.set(name, {
          id: row[id] ?? '',
          checks: row[checks] ?? '',
          source: row[source] ?? '',
          confidence: row[confidence] ?? '',
        });
      }
    } else if (col('reason') >= 0 && id >= 0) {
      const upstream = col('upstream test');
      const reason = col('reason');
      for (const row of rows)
        skipped.push({ suite, id: row[id] ?? '', upstream: row[upstream] ?? '', reason: row[reason] ?? '' });
    }
  }
  return { cases, skipped };
}

/** Markdown emphasis and code marks, removed for plain text. */
const plain = (text: string) =>
  text
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The first sentence of a text (up to the first ". " or the end). */
function firstSentence(text: string): string {
  const at = text.search(/\.\s/);
  return at < 0 ? text : text.slice(0, at + 1);
}

/**
 * The differences a decision record lists: each top-level bullet that starts with a bold title
 * (`- **Title.** text`); a record without such bullets is one difference, its title and first paragraph.
 */
export function readDifferences(file: string, md: string): DifferenceRecord {
  const lines = md.split(/\r?\n/);
  const heading = lines.find((l) => l.startsWith('# ')) ?? file;
  const title = plain(heading.replace(/^#\s+(\d+\.\s+)?/, ''));
  const bullets: string[] = [];
  for (const line of lines) {
    if (line.startsWith('- ')) bullets.push(line.slice(2));
    else if (/^\s{2,}\S/.test(line) && bullets.length > 0) bullets[bullets.length - 1] += ` ${line.trim()}`;
  }
  const differences: KnownDifference[] = [];
  for (const bullet of bullets) {
    const match = /^\*\*([^*]+)\*\*\s*(.*)$/.exec(bullet);
    if (match === null) continue;
    differences.push({
      title: plain(match[1] ?? '').replace(/[.:]$/, ''),
      text: plain(firstSentence(match[2] ?? '')),
    });
  }
  if (differences.length === 0) {
    const start = lines.findIndex((l) => l.startsWith('# ')) + 1;
    const paragraph: string[] = [];
    for (const line of lines.slice(start)) {
      if (line.trim() === '') {
        if (paragraph.length > 0) break;
        continue;
      }
      paragraph.push(line.trim());
    }
    differences.push({ title, text: plain(firstSentence(paragraph.join(' '))) });
  }
  return { file, title, differences };
}
