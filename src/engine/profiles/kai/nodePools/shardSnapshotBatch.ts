/**
 * Several snapshot files, one per scheduling shard, imported one at a time and merged (§17.8, decisions 0322,
 * 0327): the one loop `sim import a.zip b.zip …` and the app's import of several files share, so both check,
 * bound and report the same way. The caller reads each file (the CLI from disk, the import worker from a
 * Blob) and hands its bytes over; only each file's scenario text is kept, never its bytes.
 */
import {
  importClusterBytes,
  isKaiSnapshotFile,
  type ClusterImportProgress,
  type ClusterImportResult,
  type MergedShard,
  type UnmappedGroup,
} from '../../../scenario/importers/cluster/importClusterFile';
import { MAX_SCENARIO_BYTES } from '../../../scenario/scenarioBytes';
import { mergeShardSnapshots, tooManySnapshots } from './mergeShardSnapshots';

type ImportOk = Extract<ClusterImportResult, { ok: true }>;

export type ShardBatchResult =
  | { ok: false; errors: string[] }
  /** `notes` are the merge's own; `result` is the whole as one import report (the app shows it). */
  | { ok: true; text: string; notes: string[]; result: ImportOk };

export interface ShardBatch {
  /** Imports one file; the errors, each naming the file, or an empty list when it is kept for the merge. */
  add(file: string, bytes: Uint8Array, onProgress?: (p: ClusterImportProgress) => void): string[];
  /** The snapshots added so far, each with its own import report. */
  readonly snapshots: readonly { file: string; result: ImportOk }[];
  finish(): ShardBatchResult;
}

export function createShardBatch(): ShardBatch {
  const snapshots: { file: string; result: ImportOk }[] = [];
  let total = 0;
  return {
    snapshots,
    add(file, bytes, onProgress) {
      const tooMany = tooManySnapshots(snapshots.length + 1);
      if (tooMany !== null) return [tooMany];
      if (!isKaiSnapshotFile(bytes))
        return [`${file}: not a KAI snapshot (zip or snapshot.json): only snapshots are merged`];
      const result = importClusterBytes(
        bytes,
        onProgress === undefined ? { fileName: file } : { fileName: file, onProgress },
      );
      if (!result.ok) return result.errors;
      total += result.text.length;
      // Each text holds its header too: twice the limit leaves room for it, and bounds what is held.
      if (total > 2 * MAX_SCENARIO_BYTES)
        return [
          `${file}: the snapshots so far import to ${total} characters: their merge would be over the scenario text limit (docs/scenario-format.md §10)`,
        ];
      snapshots.push({ file, result });
      return [];
    },
    finish() {
      const merged = mergeShardSnapshots(snapshots);
      if (!merged.ok) return merged;
      return { ok: true, text: merged.text, notes: merged.notes, result: mergedReport(snapshots, merged) };
    },
  };
}

/**
 * The merge as one import report: the counts summed (an object is in one snapshot only, or the merge refused),
 * the merge's notes then each file's, each file's unmapped groups under its name, "now" of the first file
 * (the merge's notes give how far apart the others were taken), and one row per shard.
 */
function mergedReport(
  snapshots: readonly { file: string; result: ImportOk }[],
  merged: { text: string; notes: string[] },
): ImportOk {
  const imported = { nodes: 0, queues: 0, jobs: 0, tasks: 0 };
  const shards: MergedShard[] = [];
  const notes = [...merged.notes];
  const unmapped: UnmappedGroup[] = [];
  for (const { file, result } of snapshots) {
    for (const key of ['nodes', 'queues', 'jobs', 'tasks'] as const) imported[key] += result.imported[key];
    const value = result.shard?.value ?? '';
    shards.push({ file, pool: value === '' ? 'default' : value, imported: result.imported });
    for (const n of result.notes) notes.push(`${file}: ${n}`);
    for (const g of result.unmapped) unmapped.push({ ...g, what: `${file}: ${g.what}` });
  }
  const first = snapshots.find((s) => s.result.now !== null);
  const now =
    first?.result.now == null
      ? null
      : { ...first.result.now, field: `${first.file}: ${first.result.now.field}` };
  return {
    ok: true,
    source: 'kai-snapshot',
    text: merged.text,
    imported,
    unmapped,
    notes,
    now,
    redaction: null,
    shards,
  };
}
