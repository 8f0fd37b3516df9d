/** The queue tree and the cluster map download as SVG and PNG files (for slides). */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/viewsFixtures';

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

test('the queue tree with its LCA path downloads as SVG and PNG', async ({
  app,
  decisionLog,
  queueTree,
  page,
}) => {
  await app.open('?scenario=lca-1&session=2');
  await app.decisionsTab.click();
  const item = await decisionLog.expand(decisionLog.items('evict').first());
  await item.getByTestId('show-on-tree').first().click();
  await expect(queueTree.lca).toHaveText('b');

  const svg = await download(page, queueTree.exportSvg);
  expect(svg.name).toBe('queue-tree-session-2.svg');
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^(<\?xml[^>]*>\s*)?<svg/);
  expect(text).toContain('leaf3');
  expect(text).toContain('1m from d');

  const png = await download(page, queueTree.exportPng);
  expect(png.name).toBe('queue-tree-session-2.png');
  expect(png.bytes.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
  expect(png.bytes.length).toBeGreaterThan(2000);
});

test('the cluster map downloads as SVG and PNG', async ({ app, clusterMap, page }) => {
  await app.open('?scenario=lca-1&session=2');
  await clusterMap.tab.click();
  await expect(clusterMap.canvas).toBeVisible();

  const svg = await download(page, clusterMap.exportSvg);
  expect(svg.name).toBe('cluster-map-session-2.svg');
  expect(svg.bytes.toString('utf8')).toContain('<svg');
  expect(svg.bytes.toString('utf8')).toContain('node0');

  const png = await download(page, clusterMap.exportPng);
  expect(png.name).toBe('cluster-map-session-2.png');
  expect(png.bytes.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
});
