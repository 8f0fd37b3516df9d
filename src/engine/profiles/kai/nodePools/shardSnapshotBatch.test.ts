/**
 * The loop the CLI and the app's import share (decision 0327): files added one at a time, each checked and
 * bounded, then merged into one report with a row per shard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { shardSnapshot } from '../../../testing/kaiSnapshot/shardSnapshots';
import { createShardBatch } from './shardSnapshotBatch';
import { MAX_MERGED_SNAPSHOTS } from './mergeShardSnapshots';

const FIXTURE = join(
  __dirname,
  '../../../scenario/importers/cluster/fixtures/reclaim-min-runtime.snapshot.json',
);
const bytesOf = (value: string) =>
  strToU8(
    JSON.stringify(
      shardSnapshot(JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>, value),
    ),
  );

describe('a batch of shard snapshots', () => {
  it('merges into one report: counts summed, a row per shard, each file named in its notes and unmapped', () => {
    const batch = createShardBatch();
    expect(batch.add('a100.json', bytesOf('a100'))).toEqual([]);
    expect(batch.add('h100.json', bytesOf('h100'))).toEqual([]);
    const done = batch.finish();
    if (!done.ok) throw new Error(done.errors.join('\n'));
    const { result } = done;
    expect(result.shards).toEqual([
      { file: 'a100.json', pool: 'a100', imported: batch.snapshots[0]?.result.imported },
      { file: 'h100.json', pool: 'h100', imported: { nodes: 1, queues: 1, jobs: 1, tasks: 1 } },
    ]);
    const a = batch.snapshots[0]?.result.imported;
    expect(result.imported.nodes).toBe((a?.nodes ?? 0) + 1);
    expect(result.notes[0]).toMatch(
      /^Merged 2 KAI snapshots, one per shard: a100\.json \(pool a100\), h100\.json/,
    );
    expect(result.notes.some((n) => n.startsWith('h100.json: '))).toBe(true);
    expect(result.unmapped.every((g) => /^(a100|h100)\.json: /.test(g.what))).toBe(true);
    expect(result.now?.field).toMatch(/^a100\.json: /);
    expect(result.text).toBe(done.text);
  });

  it('refuses a file that is no snapshot, and the file past the bound, by name', () => {
    const batch = createShardBatch();
    expect(batch.add('notes.yaml', strToU8('name: x\n'))).toEqual([
      'notes.yaml: not a KAI snapshot (zip or snapshot.json): only snapshots are merged',
    ]);
    const full = createShardBatch();
    const snapshot = bytesOf('a100');
    // The same shard 64 times is refused only by the merge; the 65th file is refused as it is added.
    for (let i = 0; i < MAX_MERGED_SNAPSHOTS; i++) expect(full.add(`s${i}.json`, snapshot)).toEqual([]);
    expect(full.add('one-more.json', snapshot)).toEqual([
      `at most ${MAX_MERGED_SNAPSHOTS} snapshots (one per node pool, §24), got ${MAX_MERGED_SNAPSHOTS + 1}`,
    ]);
  });
});
