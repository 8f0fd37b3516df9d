/**
 * Tasks that start Succeeded (§5, decision 0330): a gang with one pod finished and two running is not stale
 * (KAI job_info.go:495-497), so a 0s grace period evicts nothing; the jobs table and the job inspector say how
 * many pods succeeded and list each one Succeeded on no node. Screenshot for review: SUCCEEDED_SHOTS=<dir>.
 */
import { expect, test } from './fixtures/fixtures';

const shots = process.env.SUCCEEDED_SHOTS;

const SCENARIO = `version: 1
name: A gang with a finished pod
profile: kai
scheduler: {stalenessGracePeriod: 0s}
nodes: [{name: n0, resources: {gpu: 2}}]
queues: [{name: q}]
jobs:
  - name: train
    queue: q
    minAvailable: 3
    resources: {gpu: 1}
    tasks: [{status: Succeeded}, {status: Running, node: n0}, {status: Running, node: n0}]
  - name: done
    queue: q
    tasks: [{status: Succeeded}]
run: {sessions: 1}
`;

test('a partly succeeded gang keeps running and shows its succeeded pods', async ({
  app,
  editor,
  jobsTable,
  inspector,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  await editor.applyScenario(app.editButton, SCENARIO);
  await app.waitForSession();
  await app.jobsTab.click();
  await expect(jobsTable.row('train')).toContainText('Running');
  await expect(jobsTable.row('train')).toContainText('2/3/3 tasks · 1 succeeded');
  await expect(jobsTable.row('done')).toContainText('Succeeded');
  await expect(jobsTable.row('done')).not.toContainText('succeeded');
  await jobsTable.row('train').click();
  await expect(inspector.job).toHaveAttribute('data-job', 'train');
  await expect(page.getByTestId('inspector.tasks')).toContainText(
    'Tasks: 2 running, 0 pipelined, 0 pending, 0 releasing, 1 succeeded of 3 (minAvailable 3)',
  );
  const tasks = inspector.job.getByRole('table', { name: 'Tasks of train' }).getByRole('row');
  await expect(tasks.nth(1)).toHaveText('train-0Succeeded—');
  await expect(tasks.nth(2)).toHaveText('train-1Runningn0');
  await expect(inspector.job).toContainText('No decision about this job.');
  if (shots) await page.screenshot({ path: `${shots}/succeeded-1280.png` });
  if (shots) {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${shots}/succeeded-1920.png` });
  }
});
