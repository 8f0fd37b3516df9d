/** `?embed=<view>`: one view and the run controls, read-only, with the views' SVG/PNG export. */
import { readFile } from 'node:fs/promises';
import { encodeShareFragment } from '../src/features/share/shareLink';
import { expect, test } from './fixtures/viewsFixtures';

test('an embedded cluster map shows one view and the run controls, read-only, and exports SVG and PNG', async ({
  app,
  runControls,
  clusterMap,
  page,
}) => {
  await app.open('?scenario=lca-1&session=2&embed=cluster');
  await expect(page.getByTestId('embed.title')).toContainText('LCA 1');
  // Read-only: no editor, gallery, share, and no view tabs.
  await expect(app.editButton).toHaveCount(0);
  await expect(app.scenarioButton).toHaveCount(0);
  await expect(page.getByTestId('header.share')).toHaveCount(0);
  await expect(app.jobsTab).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Cluster map' })).toBeVisible();
  await runControls.stepForward.click();
  await expect.poll(async () => (await app.state())?.cursor).toBe(3);
  await expect(page.getByTestId('embed.open')).toHaveAttribute('href', /scenario=lca-1/);

  const [svg] = await Promise.all([page.waitForEvent('download'), clusterMap.exportSvg.click()]);
  expect((await readFile(await svg.path())).toString('utf8')).toMatch(/<svg/);
  const [png] = await Promise.all([page.waitForEvent('download'), clusterMap.exportPng.click()]);
  expect((await readFile(await png.path())).subarray(1, 4).toString('ascii')).toBe('PNG');
});

test('a shared scenario embeds without the preview controls', async ({ app, page }) => {
  const fragment = encodeShareFragment({
    text: 'version: 1\nname: Embedded share\nnodes: [{name: n, resources: {gpu: 1}}]\nqueues: [{name: q}]\njobs: [{name: j, queue: q, resources: {gpu: 1}}]\nrun: {sessions: 3}\n',
    session: null,
    selection: null,
    pair: null,
  });
  await page.goto(`/?embed=jobs#${fragment}`);
  await app.waitForSession();
  await expect(page.getByTestId('embed.title')).toHaveText('Embedded share');
  await expect(page.getByTestId('preview.banner')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Jobs' })).toContainText('j');
});
