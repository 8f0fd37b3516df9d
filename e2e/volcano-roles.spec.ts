import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/fixtures';

// Issue 21 (docs §26): a Volcano job's task roles. The job inspector lists each role's running tasks against
// its minTaskMember, and its attempts say in words that a role's pod fit no node and allocate went on.

const VR2 = readFileSync(
  new URL('../conformance/volcano/VR-2-allocate-role-continue-until-min-member.yaml', import.meta.url),
  'utf8',
);

test('the job inspector shows running/min per role, and the trace names the failed role', async ({
  app,
  editor,
  jobsTable,
  page,
}) => {
  await app.open('?scenario=welcome');
  await app.editButton.click();
  await editor.replaceText(VR2);
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await app.jobsTab.click();
  // The jobs table's Roles column: each role's running tasks against its minTaskMember.
  await expect(jobsTable.row('pg1').getByTestId('jobs-table.role')).toHaveText(['master 1/1', 'worker 1/1']);
  await jobsTable.row('pg1').click();
  const rows = page.getByTestId('inspector.role-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('master');
  await expect(rows.nth(0)).toContainText('1 / 1');
  await expect(rows.nth(1)).toContainText('worker');
  await expect(rows.nth(1)).toContainText('1 / 1');
  await expect(page.getByTestId('inspector.job')).toContainText(
    'allocate went on past no node fits p1 (role master)',
  );
});
