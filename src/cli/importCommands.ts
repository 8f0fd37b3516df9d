/**
 * Cluster files in the headless runner (issue 19, docs/scenario-format.md §17.6):
 *   sim import <file> [--redact] [--table FILE.csv]   the scenario YAML on stdout, what was not mapped on stderr
 * and `run`, `check`, `metrics`, `compare` on a KAI snapshot (`snapshot.zip` or the bare `snapshot.json`,
 * told apart by content, never by name): the snapshot is imported first, then run as its scenario. A
 * snapshot file has its own bound (256 MiB); a scenario file keeps the runner's 16 MiB.
 */
import { writeFileSync } from 'node:fs';
import {
  decodeScenarioBytes,
  importClusterBytes,
  isKaiSnapshotFile,
  createShardBatch,
  MAX_CLUSTER_FILE_BYTES,
  MAX_SCENARIO_BYTES,
  tooManySnapshots,
  type ClusterImportResult,
} from '../engine/index';
// The table's CSV is the engine's: `--table` writes the same file as the app's "Download name table".
import { redactionCsv } from '../engine/scenario/importers/cluster/redactionCsv';
import { tooLarge } from '../engine/scenario/scenarioBytes';
import { readFileBytes } from './readScenarioFile';

export const IMPORT_USAGE = [
  '  npm run --silent sim -- import <file> [--redact] [--table FILE.csv]',
  '  npm run --silent sim -- import <shard-a.zip> <shard-b.zip> ...   one KAI snapshot per shard, merged',
].join('\n');

type Ok = Extract<ClusterImportResult, { ok: true }>;

const clusterTooBig = (size: number, exact: boolean) =>
  `a cluster file is at most ${MAX_CLUSTER_FILE_BYTES} bytes (256 MiB, docs/scenario-format.md §17.4), this one has ${exact ? size : 'more'}`;

/** What the import could not map and its notes, as stderr lines (the same list the app shows). */
export function describeImport(result: Ok): string {
  const lines: string[] = [];
  const { nodes, queues, jobs, tasks } = result.imported;
  lines.push(`imported ${result.source}: ${nodes} nodes, ${queues} queues, ${jobs} jobs, ${tasks} tasks`);
  if (result.now !== null) lines.push(`now (t=0): ${result.now.iso} from ${result.now.field}`);
  for (const n of result.notes) lines.push(`note: ${n}`);
  for (const g of result.unmapped) {
    lines.push(`not mapped: ${g.what} (${g.count}): ${g.reason}`);
    for (const p of g.paths) lines.push(`  ${p}`);
  }
  return `${lines.map((l) => l.replace(/[\r\n]+/g, ' ')).join('\n')}\n`;
}

/**
 * The scenario text of the runner's input file: a KAI snapshot is imported (its unmapped list goes to
 * stderr), anything else is read as a scenario with the runner's 16 MiB bound (§9).
 */
export function readRunnerInput(
  file: string,
  stderr: (text: string) => void,
): { ok: true; text: string } | { ok: false; error: string } {
  const read = readFileBytes(file, MAX_CLUSTER_FILE_BYTES, clusterTooBig);
  if (!read.ok) return read;
  if (isKaiSnapshotFile(read.bytes)) {
    const result = importClusterBytes(read.bytes, { fileName: file });
    if (!result.ok) return { ok: false, error: result.errors.join('\n') };
    stderr(describeImport(result));
    return { ok: true, text: result.text };
  }
  if (read.bytes.length > MAX_SCENARIO_BYTES) return { ok: false, error: tooLarge(read.bytes.length, true) };
  return decodeScenarioBytes(read.bytes);
}

interface ImportHelpers {
  option(name: string): string | undefined;
  flag(name: string): boolean;
  invalid(message: string, showUsage?: boolean): never;
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * `sim import`: returns the exit code (0, or 2 with every error naming its object path or zip entry). Several
 * files are KAI snapshots, one per scheduling shard, merged into one scenario with node pools (§17.8).
 */
export function runImportCommand(files: readonly string[], h: ImportHelpers): number {
  const [file, ...more] = files;
  if (file === undefined) return h.invalid('import needs a file', true);
  if (more.length > 0) return runMergeCommand(files, h);
  const redact = h.flag('--redact');
  const table = h.option('--table');
  if (table !== undefined && !redact)
    h.invalid('--table writes the redaction table: it needs --redact', true);
  const read = readFileBytes(file, MAX_CLUSTER_FILE_BYTES, clusterTooBig);
  if (!read.ok) h.invalid(`${file}: ${read.error}`);
  const result = importClusterBytes(read.bytes, { fileName: file, redact });
  if (!result.ok) h.invalid(result.errors.join('\n'));
  if (table !== undefined && result.redaction !== null) {
    try {
      writeFileSync(table, redactionCsv(result.redaction));
    } catch (e) {
      h.invalid(`--table: cannot write ${table} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  h.stdout(result.text);
  h.stderr(describeImport(result));
  return 0;
}

/**
 * `sim import a.zip b.zip …`: each snapshot imported on its own (§17), then merged, by the loop the app's
 * import of several files runs too (shardSnapshotBatch.ts).
 * One file is read at a time; the scenario texts kept are bounded by the merged scenario's own limit.
 */
function runMergeCommand(files: readonly string[], h: ImportHelpers): number {
  // Pseudonyms are numbered per snapshot (§17.5): two files would give two objects the same pseudonym.
  if (h.flag('--redact'))
    h.invalid('--redact takes one snapshot: merged shards are not redacted (§17.8)', true);
  const tooMany = tooManySnapshots(files.length);
  if (tooMany !== null) h.invalid(tooMany);
  const batch = createShardBatch();
  for (const file of files) {
    const read = readFileBytes(file, MAX_CLUSTER_FILE_BYTES, clusterTooBig);
    if (!read.ok) h.invalid(`${file}: ${read.error}`);
    const errors = batch.add(file, read.bytes);
    if (errors.length > 0) h.invalid(errors.join('\n'));
  }
  const merged = batch.finish();
  if (!merged.ok) h.invalid(merged.errors.join('\n'));
  h.stdout(merged.text);
  for (const { file, result } of batch.snapshots)
    h.stderr(
      describeImport(result)
        .trimEnd()
        .split('\n')
        .map((l) => `${file}: ${l}\n`)
        .join(''),
    );
  for (const n of merged.notes) h.stderr(`note: ${n.replace(/[\r\n]+/g, ' ')}\n`);
  return 0;
}
