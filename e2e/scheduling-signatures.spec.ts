/**
 * KAI's scheduling signatures (decision 0353), as a person who switched them on reads them: a pending job that
 * is no easier to schedule than one that already failed in the same action is not tried, and its explanation
 * says so, names the job it was compared with and that job's own reason. Without the setting the same job is
 * tried (its request equals first's, so it has first's outcome, and says that instead).
 */
import { expect, test } from './fixtures/fixtures';

/** n0 is full with a job that cannot be preempted: neither pending job of q can run or preempt anything. */
const scenario = (signatures: boolean) =>
  [
    'version: 1',
    `name: signatures ${signatures ? 'on' : 'off'}`,
    'profile: kai',
    'scheduler:',
    '  actions: [allocate, preempt]',
    `  useSchedulingSignatures: ${signatures}`,
    'nodes: [{ name: n0, resources: { gpu: 2, cpu: 64 } }]',
    'queues: [{ name: q, resources: { gpu: { quota: 8 } } }]',
    'jobs:',
    '  - name: hold',
    '    queue: q',
    '    priorityClassName: inference',
    '    resources: { gpu: 1, cpu: 2 }',
    '    tasks: [{ status: Running, node: n0 }, { status: Running, node: n0 }]',
    '  - { name: first, queue: q, priorityClassName: build-preemptible, submitAt: -6s, resources: { gpu: 1, cpu: 2 } }',
    '  - { name: second, queue: q, priorityClassName: build-preemptible, submitAt: -5s, resources: { gpu: 1, cpu: 2 } }',
    '',
  ].join('\n');

test('with scheduling signatures a job like one that failed is not tried, and its explanation says why', async ({
  app,
  editor,
  jobsTable,
  page,
}) => {
  await app.open('?scenario=welcome');
  await editor.applyScenario(app.editButton, scenario(true));
  await app.waitForSession();
  await jobsTable.row('second').click();
  await app.decisionsTab.click();
  const log = page.getByTestId('decision-log');
  await expect(log).toContainText(
    'Not tried: not easier to schedule than first, which failed in this action',
  );
  await expect(log).toContainText("KAI's scheduling signatures skip it");

  await editor.applyScenario(app.editButton, scenario(false));
  await app.waitForSession();
  await app.jobsTab.click();
  await jobsTable.row('second').click();
  await app.decisionsTab.click();
  // Tried: the same request as first's has first's outcome, said as such (not a signature skip).
  await expect(log).toContainText('preempt for second: failed');
  await expect(log).toContainText('Same request from the same queue as first, and nothing changed since');
  await expect(log).not.toContainText('Not tried: not easier to schedule');
});
