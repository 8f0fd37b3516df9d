/**
 * KAI time-based fair share, from the gallery: step to the session where team-b takes over from team-a and
 * read, in the queue's details and the tree's tooltip, the usage and the penalty the engine computed.
 * Screenshot for review: TIME_AWARE_SHOTS=<dir>.
 */
import { WorkshopPanel } from './fixtures/WorkshopPanel';
import { expect, test } from './fixtures/viewsFixtures';

const shots = process.env.TIME_AWARE_SHOTS;

test('time-aware: the queue that used the cluster is penalised, the other takes over, and the variant without usage keeps team-a on', async ({
  app,
  runControls,
  queueTree,
  jobsTable,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  await app.scenarioButton.click();
  await page.getByTestId('gallery.time-aware').click();
  await expect(app.lessonTitle).toContainText('Time-aware fair share');
  await app.waitForSession();

  // Session 1 (t=0): no history yet; a-1 takes the cluster. Step to session 7 (t=60s), when it completes.
  await runControls.expectSession(1);
  await app.jobsTab.click();
  await expect(jobsTable.row('a-1')).toContainText('Running');
  for (let i = 2; i <= 7; i++) {
    await runControls.stepForward.click();
    await runControls.expectSession(i);
  }
  await expect(runControls.time).toContainText('1m');
  await expect(jobsTable.row('b-1')).toContainText('Running');

  // The explanation: team-a held the whole cluster, its weight 0.50 becomes 0.25 (kValue 0.5), fair share 4.
  await queueTree.tab.click();
  await queueTree.card('team-a').click();
  const a = page.getByTestId('inspector.queue.timeAware');
  await expect(a).toContainText('Time-aware fair share (usage history, kValue 0.5)');
  await expect(a).toContainText(
    'GPU: used 100.0% of the cluster over the usage window, so its over-quota weight 0.50 becomes 0.25 = max(0, 0.50 + 0.5 × (0.50 − 1.00)); fair share 4 (8 without usage history).',
  );
  await queueTree.card('team-b').click();
  await expect(page.getByTestId('inspector.queue.timeAware')).toContainText(
    'GPU: used 0.0% of the cluster over the usage window, so its over-quota weight 0.50 becomes 0.75 = max(0, 0.50 + 0.5 × (0.50 − 0.00)); fair share 12 (8 without usage history).',
  );
  // The tree's hover card says the same.
  await queueTree.card('team-a').hover();
  await expect(page.getByRole('tooltip')).toContainText('over-quota weight 0.50 becomes 0.25');
  if (shots !== undefined) await page.screenshot({ path: `${shots}/time-aware-1280x720.png` });

  // The variant without-usage (kValue 0) in the Workshop: the fair share stays 8 / 8 and team-a keeps the
  // cluster; the two part at session 7 (t=60s).
  const w = new WorkshopPanel(page);
  await w.tab.click();
  await w.variantA.selectOption('base');
  await w.variantB.selectOption('without-usage');
  await w.compare.click();
  await expect(w.divergence).toContainText(
    'first divergence: session 7, b-1 bound on node0 in A, not in B; a-2 bound on node0 in B, not in A',
    { timeout: 30_000 },
  );
  await expect(w.cursor).toContainText('Session 7 of 49');
  await expect(w.figure('A', 'queues')).toContainText('team-b: 16 / 12');
  await expect(w.figure('B', 'queues')).toContainText('team-a: 16 / 8');
  await expect(w.figure('B', 'queues')).toContainText('team-b: 0 / 8 (4) below its share');
});
