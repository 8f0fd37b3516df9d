/**
 * KAI time-based fair share, from the gallery: step to the session where team-b takes over from team-a and
 * read, in the queue's details and the tree's tooltip, the usage and the penalty the engine computed.
 * Screenshot for review: TIME_AWARE_SHOTS=<dir>.
 */
import { expect, test } from './fixtures/viewsFixtures';

const shots = process.env.TIME_AWARE_SHOTS;

test('time-aware pair: the queue that used the cluster is penalised, and the other takes over', async ({
  app,
  runControls,
  queueTree,
  jobsTable,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  await app.scenarioButton.click();
  await page.getByTestId('gallery.time-aware-on').click();
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

  // Without usage history, the twin gives 8 / 8 and no explanation.
  await app.scenarioButton.click();
  await page.getByTestId('gallery.time-aware-off').click();
  await expect.poll(async () => (await app.searchParams()).get('scenario')).toBe('time-aware-off');
  await app.waitForSession();
  await expect(app.lessonTitle).toContainText('Time-aware fair share · Off');
  await queueTree.tab.click();
  await queueTree.card('team-b').click();
  await expect(page.getByTestId('inspector.queue')).toContainText('Queue team-b');
  await expect(page.getByTestId('inspector.queue.timeAware')).toHaveCount(0);
});
