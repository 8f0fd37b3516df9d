/**
 * Several KAI snapshots at once, one per scheduling shard (issue 21, decision 0327): a person picks two
 * snapshot files in the editor's Open file, imports them, reads the node pools in the report and sees the
 * cluster map framed by them; then picks two snapshots that both claim one node and reads the error naming
 * both files, with the scenario they had still loaded and the editor's text as it was (those two dropped
 * together on the editor).
 * Screenshots for review: SHARD_IMPORT_SHOTS=<dir>.
 */
import type { Page } from '@playwright/test';
import { shardSnapshot } from '../src/engine/testing/kaiSnapshot/shardSnapshots';
import { ClusterImport } from './fixtures/ClusterImport';
import { smallSnapshot, zipSnapshot } from './fixtures/clusterSnapshot';
import { shootForReview } from './fixtures/reviewShots';
import { expect, test } from './fixtures/viewsFixtures';

const shots = process.env.SHARD_IMPORT_SHOTS;

type Json = Record<string, unknown>;

/** `a100.zip` or `h100.zip`: the small snapshot split into two shards, as that shard's scheduler took it. */
function shardZip(value: string, change?: (s: Json) => void) {
  const snapshot = shardSnapshot(smallSnapshot() as unknown as Json, value);
  change?.(snapshot);
  return { name: `${value}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zipSnapshot(snapshot)) };
}

const shoot = (page: Page, name: string) => shootForReview(page, shots, name);

test('two shard snapshots picked in the editor merge into node pools; two that claim one node, dropped together, name both files', async ({
  app,
  editor,
  clusterMap,
  page,
}) => {
  const importer = new ClusterImport(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=welcome');
  await app.editButton.click();
  await editor.fileInput.setInputFiles([shardZip('a100'), shardZip('h100')]);
  await expect(importer.dialog).toContainText('These 2 files are read as KAI snapshots of one cluster');
  await expect(page.getByTestId('cluster-import.shard-files')).toContainText('a100.zip');
  await shoot(page, 'shards-ready');
  await importer.start.click();
  await expect(importer.counts).toHaveText(
    'Imported 2 KAI snapshots, merged: 3 nodes, 4 queues, 3 jobs, 4 tasks.',
  );
  await expect(page.getByTestId('cluster-import.pool')).toHaveText([
    'Node pool a100 from a100.zip: 2 nodes, 3 queues, 2 jobs.',
    'Node pool h100 from h100.zip: 1 node, 1 queue, 1 job.',
  ]);
  await shoot(page, 'shards-report');
  await importer.close.click();
  await app.waitForSession();
  await clusterMap.tab.click();
  await expect(page.getByTestId('cluster-map.group-label')).toHaveText(['pool a100', 'pool h100']);
  const merged = await app.draft();

  // The h100 shard's snapshot also lists gpu-node-alpha: two views of one node, refused by name. This time
  // both files are dropped on the editor together.
  await app.editButton.click();
  const claimsAlpha = shardZip('h100', (s) => {
    const nodes = (s.rawObjects as Record<string, Json[]>).nodes ?? [];
    (nodes[0]?.metadata as Json).labels = { 'kai.scheduler/node-pool': 'h100' };
  });
  await importer.dropFiles(
    [shardZip('a100'), claimsAlpha].map((f) => ({ name: f.name, bytes: f.buffer })),
    '[data-testid="editor-dialog"]',
  );
  await importer.start.click();
  await expect(importer.errors).toHaveText([
    `node "gpu-node-alpha" is in a100.zip (nodes[0]) and in h100.zip (nodes[0]): a node belongs to one shard (KAI lists it through one shard's label selector)`,
  ]);
  await expect(importer.dialog).toContainText('Nothing was imported: the scenario you had is still loaded');
  await shoot(page, 'shards-error');
  await importer.close.click();
  await expect(editor.dialog).toBeVisible();
  expect(await app.draft()).toBe(merged);
  await expect(page.getByTestId('cluster-map.group-label')).toHaveText(['pool a100', 'pool h100']);
});
