/**
 * KAI subgroups (§22): a job whose root needs one of two subgroup sets; the job inspector lists the tree with
 * what the engine placed against each minimum. Screenshot for review: SUBGROUP_SHOTS=<dir>.
 */
import { expect, test } from './fixtures/fixtures';

const shots = process.env.SUBGROUP_SHOTS;

const SCENARIO = `version: 1
name: Subgroups in the inspector
profile: kai
nodes: [{name: n0, resources: {gpu: 2}}]
queues: [{name: q}]
jobs:
  - name: train
    queue: q
    minSubGroup: 1
    resources: {gpu: 1}
    subGroups:
      - {name: group-a}
      - {name: a1, parent: group-a, minMember: 1}
      - {name: a2, parent: group-a, minMember: 1}
      - {name: group-b}
      - {name: b1, parent: group-b, minMember: 1}
    tasks: [{subGroup: a1}, {subGroup: a2}, {subGroup: b1}]
run: {sessions: 1}
`;

test('the job inspector shows the subgroup tree the engine counted', async ({
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
  await jobsTable.row('train').click();
  await expect(inspector.job).toHaveAttribute('data-job', 'train');
  const rows = page.getByTestId('inspector.subgroup');
  await expect(rows).toHaveCount(6);
  // group-a (first in order) takes the node's two GPUs; group-b waits; the pod group needs only one.
  await expect(rows.nth(0)).toHaveText('pod group: 1 of minSubGroup 1 subgroups satisfied — at its minimum');
  await expect(rows.nth(1)).toHaveText('group-a: 2 of minSubGroup 2 subgroups satisfied — at its minimum');
  await expect(rows.nth(2)).toHaveText('a1: 1 running of minMember 1 (1 task) — at its minimum');
  await expect(rows.nth(3)).toHaveText('a2: 1 running of minMember 1 (1 task) — at its minimum');
  await expect(rows.nth(4)).toHaveText('group-b: 0 of minSubGroup 1 subgroups satisfied — below its minimum');
  await expect(rows.nth(5)).toHaveText('b1: 0 running of minMember 1 (1 task) — below its minimum');
  await expect(rows.nth(5)).toHaveAttribute('data-satisfied', 'false');
  if (shots) await page.screenshot({ path: `${shots}/subgroups-inspector.png` });
});
