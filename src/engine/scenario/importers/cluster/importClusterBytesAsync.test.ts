/**
 * The async import (decision 0170) inflates with the platform's DecompressionStream: for every fixture, the
 * generated snapshot and every refusal it gives the same result as the synchronous import (fflate).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, importClusterBytesAsync, type ClusterImportProgress } from '../../../index';
import { kaiSnapshotZip } from '../../../testing/kaiSnapshot/generateKaiSnapshot';
import { SHAPES } from './fixtures/shapes';
import { hasPlatformInflate } from './platformInflate';

const FIXTURES = join(__dirname, 'fixtures');
const snapshotText = (shape: string) => readFileSync(join(FIXTURES, `${shape}.snapshot.json`), 'utf8');

/** Both imports of `bytes`, which must agree whole (text, unmapped, notes, now, redaction or errors). */
async function both(bytes: Uint8Array, redact = false) {
  const sync = importClusterBytes(bytes, { fileName: 's.zip', redact });
  const phases: ClusterImportProgress['phase'][] = [];
  const async = await importClusterBytesAsync(bytes, {
    fileName: 's.zip',
    redact,
    onProgress: (p) => phases.push(p.phase),
  });
  expect(async).toEqual(sync);
  return { sync, phases };
}

describe('importClusterBytesAsync gives what importClusterBytes gives', () => {
  it('runs where the platform inflates (Node 18+, browsers)', () => {
    expect(hasPlatformInflate()).toBe(true);
  });

  for (const shape of SHAPES)
    it(`${shape}: zipped, bare and redacted`, async () => {
      const text = strToU8(snapshotText(shape));
      const { sync, phases } = await both(zipSync({ 'snapshot.json': text }));
      expect(sync.ok).toBe(true);
      expect(phases).toContain('unzip');
      expect(phases.at(-1)).toBe('write');
      await both(text);
      await both(zipSync({ 'snapshot.json': text }), true);
    });

  it('a generated snapshot of 800 pods, inflated in many chunks', async () => {
    const { zip } = kaiSnapshotZip({ nodes: 30, gpusPerNode: 8, pods: 800, seed: 3 });
    const { sync } = await both(zip);
    expect(sync.ok && sync.imported.tasks).toBeGreaterThan(400);
  });

  it('the same refusals: no entry, a cut zip, damaged deflate data, a zip bomb', async () => {
    const zip = zipSync({ 'snapshot.json': strToU8(snapshotText('lca-cousin-subtree')) });
    const refusals = [
      zipSync({ 'notes.txt': strToU8('hello') }),
      zip.subarray(0, 2000),
      zip.subarray(0, zip.length - 200),
      zipSync(
        { 'snapshot.json': strToU8(`{"rawObjects": {"pods": [${' '.repeat(17 * 1024 * 1024)}]}}`) },
        { level: 9 },
      ),
    ];
    for (const bytes of refusals) expect((await both(bytes)).sync.ok).toBe(false);
    // Damaged deflate data: both refuse, naming the entry (zlib's words differ from fflate's).
    const damaged = zip.slice();
    damaged.fill(0xff, 60, 90);
    const sync = importClusterBytes(damaged, { fileName: 's.zip' });
    const async = await importClusterBytesAsync(damaged, { fileName: 's.zip' });
    expect(sync.ok || async.ok).toBe(false);
    if (!async.ok) expect(async.errors.join('\n')).toMatch(/zip entry snapshot\.json|zip is damaged/);
  });
});
