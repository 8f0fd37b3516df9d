import { expect, test } from './fixtures/fixtures';

test('selecting a job highlights it in the table, the details panel and the decision log', async ({
  app,
  jobsTable,
  inspector,
  decisionLog,
  runControls,
}) => {
  await app.open('?scenario=welcome');
  await jobsTable.row('train-b').click();
  await expect(jobsTable.row('train-b')).toHaveAttribute('aria-selected', 'true');
  await expect(jobsTable.row('sweep-1')).toHaveAttribute('aria-selected', 'false');
  await expect(inspector.job).toHaveAttribute('data-job', 'train-b');
  await expect(inspector.pendingExplanation).toHaveAttribute('data-code', 'victims-protected');
  await expect(inspector.pendingExplanation).toContainText('Why is train-b still pending?');
  await expect(inspector.pendingExplanation).toContainText('the victims are protected by min-runtime');

  await app.decisionsTab.click();
  await expect(decisionLog.pendingExplanation).toContainText('Why is train-b still pending?');

  await runControls.nextEviction.click();
  await app.waitForSession();
  // The eviction made room for the selected job, so it is highlighted too.
  const eviction = decisionLog.items('evict');
  await expect(eviction).toHaveAttribute('data-highlighted', 'true');
  await expect(decisionLog.items('bind')).toHaveCount(0);
  // Its tasks are pipelined now: it waits for the evicted pods to release the node.
  await expect(decisionLog.pendingExplanation).toHaveAttribute('data-code', 'waiting-for-release');
  await expect(inspector.job).toContainText('Pipelined 2 tasks of train-b');

  await app.page.keyboard.press('Escape');
  await expect(app.page.getByTestId('inspector.empty')).toBeVisible();
  await expect.poll(async () => (await app.searchParams()).get('job')).toBeNull();
});

test('sorting and filtering the jobs table', async ({ app, jobsTable }) => {
  await app.open('?scenario=welcome');
  await expect(jobsTable.rows()).toHaveCount(5);
  await jobsTable.filter.fill('sweep');
  await expect(jobsTable.rows()).toHaveCount(3);
  await jobsTable.filter.fill('');
  await app.page.getByTestId('jobs-table.status.protected').click();
  await expect(jobsTable.rows()).toHaveCount(3);
  await app.page.getByTestId('jobs-table.status.all').click();
  await jobsTable.sortBy('reclaim').click();
  await expect(jobsTable.rows().first()).toHaveAttribute('data-job', 'sweep-1');
  // Descending: unprotected jobs (by name) first, then the most protection left.
  await jobsTable.sortBy('reclaim').click();
  await expect(jobsTable.rows().first()).toHaveAttribute('data-job', 'serving-a');
  await expect(jobsTable.rows().last()).toHaveAttribute('data-job', 'sweep-1');
});
