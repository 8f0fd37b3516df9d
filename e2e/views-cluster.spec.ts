/**
 * The cluster map follows the trace from session to session, and selection links it to the other views.
 */
import { expect, test } from './fixtures/viewsFixtures';

test('stepping changes cell states as the trace says (design doc example 1)', async ({
  app,
  clusterMap,
  runControls,
  page,
}) => {
  await app.open('?scenario=lca-1&session=1');
  await clusterMap.tab.click();
  // Session 1: both victims run, protected; the reclaimer waits.
  await expect(clusterMap.canvas).toHaveAttribute(
    'aria-label',
    '1 node, 2 GPUs · after the session: 2 running · 0 idle',
  );
  const cells = [await clusterMap.focusCell(0), await clusterMap.focusCell(1)];
  expect(cells.join('\n')).toMatch(
    /task victim1-0, job victim1 · queue leaf3, running, reclaim protection: 1s left of 1m/,
  );
  const victim2Cell = cells.findIndex((c) => c.includes('victim2-0'));
  expect(victim2Cell).toBeGreaterThanOrEqual(0);

  // Session 2: victim2 is evicted (releasing) and the reclaimer is pipelined onto its GPU.
  await runControls.stepForward.click();
  await app.waitForSession();
  // The reclaimer's pipelined GPU counts (the cell count read "0 pipelined": the releasing task won the cell).
  await expect(clusterMap.canvas).toHaveAttribute(
    'aria-label',
    '1 node, 2 GPUs · after the session: 1 running · 1 pipelined · 1 releasing · 0 idle',
  );
  expect(await clusterMap.focusCell(victim2Cell)).toMatch(
    /task victim2-0, job victim2 · queue leaf3, releasing, also: reclaimer-0 \(pipelined, 1\)/,
  );

  // Session 3: the GPU is released and the reclaimer runs on it.
  await runControls.stepForward.click();
  await app.waitForSession();
  await expect(clusterMap.canvas).toHaveAttribute(
    'aria-label',
    '1 node, 2 GPUs · after the session: 2 running · 0 idle',
  );
  expect(await clusterMap.focusCell(victim2Cell)).toMatch(
    /task reclaimer-0, job reclaimer · queue leaf1, running/,
  );

  // Enter on a cell selects its job everywhere.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await app.state())?.selectedJob).toBe('reclaimer');
  await expect(clusterMap.focus).toHaveText('Job reclaimer is highlighted.');
});

test('selecting anywhere highlights everywhere: tree card, jobs table, map, details', async ({
  app,
  clusterMap,
  queueTree,
  jobsTable,
  page,
}) => {
  await app.open('?scenario=lca-1&session=2');
  // A job in the jobs table: its queue is outlined on the tree, its cells on the map.
  await jobsTable.row('victim1').click();
  await queueTree.tab.click();
  await expect(queueTree.card('leaf3')).toHaveAttribute('data-highlighted', '');
  await expect(queueTree.card('leaf1')).not.toHaveAttribute('data-highlighted', '');
  await clusterMap.tab.click();
  await expect(clusterMap.focus).toHaveText('Job victim1 is highlighted.');

  // A queue on the tree: the details show it, the map highlights its leaves, the URL names it.
  await queueTree.tab.click();
  await queueTree.card('d').click();
  await expect(queueTree.card('d')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('inspector.queue')).toContainText('Queue d');
  await expect.poll(async () => (await app.searchParams()).get('queue')).toBe('d');
  await clusterMap.tab.click();
  await expect(clusterMap.focus).toHaveText('Queue d is highlighted.');

  // Back on the jobs tab nothing is selected as a job.
  await app.jobsTab.click();
  await expect(jobsTable.row('victim1')).toHaveAttribute('aria-selected', 'false');

  // A job picked on the map is the jobs table's selection too.
  await clusterMap.tab.click();
  const first = await clusterMap.focusCell(0);
  if (!first.includes('job victim1')) await clusterMap.focusCell(1);
  await page.keyboard.press('Enter');
  await app.jobsTab.click();
  await expect(jobsTable.row('victim1')).toHaveAttribute('aria-selected', 'true');
});
