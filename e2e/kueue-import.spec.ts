/**
 * Kueue objects pasted into the editor (upstream's single-ClusterQueue setup, its sample Job and a
 * WorkloadPriorityClass, src/engine/profiles/kueue/fixtures) convert to a `profile: kueue` scenario: the
 * import report names the ClusterQueue, the applied scenario runs, and the queue tree shows the
 * imported ClusterQueue with the Job's three admitted pods.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/fixtures';

/** Screenshots for review only, into this folder (CI reads none of them, decision 0255). */
const shots = process.env.KUEUE_SHOTS;

const FIXTURE = readFileSync(
  new URL('../src/engine/profiles/kueue/fixtures/kueue-single-clusterqueue.yaml', import.meta.url),
  'utf8',
);

test('pasted Kueue objects convert to a kueue scenario whose ClusterQueue is on screen', async ({
  app,
  editor,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  await app.editButton.click();
  await editor.replaceText(FIXTURE);
  await expect(editor.apply).toHaveText('Convert to scenario');
  // The help names what the converter reads, Kueue's objects included.
  await expect(page.getByTestId('editor.kubernetes')).toContainText(
    'Kueue ResourceFlavors, Cohorts, ClusterQueues',
  );
  await editor.apply.click();
  await expect(page.getByTestId('editor.import-report')).toContainText('ClusterQueue/cluster-queue');
  await expect(page.getByTestId('editor.unmapped')).toContainText('metadata.generateName');
  await expect.poll(() => editor.value()).toContain('profile: kueue');
  if (shots !== undefined) await page.screenshot({ path: `${shots}/kueue-import-report.png` });
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await page.getByTestId('main-view.queues-tab').click();
  const card = page.getByTestId('queue-tree').locator('[role="treeitem"][data-queue="cluster-queue"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('cluster-queue');
  if (shots !== undefined) {
    await page.screenshot({ path: `${shots}/kueue-import-queues-1280x720.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${shots}/kueue-import-queues-1920x1080.png` });
  }
});
