/**
 * Kueue (gallery lesson kueue-1): the app runs profile kueue; stepped to the reclaim, the decision log says
 * in words that prod's serving preempted the whole borrowing sweep Workload, why (reclamation within the
 * cohort, reclaimWithinCohort=Any), and the queue tree shows the cohort and its two ClusterQueues.
 * Screenshots for review: KUEUE_SHOTS=<dir>.
 */
import { expect, test } from './fixtures/fixtures';

const shots = process.env.KUEUE_SHOTS;

test('Kueue 1 · the reclaim of a borrowing Workload, in words', async ({ app, decisionLog, page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=kueue-1&session=1', 30_000);
  await page.getByRole('button', { name: 'Next session' }).click();
  await app.waitForSession();

  await app.decisionsTab.click();
  const evict = await decisionLog.expand(decisionLog.items('evict').first());
  await expect(evict).toContainText('preempted by serving');
  await expect(evict).toContainText(
    'reclamation within the cohort (InCohortReclamation; reclaimWithinCohort=Any)',
  );
  await expect(evict).toContainText('sweep');
  if (shots !== undefined) await page.screenshot({ path: `${shots}/kueue-decisions-1280x720.png` });

  await page.getByTestId('main-view.queues-tab').click();
  const card = (name: string) =>
    page.getByTestId('queue-tree').locator(`[role="treeitem"][data-queue="${name}"]`);
  for (const name of ['org', 'research', 'prod']) await expect(card(name)).toHaveCount(1);
  if (shots !== undefined) {
    await page.screenshot({ path: `${shots}/kueue-queues-1280x720.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${shots}/kueue-queues-1920x1080.png` });
  }
});
